import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemotes, registryStore, resetRemotes, retryRemote } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const routesModule = {
  routes: [],
  menu: [{ title: 'Suppliers', path: '/dashboard/supplier', subject: 'Supplier', section: 'Equipment' }],
};
const listing = (entries: Record<string, string>) =>
  (async () => new Response(JSON.stringify(entries), { status: 200 })) as unknown as typeof fetch;

beforeEach(() => {
  jest.mocked(registerRemotes).mockReset();
  jest.mocked(loadRemote).mockReset();
  resetRemotes();
});

test('loads each listed remote under its container name', async () => {
  jest.mocked(loadRemote).mockResolvedValue(routesModule);
  await loadRemotes(listing({ 'mfe-equipment': '/remotes/mfe-equipment/mf-manifest.json' }));
  expect(registerRemotes).toHaveBeenCalledWith(
    [{ name: 'mfe_equipment', entry: '/remotes/mfe-equipment/mf-manifest.json' }],
    { force: false },
  );
  expect(loadRemote).toHaveBeenCalledWith('mfe_equipment/routes');
  expect(registryStore.getState().remotes[0]).toMatchObject({ status: 'ready', module: routesModule });
});

test('one remote failing leaves the others working, and a retry can bring it back', async () => {
  jest.mocked(loadRemote).mockImplementation(async (id: string) => {
    if (id.startsWith('mfe_logs')) throw new Error('manifest 404\nstack');
    return routesModule;
  });
  await loadRemotes(listing({ 'mfe-equipment': '/a.json', 'mfe-logs': '/broken.json' }));
  const [equipment, logs] = registryStore.getState().remotes;
  expect(equipment?.status).toBe('ready');
  expect(logs).toMatchObject({ status: 'failed', error: 'manifest 404' });

  jest.mocked(loadRemote).mockResolvedValue(routesModule);
  await retryRemote('mfe-logs');
  expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_logs', entry: '/broken.json' }], {
    force: true,
  });
  expect(registryStore.getState().remotes[1]?.status).toBe('ready');
});

test('a module without routes and menu counts as a failure', async () => {
  jest.mocked(loadRemote).mockResolvedValue({ something: 'else' });
  await loadRemotes(listing({ 'mfe-reports': '/r.json' }));
  expect(registryStore.getState().remotes[0]?.status).toBe('failed');
});

test('without a remotes listing the console runs with its own screens', async () => {
  await loadRemotes((async () => new Response('nope', { status: 404 })) as unknown as typeof fetch);
  expect(registryStore.getState()).toEqual({ listed: true, remotes: [] });
});
