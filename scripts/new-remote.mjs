// `npm run new-remote -- <name> [<folder>] [options]`: writes a working remote, with its tests.
//   no folder: a new workspace of this repository, ./mfe-<name> (run `npm install` after it);
//   a folder: a package of its own there, for a team outside this repository.
// Options: --subject <CaslSubject> (default: the name in PascalCase), --title <text>, --port <dev port>,
//   --sdk <dependency spec of @console/shared-sdk> (outside only; default ^<this SDK's version>, e.g.
//   file:../console-shared-sdk-1.18.0.tgz for a tarball made with `npm run pack:sdk`),
//   --backend (outside only, with a subject the console does not have): also a backend of the domain's own,
//   server/, that serves the built remote and the subject's records from its own database.
// A subject the console does not have is declared in src/remote.json, so registering the remote teaches it
// to the console (organisation admins manage it, site admins read it).
// Plain Node, no dependencies: it only writes files.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib.mjs';

const usage =
  'usage: npm run new-remote -- <name> [<folder>] [--subject S] [--title T] [--port N] [--sdk SPEC] [--backend]';

function fail(message) {
  console.error(`new-remote: ${message}\n${usage}`);
  process.exit(1);
}

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    subject: { type: 'string' },
    title: { type: 'string' },
    port: { type: 'string' },
    sdk: { type: 'string' },
    backend: { type: 'boolean' },
  },
});
const [rawName, target] = positionals;
if (!rawName || positionals.length > 2) fail('give the remote a name, e.g. allergens');

const bare = rawName.replace(/^mfe-/, '');
if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(bare))
  fail(`"${rawName}" is not a name: lowercase words joined by -`);
const name = `mfe-${bare}`;
const words = bare.split('-');
const title = options.title ?? `${words.join(' ')[0].toUpperCase()}${words.join(' ').slice(1)}`;
const pascal = words.map((word) => `${word[0].toUpperCase()}${word.slice(1)}`).join('');
const subject = options.subject ?? pascal;
if (!/^[A-Z][A-Za-z0-9]*$/.test(subject)) fail(`"${subject}" is not a CASL subject name such as Allergen`);
const routePath = `/dashboard/${bare}`;
const screenName = `${pascal}Screen`;

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const rootManifest = readJson(path.join(root, 'package.json'));
const sdkManifest = readJson(path.join(root, 'shared-sdk', 'package.json'));
const apiManifest = readJson(path.join(root, 'api', 'package.json'));

/** The SDK's `subjects` list (the console's own subjects), read from its source: this script imports nothing. */
function consoleSubjects() {
  const source = fs.readFileSync(path.join(root, 'shared-sdk', 'src', 'ability', 'index.ts'), 'utf8');
  const list = /^export const subjects = \[([\s\S]*?)^\] as const;/m.exec(source)?.[1];
  if (!list)
    throw new Error('shared-sdk/src/ability/index.ts no longer has `export const subjects = [...] as const`');
  return list
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .match(/'[A-Za-z0-9]+'/g)
    .map((quoted) => quoted.slice(1, -1));
}
const declares = !consoleSubjects().includes(subject);

// Outside: relative to where npm was run from, not this repository.
const inside = target === undefined;
const backend = options.backend === true;
if (backend && inside) fail('--backend is for a team outside this repository: give a folder');
if (backend && !declares)
  fail(`--backend needs a subject of the domain's own: the console already keeps ${subject} records`);
const dir = inside ? path.join(root, name) : path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) fail(`${dir} exists and is not empty`);

function nextFreePort() {
  const used = fs
    .readdirSync(root)
    .filter((entry) => entry.startsWith('mfe-'))
    .map((entry) => path.join(root, entry, 'webpack.config.cjs'))
    .filter((file) => fs.existsSync(file))
    .map((file) => Number(/port: (\d+)/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? 0));
  return Math.max(3009, ...used) + 1;
}
const port = Number(options.port ?? nextFreePort());
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port ${options.port} is not a port`);

/** The version range this repository builds with, so an outside remote builds with the same tools. */
function rangeOf(dependency) {
  const range =
    sdkManifest.dependencies[dependency] ??
    sdkManifest.devDependencies[dependency] ??
    rootManifest.devDependencies[dependency] ??
    apiManifest.dependencies[dependency];
  if (!range) throw new Error(`${dependency} is not a dependency of this repository`);
  return range;
}
const rangesOf = (names) => Object.fromEntries(names.map((dependency) => [dependency, rangeOf(dependency)]));

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

const scripts = {
  build: 'webpack --mode production',
  dev: 'webpack serve --mode development',
  typecheck: 'tsc -p tsconfig.json --noEmit',
  test: 'jest',
  ...(backend ? { start: 'node server/index.mjs' } : {}),
};

const packageJson = inside
  ? {
      name: `@console/${name}`,
      version: '0.1.0',
      private: true,
      description: `Remote: ${title.toLowerCase()}.`,
      type: 'module',
      scripts,
      dependencies: { '@console/shared-sdk': sdkManifest.version },
    }
  : {
      name,
      version: '0.1.0',
      private: true,
      description: `Remote of the Compliance Console: ${title.toLowerCase()}.`,
      type: 'module',
      scripts,
      dependencies: {
        '@console/shared-sdk': options.sdk ?? `^${sdkManifest.version}`,
        ...rangesOf(['react', 'react-dom']),
        // server/: the domain's backend, on the same libraries the console's API uses.
        ...(backend
          ? rangesOf([
              '@casl/ability',
              '@electric-sql/pglite',
              '@fastify/cors',
              '@fastify/static',
              'fastify',
              'jose',
            ])
          : {}),
      },
      // The SDK's webpack config needs the build tools; the tests run with its jest preset.
      devDependencies: rangesOf([
        '@module-federation/enhanced',
        '@swc/core',
        '@swc/jest',
        '@testing-library/dom',
        '@testing-library/jest-dom',
        '@testing-library/react',
        '@testing-library/user-event',
        '@types/jest',
        '@types/react',
        '@types/react-dom',
        'compression-webpack-plugin',
        'html-webpack-plugin',
        'jest',
        'jest-environment-jsdom',
        'swc-loader',
        'terser-webpack-plugin',
        'typescript',
        'webpack',
        'webpack-cli',
        'webpack-dev-server',
      ]),
    };

const tsconfig = inside
  ? {
      extends: '../tsconfig.base.json',
      compilerOptions: {
        rootDir: '..',
        noEmit: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
        customConditions: ['source'],
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        jsx: 'react-jsx',
        types: ['jest', 'node', '@testing-library/jest-dom'],
      },
      include: ['src'],
    }
  : {
      // The SDK's published declarations (its dist/), as any package's types.
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        noUncheckedIndexedAccess: true,
        resolveJsonModule: true,
        isolatedModules: true,
        esModuleInterop: true,
        skipLibCheck: true,
        noEmit: true,
        types: ['jest', '@testing-library/jest-dom'],
      },
      include: ['src'],
    };

const jestConfig = inside
  ? `const path = require('node:path');

// The SDK's browser-like test environment, with the same set-up as the other remotes.
const sdkTest = path.join(__dirname, '..', 'shared-sdk', 'test');
module.exports = {
  ...require('../jest.preset.cjs'),
  testEnvironment: path.join(sdkTest, 'environment.cjs'),
  setupFilesAfterEnv: [path.join(sdkTest, 'setup.ts')],
};
`
  : `// The SDK's jest set-up: TypeScript through swc, the SDK from its sources, jsdom with fetch, Testing Library.
module.exports = require('@console/shared-sdk/jest').remoteJestConfig(__dirname);
`;

const webpackConfig = `const { consoleWebpackConfig } = require('@console/shared-sdk/webpack');

module.exports = consoleWebpackConfig({
  // The name in /remotes.json (${name}), with underscores.
  name: '${name.replace(/-/g, '_')}',
  packageDir: __dirname,
  title: '${title.replace(/'/g, "\\'")} · Compliance Console',
  port: ${port},
  exposes: { './routes': './src/routes.tsx', './mount': './src/mount.tsx' },
});
`;

const remoteJson = {
  title,
  routes: [{ path: routePath, title, subject, siteScoped: backend }],
  menu: [{ title, path: routePath, subject, section: title, icon: 'reports', order: 1 }],
  ...(declares
    ? {
        subjects: [
          {
            name: subject,
            title,
            siteScoped: true,
            defaults: { ORGANIZATION_ADMIN: ['manage'], SITE_ADMIN: ['read'] },
          },
        ],
      }
    : {}),
};

const indexTs = `// The standalone page's entry (dist/index.html). Module Federation needs an async boundary before shared
// modules are used, so the page starts in ./bootstrap.
void import('./bootstrap');
`;

const bootstrapTsx = `import { mount } from './mount';

// The remote's own page: the remote alone, signing in against the API that serves it (or ?api=<origin>).
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
mount(root, { apiBaseUrl: new URLSearchParams(window.location.search).get('api') ?? '' });
`;

const mountTsx = `import { createRemoteMount } from '@console/shared-sdk';
import { description, routes } from './routes';

/** \`./mount\`: this remote on any page (its own, or an integrator's). */
export const mount = createRemoteMount({ description, ...routes });
export default mount;
`;

const routesTsx = `import { lazy } from 'react';
import { remoteDescriptionSchema, type RemoteRoutesModule } from '@console/shared-sdk';
import descriptionData from './remote.json';

/**
 * The remote's title, routes and menu: data the build checks and publishes as remote.json, so the console
 * knows them before it loads any of this code.
 */
export const description = remoteDescriptionSchema.parse(descriptionData);

// Each screen is a download of its own, fetched when its route opens.
const ${screenName} = lazy(() => import('./screens/${bare}').then((m) => ({ default: m.${screenName} })));

/** \`./routes\`: the screen of each path in remote.json. */
export const routes: RemoteRoutesModule = {
  screens: { '${routePath}': ${screenName} },
};

export default routes;
`;

const routesTest = `import { isIconName } from '@console/shared-sdk/icons';
import { description, routes } from './routes';

test('remote.json describes the remote, and every route it publishes has a screen', () => {
  expect(description.title).toBe(${JSON.stringify(title)});
  const paths = description.routes.map((route) => route.path).sort();
  expect(Object.keys(routes.screens).sort()).toEqual(paths);
});

test('every menu entry names an icon of the SDK set', () => {
  expect(description.menu.filter((entry) => !isIconName(entry.icon))).toEqual([]);
});
`;

const screenTsx = `import { Paper, Stack, Typography } from '@console/shared-sdk/mui';
import { useSession } from '@console/shared-sdk';

/** The remote's first screen: make it yours. */
export function ${screenName}() {
  const name = useSession((s) => (s.userData ? \`\${s.userData.firstName} \${s.userData.lastName}\` : ''));
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        ${title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography>Signed in as {name}.</Typography>
      </Paper>
    </Stack>
  );
}
`;

const screenTest = `import { render, screen } from '@testing-library/react';
import { signInAs, resetBrowserState } from '@console/shared-sdk/testing';
import { ${screenName} } from './${bare}';

// The SDK's testing kit: signInAs gives Marcus Reid the rules the API gives his role; fakeApi answers the
// screen's calls and listPage makes a list's answer (see the SDK's README, "Testing a remote's screens").
beforeEach(() => signInAs('ORGANIZATION_ADMIN'));
afterEach(() => resetBrowserState());

test('shows its title and who is signed in', () => {
  render(<${screenName} />);
  expect(screen.getByRole('heading', { name: ${JSON.stringify(title)} })).toBeInTheDocument();
  expect(screen.getByText('Signed in as Marcus Reid.')).toBeInTheDocument();
});
`;

const routeBase = `/api/${bare}`;
const table = bare.replace(/-/g, '_');
const recordWords = title.toLowerCase();
const oneRecord = subject.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

// The backend is plain JavaScript so it runs with `node` alone; the console's own libraries do the work.
const serverIndex = `// The ${recordWords} domain's own backend: it serves the built remote (dist/) and its API under /api/ from
// one address, keeps the domain's records in a database of its own, and lets the console decide who may do
// what: it checks the console's access token against the console's public keys, then asks the console for
// the person's rules on ${subject} and enforces them.
//   CONSOLE_URL  the console's address, e.g. https://console.example (required): its origin may load the remote
//   PORT, HOST   where to listen (default 4000 on every interface)
//   DATA_DIR     the database's folder (default: in memory, gone when the server stops)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMongoAbility, subject as asSubject } from '@casl/ability';
import { PGlite } from '@electric-sql/pglite';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const subjectName = '${subject}';
const consoleUrl = process.env.CONSOLE_URL;
if (!consoleUrl) {
  console.error('Set CONSOLE_URL to the console address, e.g. CONSOLE_URL=https://console.example');
  process.exit(1);
}
const consoleOrigin = new URL(consoleUrl).origin;
// jose fetches the key set once, again when a token names a key it has not seen (a rotation), and keeps it.
const consoleKeys = createRemoteJWKSet(new URL('/.well-known/jwks.json', consoleUrl));
const rulesUrl = new URL('/api/v1/auth/rules?subject=' + subjectName, consoleUrl);

const db = new PGlite(process.env.DATA_DIR || undefined);
await db.exec(\`
  create table if not exists ${table} (
    id uuid primary key default gen_random_uuid(),
    org_id text not null,
    site_id text not null,
    name text not null,
    created_at timestamptz not null default now()
  );
  create index if not exists ${table}_org_site on ${table} (org_id, site_id);
\`);

/** An answer other than 2xx, with field messages for a 400. */
class Refusal extends Error {
  constructor(statusCode, message, fields) {
    super(message);
    this.statusCode = statusCode;
    this.fields = fields;
  }
}
const signInAgain = () => new Refusal(401, 'Your session is not valid; please sign in again');

/**
 * The person's rules, kept per token until the token expires: a token is short-lived, and the console
 * re-checks the session behind it whenever the rules are fetched, so a sign-out or a changed role reaches
 * this server with the next token.
 */
const rulesByToken = new Map();
async function rulesOf(token, expiresAt) {
  const now = Date.now();
  for (const [kept, entry] of rulesByToken) if (entry.expiresAt <= now) rulesByToken.delete(kept);
  const kept = rulesByToken.get(token);
  if (kept) return kept.data;
  const answer = await fetch(rulesUrl, { headers: { authorization: 'Bearer ' + token } });
  if (answer.status === 401) throw signInAgain();
  if (!answer.ok) throw new Refusal(502, 'The console did not give your rules (' + answer.status + ')');
  const { data } = await answer.json();
  rulesByToken.set(token, { data, expiresAt });
  return data;
}

/** Who is calling: a console access token for the console's web app, and what their rules allow. */
async function callerOf(request) {
  const token = /^Bearer (\\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw signInAgain();
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(token, consoleKeys, {
      issuer: 'compliance-console',
      audience: 'web',
      algorithms: ['EdDSA'],
    }));
  } catch {
    throw signInAgain();
  }
  const { rules, organisationSiteIds } = await rulesOf(token, claims.exp * 1000);
  // The platform admin has no organisation of its own (org is null): it keeps no records here.
  return {
    orgId: typeof claims.org === 'string' ? claims.org : null,
    ability: createMongoAbility(rules),
    organisationSiteIds,
  };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const toRecord = (row) => ({ id: row.id, siteID: row.site_id, name: row.name, createdAt: row.created_at });
const readable = (ability, row) =>
  ability.can('read', asSubject(subjectName, { orgId: row.org_id, siteID: row.site_id }));

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
// The console's pages load the manifest, remote.json and chunks from here, and call the API with a token.
await app.register(cors, {
  origin: consoleOrigin,
  methods: ['GET', 'HEAD', 'POST'],
  allowedHeaders: ['Authorization', 'Content-Type'],
});
await app.register(fastifyStatic, { root: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist') });
app.setErrorHandler((error, request, reply) => {
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error(error);
  return reply.code(status).send({
    message: status >= 500 ? 'Something went wrong' : error.message,
    ...(error.fields ? { fields: error.fields } : {}),
  });
});

// The organisation's ${recordWords} on the sites the person may read (?siteID= for one site).
app.get('${routeBase}', async (request) => {
  const { orgId, ability } = await callerOf(request);
  if (!ability.can('read', subjectName)) throw new Refusal(403, 'You may not read ${recordWords}');
  if (!orgId) return { data: [] };
  const siteID = typeof request.query.siteID === 'string' ? request.query.siteID : null;
  const { rows } = await db.query(
    'select * from ${table} where org_id = $1 and ($2::text is null or site_id = $2) order by name',
    [orgId, siteID],
  );
  return { data: rows.filter((row) => readable(ability, row)).map(toRecord) };
});

// Another organisation's record, or one of a site the person may not read, does not exist for them.
app.get('${routeBase}/:id', async (request) => {
  const { orgId, ability } = await callerOf(request);
  const { id } = request.params;
  const [row] = uuid.test(id) && orgId
    ? (await db.query('select * from ${table} where id = $1 and org_id = $2', [id, orgId])).rows
    : [];
  if (!row || !readable(ability, row)) throw new Refusal(404, 'There is no such ${oneRecord}');
  return { data: toRecord(row) };
});

app.post('${routeBase}', async (request, reply) => {
  const { orgId, ability, organisationSiteIds } = await callerOf(request);
  if (!orgId || !ability.can('create', subjectName)) throw new Refusal(403, 'You may not add ${recordWords}');
  const body = request.body ?? {};
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  const siteID = typeof body.siteID === 'string' ? body.siteID : '';
  const fields = {};
  if (!name) fields.name = 'Enter a name';
  else if (name.length > 100) fields.name = 'Use at most 100 characters';
  if (!uuid.test(siteID)) fields.siteID = 'Choose a site';
  // An organisation admin's rules name the organisation, not its sites: the console says which are its.
  else if (!organisationSiteIds.includes(siteID)) fields.siteID = 'This is not a site of your organisation';
  if (Object.keys(fields).length > 0) throw new Refusal(400, 'Check the fields', fields);
  // The record is the organisation's that the token names, never one a body could name.
  if (!ability.can('create', asSubject(subjectName, { orgId, siteID })))
    throw new Refusal(403, 'You may not add ${recordWords} on this site');
  const { rows } = await db.query(
    'insert into ${table} (org_id, site_id, name) values ($1, $2, $3) returning *',
    [orgId, siteID, name],
  );
  return reply.code(201).send({ data: toRecord(rows[0]) });
});

const address = await app.listen({ port: Number(process.env.PORT ?? 4000), host: process.env.HOST ?? '0.0.0.0' });
console.log('${name} backend listening at ' + address + ' for the console at ' + consoleOrigin);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void app.close().then(() => db.close()).then(() => process.exit(0)));
`;

const serverReadme = `# The ${recordWords} backend

One server for the whole domain: the built remote (\`dist/\`) and the API the remote calls
(\`${routeBase}\`), in a database of its own (PGlite in \`DATA_DIR\`, in memory without it).

\`\`\`sh
npm run build                                      # dist/
CONSOLE_URL=https://console.example DATA_DIR=./data npm start
\`\`\`

Then register it with the console: its \`REMOTES\` setting names
\`{"${name}": "https://<this server>/mf-manifest.json"}\`. At start the console reads \`remote.json\` beside the
manifest and learns the subject \`${subject}\` it declares.

Every API call needs the console's access token (\`Authorization: Bearer <token>\`). The server checks it
against the console's public keys (\`/.well-known/jwks.json\`: EdDSA, issuer \`compliance-console\`, audience
\`web\`, expiry), then asks the console for the person's rules (\`GET /api/v1/auth/rules?subject=${subject}\`,
kept until the token expires) and enforces them with CASL: a list holds the records of the person's
organisation on the sites they may read; adding needs \`create\`; a record always belongs to the token's
organisation; another organisation's records answer 404. 401 without a valid token, 403 without the right,
400 with field messages.

| Call | Answers |
| --- | --- |
| \`GET ${routeBase}?siteID=<site>\` | \`{ data: [{ id, siteID, name, createdAt }] }\` |
| \`GET ${routeBase}/<id>\` | \`{ data: { id, siteID, name, createdAt } }\`, or 404 |
| \`POST ${routeBase}\` \`{ siteID, name }\` | 201 \`{ data: … }\` |
`;

const backendScreenTsx = `import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@console/shared-sdk/mui';
import { canOnSubject, refreshSession, session, useAbility, useSelectedSite } from '@console/shared-sdk';

declare const __webpack_public_path__: string;

export interface ${subject}Record {
  id: string;
  siteID: string;
  name: string;
  createdAt: string;
}

/**
 * The domain's backend serves this code and its API from one address: Module Federation sets the public
 * path from where the manifest was loaded, so the API is found wherever the domain is deployed.
 */
function backendUrl(path: string): string {
  const base =
    typeof __webpack_public_path__ === 'string' && __webpack_public_path__ !== ''
      ? __webpack_public_path__
      : \`\${window.location.origin}/\`;
  return new URL(\`api/${bare}\${path}\`, base).toString();
}

/** A call to the backend with the console's access token; an expired token is renewed once. */
async function callBackend(path: string, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) =>
    fetch(backendUrl(path), {
      ...init,
      headers: { 'content-type': 'application/json', authorization: \`Bearer \${token ?? ''}\` },
    });
  const answer = await send(session.get().accessToken);
  return answer.status === 401 ? send(await refreshSession()) : answer;
}

async function messageOf(answer: Response): Promise<string> {
  const body = (await answer.json().catch(() => ({}))) as { message?: string; fields?: Record<string, string> };
  return Object.values(body.fields ?? {})[0] ?? body.message ?? \`The ${recordWords} service answered \${answer.status}\`;
}

/** The selected site's ${recordWords}, from the domain's own backend, and a form to add one. */
export function ${screenName}() {
  const ability = useAbility();
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const [records, setRecords] = useState<${subject}Record[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const load = useCallback(async (site: string) => {
    const answer = await callBackend(\`?siteID=\${encodeURIComponent(site)}\`);
    if (!answer.ok) return setProblem(await messageOf(answer));
    setRecords(((await answer.json()) as { data: ${subject}Record[] }).data);
    setProblem(null);
  }, []);
  useEffect(() => {
    setRecords(null);
    if (siteID) load(siteID).catch(() => setProblem('The ${recordWords} service cannot be reached'));
  }, [siteID, load]);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!siteID) return;
    const answer = await callBackend('', { method: 'POST', body: JSON.stringify({ siteID, name }) });
    if (!answer.ok) return setNameError(await messageOf(answer));
    setName('');
    setNameError(null);
    await load(siteID);
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        ${title}
      </Typography>
      {!siteID && <Alert severity="info">Choose a site to see its ${recordWords}.</Alert>}
      {problem && <Alert severity="error">{problem}</Alert>}
      {siteID && canOnSubject(ability, 'create', '${subject}') && (
        <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={(event) => void add(event)}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Name"
              size="small"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={nameError !== null}
              helperText={nameError ?? ' '}
            />
            <Button type="submit" variant="contained">
              Add ${oneRecord}
            </Button>
          </Stack>
        </Paper>
      )}
      {records && (
        <Paper variant="outlined">
          {records.length === 0 ? (
            <Typography sx={{ p: 2 }}>No ${recordWords} on this site yet.</Typography>
          ) : (
            <List aria-label="${title}">
              {records.map((record) => (
                <ListItem key={record.id}>
                  <ListItemText primary={record.name} />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      )}
    </Stack>
  );
}
`;

const backendScreenTest = `import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session, type Action } from '@console/shared-sdk';
import { chooseSite, demoIds, resetBrowserState, signInAs } from '@console/shared-sdk/testing';
import { ${screenName}, type ${subject}Record } from './${bare}';

/** Signs in with the console's rules for the role plus \`actions\` on ${subject}, as the API sends a declared subject's. */
function signInWith(role: 'ORGANIZATION_ADMIN' | 'SITE_ADMIN', actions: Action[]) {
  signInAs(role, { siteIds: [demoIds.brighton] });
  const { userData, refreshToken } = session.get();
  if (!userData || !refreshToken) throw new Error('signInAs signed nobody in');
  const rule = { action: actions, subject: '${subject}', conditions: { orgId: demoIds.org } };
  session.signIn({ accessToken: 'access', refreshToken, userData: { ...userData, ability: [...userData.ability, rule] } });
}

const record = (name: string): ${subject}Record => ({
  id: \`id-\${name}\`,
  siteID: demoIds.brighton,
  name,
  createdAt: '2026-11-30T09:00:00.000Z',
});

/** The backend, faked: its list, and what was posted to it. */
function fakeBackend(list: ${subject}Record[]) {
  const posted: unknown[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { name: string };
      posted.push(body);
      list.push(record(body.name));
      return new Response(JSON.stringify({ data: record(body.name) }), { status: 201 });
    }
    expect(String(input)).toContain(\`/api/${bare}?siteID=\${demoIds.brighton}\`);
    return new Response(JSON.stringify({ data: list }));
  });
  return posted;
}

beforeEach(() => chooseSite(demoIds.brighton));
afterEach(() => {
  jest.restoreAllMocks();
  resetBrowserState();
});

test("lists the site's ${recordWords} and adds one for someone who may create them", async () => {
  signInWith('ORGANIZATION_ADMIN', ['manage']);
  const posted = fakeBackend([record('Celery')]);
  const user = userEvent.setup();
  render(<${screenName} />);
  const list = await screen.findByRole('list', { name: ${JSON.stringify(title)} });
  expect(within(list).getByText('Celery')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Name'), 'Sesame');
  await user.click(screen.getByRole('button', { name: 'Add ${oneRecord}' }));
  expect(await within(list).findByText('Sesame')).toBeInTheDocument();
  expect(posted).toEqual([{ siteID: demoIds.brighton, name: 'Sesame' }]);
});

test('someone who may only read them has no form to add one', async () => {
  signInWith('SITE_ADMIN', ['read']);
  fakeBackend([record('Celery')]);
  render(<${screenName} />);
  expect(await screen.findByText('Celery')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add ${oneRecord}' })).not.toBeInTheDocument();
});
`;

const readme = `# ${name}

A remote of the Compliance Console: ${title.toLowerCase()}, at ${routePath} (subject \`${subject}\`).

\`\`\`sh
npm install
npm test            # its tests (jest, Testing Library)
npm run typecheck   # against the SDK's published types
npm run build       # dist/: publish it, then point the console's REMOTES at dist/mf-manifest.json
npm run dev         # a dev server on http://localhost:${port}${backend ? '\nCONSOLE_URL=https://console.example npm start   # server/: the built remote and its API, one server' : ''}
\`\`\`

Develop inside a running console, in your browser only: open
\`<console>/dashboard?remote-override=${name}=http://localhost:${port}/mf-manifest.json\` (the console must
accept overrides from \`http://localhost:*\`: its \`REMOTE_OVERRIDE_ORIGINS\` setting). A banner names the
override; "Stop overriding" ends it. The console's SDK version is \`console.sdkVersion\` in its
\`/remotes.json\`: build against that version or an older one of the same major.
`;

const files = {
  'package.json': json(packageJson),
  'tsconfig.json': json(tsconfig),
  'jest.config.cjs': jestConfig,
  'webpack.config.cjs': webpackConfig,
  'src/remote.json': json(remoteJson),
  'src/index.ts': indexTs,
  'src/bootstrap.tsx': bootstrapTsx,
  'src/mount.tsx': mountTsx,
  'src/routes.tsx': routesTsx,
  'src/routes.test.ts': routesTest,
  [`src/screens/${bare}.tsx`]: backend ? backendScreenTsx : screenTsx,
  [`src/screens/${bare}.test.tsx`]: backend ? backendScreenTest : screenTest,
  ...(backend ? { 'server/index.mjs': serverIndex, 'server/README.md': serverReadme } : {}),
  ...(inside ? {} : { 'README.md': readme, '.gitignore': 'node_modules/\ndist/\n.mf/\n' }),
};
for (const [file, content] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), content);
}

// In this repository's style (prettier checks it here; outside, the same style to start from).
const prettier = path.join(root, 'node_modules', '.bin', 'prettier');
if (fs.existsSync(prettier)) {
  const config = path.join(root, '.prettierrc.json');
  const formatted = spawnSync(prettier, ['--write', '--log-level', 'warn', '--config', config, dir], {
    stdio: 'inherit',
  });
  if (formatted.status !== 0) fail('prettier could not format the files it wrote');
}

if (inside) {
  // A workspace like the others: before e2e, which runs last.
  const workspaces = rootManifest.workspaces.filter((workspace) => workspace !== 'e2e');
  rootManifest.workspaces = [
    ...workspaces,
    name,
    ...(rootManifest.workspaces.includes('e2e') ? ['e2e'] : []),
  ];
  fs.writeFileSync(path.join(root, 'package.json'), json(rootManifest));
}

console.log(`Wrote ${name} in ${dir} (${Object.keys(files).length} files): ${title} at ${routePath}, subject ${subject}.
Next:${inside ? '\n  npm install' : `\n  cd ${path.relative(process.env.INIT_CWD ?? process.cwd(), dir) || '.'} && npm install`}
  npm test${inside ? ` --workspace @console/${name}` : ''}
  npm run build${inside ? ` --workspace @console/${name}` : ''}   (then ${inside ? 'npm start serves it' : "publish dist/ and add it to the console's REMOTES"})
  npm run dev${inside ? ` --workspace @console/${name}` : ''}     (dev server on http://localhost:${port}; see the README's "A development loop")${backend ? '\n  CONSOLE_URL=<console> npm start   (the remote and its API from one server: server/README.md)' : ''}
${
  declares
    ? `src/remote.json declares "${subject}": once registered, organisation admins manage it and site admins read it.`
    : `Only users whose rules from the API name "${subject}" see it (a platform admin's "manage all" does).`
}`);
