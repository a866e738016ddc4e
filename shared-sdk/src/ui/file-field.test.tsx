import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import type { FieldDeclaration, FileFieldDeclaration, FileFieldValue, StoredFile } from './declarations.js';
import { FieldInput } from './FieldInput.js';
import { storedFiles } from './files.js';

const context = { siteID: null, timeZone: 'UTC' };

/** A field with its value held, as a form holds it; `changes` sees every value handed out. */
function renderFileField(field: FileFieldDeclaration, initial: readonly (File | StoredFile)[] = []) {
  const changes = jest.fn();
  function Owner() {
    const [value, setValue] = useState<unknown>(initial);
    return (
      <FieldInput
        field={field}
        id="photos"
        value={value}
        onChange={(next) => {
          setValue(next);
          changes(next);
        }}
        onBlur={() => undefined}
        error={undefined}
        errors={{}}
        disabled={false}
        context={context}
      />
    );
  }
  const { container } = render(<Owner />);
  // The browser's own file input is hidden behind the "Choose" button, as a real user reaches it.
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  // Accept lists are the component's to apply, so the test hands it every file, like a drop does.
  const user = userEvent.setup({ applyAccept: false });
  return { changes, input, user };
}

const png = (name: string, bytes = 4) => new File(['x'.repeat(bytes)], name, { type: 'image/png' });

beforeEach(() => {
  let previews = 0;
  URL.createObjectURL = jest.fn(() => `blob:preview-${++previews}`);
  URL.revokeObjectURL = jest.fn();
});

describe('the image and file field', () => {
  it('shows a button to choose images, what it accepts, and the chosen image as a thumbnail', async () => {
    const { input, user, changes } = renderFileField({
      kind: 'image',
      name: 'photos',
      label: 'Photos',
      multiple: true,
    });
    const group = screen.getByRole('group', { name: 'Photos' });
    const choose = within(group).getByRole('button', { name: 'Choose images' });
    expect(choose).toHaveAccessibleDescription('JPEG, PNG, WebP or GIF, at most 10 MB each.');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');

    const crate = png('crate.png');
    await user.upload(input, crate);
    expect(changes).toHaveBeenLastCalledWith([crate]);
    expect(within(group).getByRole('img', { name: 'Preview of crate.png' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(within(group).getByRole('list', { name: 'Photos' })).toHaveTextContent('crate.png');
  });

  it('refuses a file of another type or over the size limit with a message, and keeps the others', async () => {
    const { input, user, changes } = renderFileField({
      kind: 'image',
      name: 'photos',
      label: 'Photos',
      multiple: true,
      maxBytes: 1024,
    });
    const ok = png('ok.png', 10);
    await user.upload(input, [
      new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }),
      png('huge.png', 2048),
      ok,
    ]);
    expect(changes).toHaveBeenLastCalledWith([ok]);
    const choose = screen.getByRole('button', { name: 'Choose images' });
    expect(choose).toHaveAccessibleDescription(
      'invoice.pdf is not a JPEG, PNG, WebP or GIF file. huge.png is larger than 1 KB.',
    );
    expect(screen.queryByText('invoice.pdf', { selector: 'li *' })).not.toBeInTheDocument();
  });

  it('uses the API limit of 10 MB when the declaration sets none', async () => {
    const { input, changes } = renderFileField({ kind: 'file', name: 'manual', label: 'Manual' });
    const big = new File(['x'], 'manual.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(changes).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveAccessibleDescription(
      'manual.pdf is larger than 10 MB.',
    );
  });

  it('removes a file with its own button', async () => {
    const stored: StoredFile = {
      _id: '0190a000-0000-7000-8000-0000000000f1',
      location: 'https://files.example/shelf.jpg',
      key: 'org/shelf.jpg',
      originalName: 'shelf.jpg',
      contentType: 'image/jpeg',
      size: 2048,
    };
    const { input, user, changes } = renderFileField(
      { kind: 'image', name: 'photos', label: 'Photos', multiple: true },
      [stored],
    );
    // An already stored image shows from where it is stored.
    expect(screen.getByRole('img', { name: 'Preview of shelf.jpg' })).toHaveAttribute(
      'src',
      'https://files.example/shelf.jpg',
    );
    const crate = png('crate.png');
    await user.upload(input, crate);
    expect(changes).toHaveBeenLastCalledWith([stored, crate]);

    await user.click(screen.getByRole('button', { name: 'Remove shelf.jpg' }));
    expect(changes).toHaveBeenLastCalledWith([crate]);
    expect(screen.queryByRole('img', { name: 'Preview of shelf.jpg' })).not.toBeInTheDocument();
    expect(storedFiles([stored, crate])).toEqual([stored]);
  });

  it('keeps one file when single: a new choice replaces it', async () => {
    const { input, user, changes } = renderFileField({ kind: 'image', name: 'logo', label: 'Logo' });
    expect(input).not.toHaveAttribute('multiple');
    const first = png('first.png');
    const second = png('second.png');
    await user.upload(input, first);
    await user.upload(input, second);
    expect(changes).toHaveBeenLastCalledWith([second]);
    expect(screen.getByRole('button', { name: 'Choose an image' })).toBeInTheDocument();
  });

  it('adds no more than maxFiles and says how many were left out', async () => {
    const { input, user, changes } = renderFileField({
      kind: 'image',
      name: 'photos',
      label: 'Photos',
      multiple: true,
      maxFiles: 2,
    });
    const files = [png('a.png'), png('b.png'), png('c.png')];
    await user.upload(input, files);
    expect(changes).toHaveBeenLastCalledWith(files.slice(0, 2));
    expect(screen.getByText('At most 2 files: 1 not added.')).toBeInTheDocument();
  });

  it('takes files dropped on it', () => {
    const { changes } = renderFileField({ kind: 'file', name: 'docs', label: 'Documents', multiple: true });
    const doc = new File(['text'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(screen.getByText('or drop them here'), { dataTransfer: { files: [doc] } });
    expect(changes).toHaveBeenLastCalledWith([doc]);
  });
});

describe('declaring a file field', () => {
  it('is allowed for a value of files and refused for any other value', () => {
    type Delivery = { note: string; photos: FileFieldValue };
    const fields: FieldDeclaration<Delivery>[] = [
      { kind: 'text', name: 'note', label: 'Note' },
      { kind: 'image', name: 'photos', label: 'Photos', multiple: true, maxFiles: 5 },
      // @ts-expect-error -- a note is text, not files
      { kind: 'file', name: 'note', label: 'Note' },
    ];
    expect(fields.map((field) => field.kind)).toEqual(['text', 'image', 'file']);
  });
});
