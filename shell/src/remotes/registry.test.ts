import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { sdkVersion as hostSdkVersion } from '@console/shared-sdk';
import {
  ensureRemoteLoaded,
  loadRemotes,
  registryStore,
  resetRemotes,
  retryRemote,
  titleFromName,
} from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const [major, minor] = hostSdkVersion.split('.').map(Number) as [number, number];
const description = (requires = `^${hostSdkVersion}`) => ({
  title: 'Equipment',
  requires,
  routes: [{ path: '/dashboard/supplier', title: 'Suppliers', subject: 'Supplier', siteScoped: true }],
  menu: [
    {
      title: 'Suppliers',
      path: '/dashboard/supplier',
      subject: 'Supplier',
      section: 'Equipment',
      icon: 'suppliers',
    },
  ],
});
const routesModule = { screens: { '/dashboard/supplier': () => null } };

/** A server answering /remotes.json and each remote.json from `files` (path → body), 404 otherwise. */
function server(files: Record<string, unknown>) {
  return jest.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    return pathname in files
      ? new Response(JSON.stringify(files[pathname]), { status: 200 })
      : new Response('not found', { status: 404 });
  }) as unknown as typeof fetch;
}
const equipmentListing = { 'mfe-equipment': '/remotes/mfe-equipment/mf-manifest.json' };
const remote = (index = 0) => registryStore.getState().remotes[index];

beforeEach(() => {
  jest.mocked(registerRemotes).mockReset();
  jest.mocked(loadRemote).mockReset();
  localStorage.clear();
  resetRemotes();
});

test('after sign-in only the descriptions are read: no remote code loads until a route opens', async () => {
  const fetchImpl = server({
    '/remotes.json': equipmentListing,
    '/remotes/mfe-equipment/remote.json': description(),
  });
  await loadRemotes(fetchImpl);
  expect(remote()).toMatchObject({ status: 'described', title: 'Equipment' });
  expect(remote()?.metadata?.menu[0]?.title).toBe('Suppliers');
  expect(registerRemotes).not.toHaveBeenCalled();
  expect(loadRemote).not.toHaveBeenCalled();

  jest.mocked(loadRemote).mockResolvedValue(routesModule);
  await Promise.all([ensureRemoteLoaded('mfe-equipment'), ensureRemoteLoaded('mfe-equipment')]);
  expect(registerRemotes).toHaveBeenCalledWith(
    [{ name: 'mfe_equipment', entry: '/remotes/mfe-equipment/mf-manifest.json' }],
    { force: false },
  );
  expect(loadRemote).toHaveBeenCalledTimes(1);
  expect(loadRemote).toHaveBeenCalledWith('mfe_equipment/routes');
  expect(remote()).toMatchObject({ status: 'ready', module: routesModule });
});

test('a remote that needs a newer SDK minor is never loaded and says which console it needs', async () => {
  await loadRemotes(
    server({
      '/remotes.json': equipmentListing,
      '/remotes/mfe-equipment/remote.json': description(`^${major}.${minor + 1}.0`),
    }),
  );
  expect(remote()?.status).toBe('incompatible');
  expect(remote()?.error).toBe(
    `Equipment needs SDK ${major}.${minor + 1} or newer; this console has SDK ${hostSdkVersion}. Ask your administrator to update the console.`,
  );
  await ensureRemoteLoaded('mfe-equipment');
  expect(loadRemote).not.toHaveBeenCalled();
});

test('a remote whose description cannot be read is named from its key, and a retry reads it again', async () => {
  const files: Record<string, unknown> = { '/remotes.json': equipmentListing };
  await loadRemotes(server(files));
  expect(remote()).toMatchObject({ status: 'failed', title: 'Equipment' });
  expect(remote()?.metadata).toBeUndefined();
  expect(remote()?.error).toContain('answered 404');

  files['/remotes/mfe-equipment/remote.json'] = description();
  await retryRemote('mfe-equipment', server(files));
  expect(remote()).toMatchObject({ status: 'described', error: undefined });
});

test('a description that is not one (a menu entry without a route) counts as a failure of its build', async () => {
  const broken = description();
  broken.menu[0]!.path = '/dashboard/elsewhere';
  await loadRemotes(
    server({ '/remotes.json': equipmentListing, '/remotes/mfe-equipment/remote.json': broken }),
  );
  expect(remote()).toMatchObject({ status: 'failed', invalidDescription: true });
  expect(remote()?.error).toContain('menu.0.path: /dashboard/elsewhere is not one of the remote');
});

test('a subject no SDK has compiled in (a new domain) is described like any other', async () => {
  const allergens = description();
  allergens.routes[0]!.subject = 'Allergen';
  allergens.menu[0]!.subject = 'Allergen';
  await loadRemotes(
    server({ '/remotes.json': equipmentListing, '/remotes/mfe-equipment/remote.json': allergens }),
  );
  expect(remote()?.status).toBe('described');
});

test('code that fails to load keeps its error while retrying, and a retry can bring it back', async () => {
  await loadRemotes(
    server({
      '/remotes.json': { ...equipmentListing, 'mfe-logs': '/logs/mf-manifest.json' },
      '/remotes/mfe-equipment/remote.json': description(),
      '/logs/remote.json': { ...description(), title: 'Logs' },
    }),
  );
  jest
    .mocked(loadRemote)
    .mockRejectedValue(new Error('[ Federation Runtime ]: Failed to get manifest.\nstack'));
  await ensureRemoteLoaded('mfe-logs');
  expect(remote(1)).toMatchObject({
    status: 'failed',
    error: '[ Federation Runtime ]: Failed to get manifest.',
  });
  expect(remote(0)?.status).toBe('described');

  let answer: (value: unknown) => void = () => undefined;
  jest.mocked(loadRemote).mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const retrying = retryRemote('mfe-logs');
  expect(remote(1)).toMatchObject({ status: 'loading', error: expect.stringContaining('manifest') });
  answer(routesModule);
  await retrying;
  expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_logs', entry: '/logs/mf-manifest.json' }], {
    force: true,
  });
  expect(remote(1)).toMatchObject({ status: 'ready', error: undefined });
});

test('without a remotes listing the console runs with its own screens', async () => {
  await loadRemotes(server({}));
  expect(registryStore.getState()).toMatchObject({ listed: true, remotes: [], overrides: [] });
});

test('the listing as this console answers it: its remotes beside the console’s SDK version', async () => {
  await loadRemotes(
    server({
      '/remotes.json': { console: { sdkVersion: hostSdkVersion }, remotes: equipmentListing },
      '/remotes/mfe-equipment/remote.json': description(),
    }),
  );
  expect(registryStore.getState().remotes).toEqual([
    expect.objectContaining({ name: 'mfe-equipment', status: 'described', title: 'Equipment' }),
  ]);
});

describe('a developer’s override in this browser', () => {
  const devEntry = 'http://localhost:3010/mf-manifest.json';
  const files = (console: Record<string, unknown>) => ({
    '/remotes.json': { console, remotes: equipmentListing },
    '/remotes/mfe-equipment/remote.json': description(),
    '/mf-manifest.json': {},
    '/remote.json': { ...description(), title: 'Equipment (dev)' },
  });
  beforeEach(() =>
    localStorage.setItem('console.remoteOverrides', JSON.stringify({ 'mfe-equipment': devEntry })),
  );

  test('replaces the listed remote when the console accepts overrides from its origin', async () => {
    const fetchImpl = server(files({ remoteOverrideOrigins: ['http://localhost:*'] }));
    await loadRemotes(fetchImpl);
    expect(remote()).toMatchObject({ entry: devEntry, title: 'Equipment (dev)', status: 'described' });
    expect(fetchImpl).toHaveBeenCalledWith('http://localhost:3010/remote.json', { cache: 'no-cache' });
    expect(registryStore.getState().overrides).toEqual([
      { name: 'mfe-equipment', entry: devEntry, applied: true },
    ]);

    jest.mocked(loadRemote).mockResolvedValue(routesModule);
    await ensureRemoteLoaded('mfe-equipment');
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_equipment', entry: devEntry }], {
      force: false,
    });
  });

  test('is kept but not used where the console accepts none (a production console)', async () => {
    await loadRemotes(server(files({})));
    expect(remote()).toMatchObject({ entry: '/remotes/mfe-equipment/mf-manifest.json', status: 'described' });
    expect(registryStore.getState().overrides).toEqual([
      { name: 'mfe-equipment', entry: devEntry, applied: false },
    ]);
  });

  test('is not used with a listing of the earlier shape, which cannot say it accepts any', async () => {
    await loadRemotes(server({ ...files({}), '/remotes.json': equipmentListing }));
    expect(remote()?.entry).toBe('/remotes/mfe-equipment/mf-manifest.json');
  });

  test('may add a remote the listing does not have', async () => {
    localStorage.setItem('console.remoteOverrides', JSON.stringify({ 'mfe-allergens': devEntry }));
    await loadRemotes(server(files({ remoteOverrideOrigins: ['http://localhost:*'] })));
    expect(registryStore.getState().remotes.map((r) => [r.name, r.entry])).toEqual([
      ['mfe-equipment', '/remotes/mfe-equipment/mf-manifest.json'],
      ['mfe-allergens', devEntry],
    ]);
  });
});

test('Module Federation refusing a shared SDK version makes the remote incompatible, in words', async () => {
  await loadRemotes(
    server({ '/remotes.json': equipmentListing, '/remotes/mfe-equipment/remote.json': description() }),
  );
  jest
    .mocked(loadRemote)
    .mockRejectedValue(
      new Error(
        `[ Federation Runtime ]: Version ${hostSdkVersion} from shell of shared singleton module @console/shared-sdk does not satisfy the requirement of undefined which needs ^${major}.${minor + 1}.0)`,
      ),
    );
  await ensureRemoteLoaded('mfe-equipment');
  expect(remote()).toMatchObject({
    status: 'incompatible',
    error: `Equipment needs SDK ${major}.${minor + 1} or newer; this console has SDK ${hostSdkVersion}. Ask your administrator to update the console.`,
  });
});

test('names made from a key read as words', () => {
  expect(titleFromName('mfe-equipment')).toBe('Equipment');
  expect(titleFromName('mfe-food-safety')).toBe('Food safety');
});
