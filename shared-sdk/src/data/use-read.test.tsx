import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { signInAs } from '../testing/index.js';
import { invalidate, type ReadKey, type Reader } from './reads.js';
import { useRead } from './use-read.js';

// The data layer as a screen sees it: what is shown, when the server is asked, and what a mutation's
// `invalidate` refreshes.

interface Asked {
  key: string;
  signal: AbortSignal;
  shown: unknown;
  answer(value: string): void;
  fail(error: Error): void;
}

/** A server whose answers the test gives, one per request, in any order. */
function fakeServer() {
  const asked: Asked[] = [];
  const reader =
    (key: string): Reader<string> =>
    (signal, shown) =>
      new Promise<string>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason));
        asked.push({ key, signal, shown, answer: resolve, fail: reject });
      });
  const last = (key: string) => {
    const found = asked.filter((request) => request.key === key).at(-1);
    if (!found) throw new Error(`${key} was never asked for`);
    return found;
  };
  return { asked, reader, last, count: (key: string) => asked.filter((r) => r.key === key).length };
}

function Shows({
  label,
  readKey,
  reader,
}: {
  label: string;
  readKey: ReadKey | null;
  reader: Reader<string>;
}) {
  const read = useRead(readKey, reader);
  if (read.loading) return <p>{label}: loading</p>;
  if (read.error && read.data === undefined)
    return (
      <p>
        {label}: failed <button onClick={read.reload}>Retry {label}</button>
      </p>
    );
  return (
    <p aria-busy={read.reading}>
      {label}: {read.data ?? 'nothing'}
    </p>
  );
}

const answer = async (request: Asked, value: string) => act(async () => request.answer(value));

test('two screens showing the same read ask the server once and both show its answer', async () => {
  const server = fakeServer();
  render(
    <>
      <Shows
        label="list"
        readKey={['Supplier', 'list', { page: 1, search: '' }]}
        reader={server.reader('a')}
      />
      <Shows
        label="tabs"
        readKey={['Supplier', 'list', { search: '', page: 1 }]}
        reader={server.reader('b')}
      />
    </>,
  );
  expect(screen.getByText('list: loading')).toBeInTheDocument();
  expect(server.asked).toHaveLength(1);
  await answer(server.asked[0]!, 'Fish Co');
  expect(screen.getByText('list: Fish Co')).toBeInTheDocument();
  expect(screen.getByText('tabs: Fish Co')).toBeInTheDocument();
});

test('leaving the screen aborts its read', async () => {
  const server = fakeServer();
  const { unmount } = render(
    <Shows label="view" readKey={['Supplier', 'record', '1']} reader={server.reader('1')} />,
  );
  unmount();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(server.last('1').signal.aborted).toBe(true);
});

test("a new key aborts the old key's read, and the old answer never shows", async () => {
  const server = fakeServer();
  function Chooser() {
    const [id, setId] = useState('1');
    return (
      <>
        <button onClick={() => setId('2')}>Next</button>
        <Shows label="view" readKey={['Supplier', 'record', id]} reader={server.reader(id)} />
      </>
    );
  }
  render(<Chooser />);
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Next' }));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(server.last('1').signal.aborted).toBe(true);
  await answer(server.last('1'), 'record one');
  expect(screen.getByText('view: loading')).toBeInTheDocument();
  await answer(server.last('2'), 'record two');
  expect(screen.getByText('view: record two')).toBeInTheDocument();
});

test('a failure shows where the data would be, and Retry reads again', async () => {
  const server = fakeServer();
  render(<Shows label="view" readKey={['Supplier', 'record', '1']} reader={server.reader('1')} />);
  await act(async () => server.last('1').fail(new Error('offline')));
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry view' }));
  expect(screen.getByText('view: loading')).toBeInTheDocument();
  expect(server.count('1')).toBe(2);
  await answer(server.last('1'), 'record one');
  expect(screen.getByText('view: record one')).toBeInTheDocument();
});

test('invalidate after a mutation refreshes the list and the open view, keeping them on screen meanwhile', async () => {
  const server = fakeServer();
  render(
    <>
      <Shows label="list" readKey={['Supplier', 'list', { page: 1 }]} reader={server.reader('list')} />
      <Shows label="view" readKey={['Supplier', 'record', '1']} reader={server.reader('view')} />
      <Shows label="other" readKey={['Site', 'list']} reader={server.reader('sites')} />
    </>,
  );
  await answer(server.last('list'), 'Fish Co');
  await answer(server.last('view'), 'Fish Co, Brighton');
  await answer(server.last('sites'), 'Brighton');

  await act(async () => invalidate(['Supplier']));
  expect(screen.getByText('list: Fish Co')).toHaveAttribute('aria-busy', 'true');
  expect(server.last('list').shown).toBe('Fish Co');
  await answer(server.last('list'), 'Fish & Co');
  await answer(server.last('view'), 'Fish & Co, Brighton');
  expect(screen.getByText('list: Fish & Co')).toHaveAttribute('aria-busy', 'false');
  expect(screen.getByText('view: Fish & Co, Brighton')).toBeInTheDocument();
  expect(server.count('sites')).toBe(1);
});

test('an answer to an older read never replaces a newer one, and invalidations in one go read once', async () => {
  const server = fakeServer();
  render(<Shows label="list" readKey={['Supplier', 'list']} reader={server.reader('list')} />);
  const first = server.last('list');
  await act(async () => {
    invalidate(['Supplier']);
    invalidate(['Supplier', 'list']);
  });
  expect(server.count('list')).toBe(2);
  const second = server.last('list');
  expect(first.signal.aborted).toBe(true);
  await answer(second, 'after the save');
  await answer(first, 'before the save');
  expect(screen.getByText('list: after the save')).toBeInTheDocument();
});

test('a screen opened again shows the answer it had at once, and reads it again', async () => {
  const server = fakeServer();
  function Toggle() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button onClick={() => setOpen((now) => !now)}>Toggle</button>
        {open && <Shows label="view" readKey={['Supplier', 'record', '1']} reader={server.reader('1')} />}
      </>
    );
  }
  render(<Toggle />);
  await answer(server.last('1'), 'record one');
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Toggle' }));
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Toggle' }));
  expect(screen.getByText('view: record one')).toHaveAttribute('aria-busy', 'true');
  expect(server.count('1')).toBe(2);
  await answer(server.last('1'), 'record one, renamed');
  expect(screen.getByText('view: record one, renamed')).toHaveAttribute('aria-busy', 'false');
});

test('a null key reads nothing', () => {
  const server = fakeServer();
  render(<Shows label="view" readKey={null} reader={server.reader('1')} />);
  expect(screen.getByText('view: nothing')).toBeInTheDocument();
  expect(server.asked).toHaveLength(0);
});

test('another user, or other rights, never see what was read before: the read starts over', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const server = fakeServer();
  render(<Shows label="list" readKey={['Document', 'list']} reader={server.reader('list')} />);
  await answer(server.last('list'), 'every site');
  await act(async () => signInAs('SITE_ADMIN', { siteIds: ['0190a000-0000-7000-8000-0000000000c1'] }));
  expect(screen.getByText('list: loading')).toBeInTheDocument();
  await answer(server.last('list'), 'one site');
  expect(screen.getByText('list: one site')).toBeInTheDocument();
});
