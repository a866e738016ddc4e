import { render, screen } from '@testing-library/react';
import { EmptyState, ErrorState } from './states.js';

// On a right-to-left page an English sentence set in the page's direction loses its full stop to the start
// of the line: the kit's states set their messages in their own direction.
test('an empty state’s and an error state’s messages are set in their own direction', () => {
  render(
    <>
      <EmptyState message="No suppliers yet." />
      <ErrorState message="The suppliers could not be loaded." onRetry={() => undefined} />
    </>,
  );
  for (const text of ['No suppliers yet.', 'The suppliers could not be loaded.'])
    expect(screen.getByText(text).closest('bdi')).toHaveAttribute('dir', 'auto');
});
