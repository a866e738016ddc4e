import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@console/shared-sdk/router';
import { resetBrowserState } from '@console/shared-sdk/testing';
import { LoginPage } from './LoginPage';

beforeEach(() => resetBrowserState());

test('the sign-in page leads to the public pack check, for someone without an account', () => {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Verify an inspection pack' })).toHaveAttribute('href', '/verify');
});
