import { render } from '@testing-library/react';
import { useDocumentTitle } from './document-title.js';

function Frame({ guess, children }: { guess: string; children?: React.ReactNode }) {
  useDocumentTitle(guess, { fallback: true });
  return <>{children}</>;
}
function Screen({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

afterEach(() => {
  document.title = '';
});

test('the tab names the screen, then the console', () => {
  const { unmount } = render(<Screen title="Suppliers" />);
  expect(document.title).toBe('Suppliers · Compliance Console');
  unmount();
  expect(document.title).toBe('Compliance Console');
});

test('a screen’s own title wins over the frame’s guess, whichever effect runs last', () => {
  const { rerender } = render(
    <Frame guess="Equipment">
      <Screen title="Supplier types" />
    </Frame>,
  );
  expect(document.title).toBe('Supplier types · Compliance Console');
  // The screen goes (a remote screen that names nothing): the frame's guess is what is left.
  rerender(<Frame guess="Fridges" />);
  expect(document.title).toBe('Fridges · Compliance Console');
});

test('moving to another screen renames the tab', () => {
  const { rerender } = render(<Screen title="Sites" />);
  rerender(<Screen title="Profile" />);
  expect(document.title).toBe('Profile · Compliance Console');
});
