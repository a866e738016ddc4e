import { render, screen } from '@testing-library/react';
import type { AnyFieldDeclaration } from './declarations.js';
import { FormDialog } from './dialogs.js';
import { FieldInput } from './lazy-fields.js';

// Form fields are a chunk of their own (lazy-fields.tsx). Each test file has its own module registry, so
// here the chunk has not been loaded yet: this is a user's first form of the visit.

const fields: AnyFieldDeclaration[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true },
  { kind: 'number', name: 'upperLimit', label: 'Upper limit', unit: '°C' },
];

it('shows the form loading on a first open, then puts the caret in its first field', async () => {
  render(
    <FormDialog<{ name: string; upperLimit: number | null }>
      title="Add fridge"
      fields={fields}
      initial={{ name: '', upperLimit: null }}
      validate={() => ({})}
      save={async () => undefined}
      onSaved={() => undefined}
      onClose={() => undefined}
      context={{ siteID: null, timeZone: 'UTC' }}
      editing={false}
    />,
  );
  expect(screen.getByRole('progressbar', { name: 'Loading the form' })).toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: /Name/ })).toHaveFocus();
  expect(screen.getByRole('textbox', { name: /Upper limit/ })).toBeInTheDocument();
  expect(screen.queryByRole('progressbar', { name: 'Loading the form' })).not.toBeInTheDocument();
});

it('renders a field used on its own (a custom field) once its chunk is in', async () => {
  render(
    <FieldInput
      field={{ kind: 'text', name: 'note', label: 'Note' }}
      id="note"
      value="Door seal checked"
      onChange={() => undefined}
      onBlur={() => undefined}
      error={undefined}
      errors={{}}
      disabled={false}
      context={{ siteID: null, timeZone: 'UTC' }}
      values={{ note: 'Door seal checked' }}
      setField={() => undefined}
    />,
  );
  expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('Door seal checked');
});
