import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import sdkManifest from '@console/shared-sdk/package.json' with { type: 'json' };
import { apiRoot } from '../config/paths.js';

/** name → manifest URL, as the shell reads it from /remotes.json. */
const remotesSchema = z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), z.string().min(1));
export type RemotesMap = z.infer<typeof remotesSchema>;

export interface WebLayout {
  shellDir: string;
  remotes: { name: string; dir: string }[];
  /** The kitchen app's build (`<root>/kitchen/dist`), served at /kitchen/; null when it was not built. */
  kitchenDir: string | null;
}

/**
 * Where the built console lives: `<root>/shell/dist` and `<root>/mfe-*\/dist` (the repository layout, which
 * `npm start` builds). WEB_ROOT points at another folder with the same layout.
 */
export function findWebLayout(webRoot = path.resolve(apiRoot, '..')): WebLayout | null {
  const shellDir = path.join(webRoot, 'shell', 'dist');
  if (!fs.existsSync(path.join(shellDir, 'index.html'))) return null;
  const remotes = fs
    .readdirSync(webRoot)
    .filter((entry) => entry.startsWith('mfe-'))
    .map((name) => ({ name, dir: path.join(webRoot, name, 'dist') }))
    .filter(({ dir }) => fs.existsSync(path.join(dir, 'mf-manifest.json')));
  const kitchenDir = path.join(webRoot, 'kitchen', 'dist');
  return {
    shellDir,
    remotes,
    kitchenDir: fs.existsSync(path.join(kitchenDir, 'index.html')) ? kitchenDir : null,
  };
}

/**
 * The remotes the shell loads: every remote served here, overridden or extended by REMOTES (JSON text), so a
 * team repoints its remote to a new deployment by changing configuration, never by rebuilding the shell.
 */
export function remotesMap(layout: WebLayout | null, override: string | undefined): RemotesMap {
  const served: RemotesMap = Object.fromEntries(
    (layout?.remotes ?? []).map(({ name }) => [name, `/remotes/${name}/mf-manifest.json`]),
  );
  if (!override) return served;
  const parsed = remotesSchema.safeParse(JSON.parse(override));
  if (!parsed.success)
    throw new Error(`REMOTES must be a JSON object of name → manifest URL: ${parsed.error.message}`);
  return { ...served, ...parsed.data };
}

/**
 * Files whose names carry a content hash never change; everything else must be revalidated. `file` is the
 * file sent, which is the build's compressed copy (`main.0123abcd.js.br`) when the client takes one.
 */
function cacheHeaders(reply: FastifyReply, file: string) {
  const hashed = /\.[0-9a-f]{8}\.(js|css)(\.br|\.gz)?$/.test(file);
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the built console. Each file goes as the build's brotli or gzip copy beside it (`.br`, `.gz`, made
 * by the shared webpack config) to a client whose Accept-Encoding takes one, as it is to one that takes
 * neither, with `Vary: Accept-Encoding` either way so a shared cache keeps them apart.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { webRoot?: string; remotes?: string; overrideOrigins?: readonly string[] },
) {
  const layout = findWebLayout(options.webRoot);
  const remotes = remotesMap(layout, options.remotes);
  // The console's SDK version is what a remote must be built against (or an older one of its major); the
  // override origins tell the shell whether a developer's ?remote-override= may be used here.
  const listing = {
    console: { sdkVersion: sdkManifest.version, remoteOverrideOrigins: options.overrideOrigins ?? [] },
    remotes,
  };

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache').header('access-control-allow-origin', '*');
    return listing;
  });
  if (!layout) return { served: false, remotes };

  for (const remote of layout.remotes) {
    await app.register(fastifyStatic, {
      root: remote.dir,
      prefix: `/remotes/${remote.name}/`,
      decorateReply: false,
      preCompressed: true,
      // Integrators load a remote's manifest and chunks from their own pages.
      setHeaders: (reply, file) => {
        reply.header('access-control-allow-origin', '*');
        cacheHeaders(reply, file);
      },
    });
  }
  await app.register(fastifyStatic, {
    root: layout.shellDir,
    prefix: '/',
    preCompressed: true,
    setHeaders: cacheHeaders,
  });
  app.decorate('spaIndex', path.join(layout.shellDir, 'index.html'));
  if (layout.kitchenDir) await app.register(kitchenApp(layout.kitchenDir), { prefix: '/kitchen' });
  return { served: true, remotes };
}

/**
 * The kitchen app (kitchen/dist) at /kitchen/: a page of its own beside the console, with its service
 * worker, manifest and icons. /kitchen and any address under it that is not one of its files answer its
 * index.html (its own router shows the screen), so a link into the app and a reload work; a missing script
 * or icon is still a 404. Hashed scripts are kept for good; the page, the manifest and the service worker
 * are revalidated, so a new version reaches every device.
 */
function kitchenApp(kitchenDir: string) {
  const index = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', kitchenDir);
  return async (kitchen: FastifyInstance) => {
    kitchen.get('', { schema: { hide: true } }, (_request, reply) => index(reply));
    kitchen.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const isFile = /\.[a-z0-9]+$/i.test(pathname);
      if (request.method === 'GET' && !isFile) return index(reply);
      return reply.status(404).send({ status: false, message: `No file ${pathname}`, error: 'NOT_FOUND' });
    });
    await kitchen.register(fastifyStatic, {
      root: kitchenDir,
      prefix: '/',
      decorateReply: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        cacheHeaders(reply, file);
        // The service worker runs under the policy it is served with: it fetches the app's own files.
        if (/[\\/]sw\.js(\.br|\.gz)?$/.test(file))
          reply.header('content-security-policy', "default-src 'self'");
      },
    });
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shell's index.html, answered for unknown non-API GETs so deep links open the console. */
    spaIndex?: string;
  }
}
