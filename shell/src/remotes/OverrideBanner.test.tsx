import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sdkVersion } from '@console/shared-sdk';
import { OverrideBanner } from './OverrideBanner';
import { storedOverrides } from './overrides';
import { registryStore, resetRemotes } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const dev = 'http://localhost:3010/mf-manifest.json';

beforeEach(() => {
  resetRemotes();
  localStorage.setItem('console.remoteOverrides', JSON.stringify({ 'mfe-allergens': dev }));
});

test('says which remote this browser loads from where, and stops overriding', async () => {
  registryStore.setState({
    overrides: [{ name: 'mfe-allergens', entry: dev, applied: true }],
    overrideOrigins: ['http://localhost:*'],
  });
  const reload = jest.fn();
  render(<OverrideBanner reload={reload} />);
  const banner = screen.getByRole('region', { name: 'Remote overrides' });
  expect(banner).toHaveTextContent(`mfe-allergens is loaded from ${dev}`);
  expect(banner).toHaveTextContent(`Only this browser is affected. This console runs SDK ${sdkVersion}.`);

  await userEvent.click(screen.getByRole('button', { name: 'Stop overriding' }));
  expect(storedOverrides()).toEqual({});
  expect(reload).toHaveBeenCalledTimes(1);
});

test('an override this console does not accept is named as ignored, with what it accepts', () => {
  registryStore.setState({ overrides: [{ name: 'mfe-allergens', entry: dev, applied: false }] });
  const { unmount } = render(<OverrideBanner reload={jest.fn()} />);
  expect(screen.getByRole('region', { name: 'Remote overrides' })).toHaveTextContent(
    'mfe-allergens is not overridden: this console accepts no overrides (its REMOTE_OVERRIDE_ORIGINS setting is empty)',
  );
  unmount();
  registryStore.setState({ overrideOrigins: ['https://*.dev.example.com'] });
  render(<OverrideBanner reload={jest.fn()} />);
  expect(screen.getByRole('region', { name: 'Remote overrides' })).toHaveTextContent(
    'mfe-allergens is not overridden: this console accepts overrides only from https://*.dev.example.com, not from http://localhost:3010',
  );
});

test('without an override there is no banner', () => {
  render(<OverrideBanner reload={jest.fn()} />);
  expect(screen.queryByRole('region', { name: 'Remote overrides' })).toBeNull();
});
