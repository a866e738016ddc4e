// One lint set-up for every package. Beyond style, it enforces the architecture (ARCHITECTURE.md), so a
// new remote or screen cannot quietly break it: which container may import what, that only the SDK's HTTP
// core talks to the API, the rules of hooks, accessible JSX, and no promise left unhandled.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The browser packages: the SDK, the shell, every remote and the kitchen app. */
const browserSources = [
  'shared-sdk/src/**/*.{ts,tsx}',
  'shell/src/**/*.{ts,tsx}',
  'mfe-*/src/**/*.{ts,tsx}',
  'kitchen/src/**/*.{ts,tsx}',
];

// ---- import zones (no-restricted-imports patterns, combined per zone below) ------------------------------

const muiThroughFacade = {
  group: ['@mui/material', '@mui/material/*', '@mui/system', '@mui/system/*'],
  message: "Import MUI from '@console/shared-sdk/mui': it is shared as one module between containers.",
};
const routerThroughFacade = {
  group: ['react-router', 'react-router-dom'],
  message: "Import the router from '@console/shared-sdk/router': remotes must run inside the shell's router.",
};
const muiXInKit = {
  group: ['@mui/x-*'],
  message:
    "MUI X lives in the resource kit ('@console/shared-sdk/ui') and the charts entry ('@console/shared-sdk/charts') so the host's one copy serves every remote.",
};
const kyInHttpCore = {
  group: ['ky', 'ky/*'],
  message:
    "Only the SDK's HTTP core (shared-sdk/src/http) uses ky: call the API through an endpoint function, built on `call` from '@console/shared-sdk'.",
};
const sdkByEntry = {
  regex: '(^|/)shared-sdk/src(/|$)',
  message:
    "Import the SDK by its entries ('@console/shared-sdk', '@console/shared-sdk/ui', a domain entry such as '@console/shared-sdk/equipment'), never by path.",
};
const noShell = {
  regex: '^@console/shell(/|$)|(^|/)shell(/|$)',
  message: 'A remote never imports the shell: it ships and runs without it (see ./mount). Use the SDK.',
};
const noRemote = {
  regex: '^@console/mfe-|(^|/)mfe-[^/]+(/|$)',
  message:
    'Remotes are loaded at run time from /remotes.json, never imported: a remote imports no other remote, and the shell imports none.',
};

/** Where the API may be called: the HTTP core, and the remote registry (see below). */
const fetchAllowed = [
  'shared-sdk/src/http/**',
  // The registry fetches /remotes.json and each remote's description and manifest: static files beside the
  // remotes, not API calls, so none of the client's token, refresh or error pop-up applies to them.
  'shell/src/remotes/registry.ts',
];
const fetchMessage =
  "Only the SDK's HTTP core (shared-sdk/src/http) talks to the API: use an endpoint function built on `call`.";

// ---- the API's layering (ARCHITECTURE.md "api") ----------------------------------------------------------
// api/src/platform stands under every domain and imports none; a domain reaches another only through that
// domain's index.ts; no runtime import circle anywhere in api/src (type-only imports vanish at build).
const apiDomains = ['sites', 'people', 'tasks', 'logs', 'equipment', 'reports'];
const apiLayering = {
  files: ['api/src/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'api/tsconfig.json' })],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    'import-x/extensions': ['.ts', '.js'],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: './api/src/platform',
            from: './api/src/domains',
            message:
              'platform/ stands under every domain: it imports none (hand what it needs in from app.ts).',
          },
          ...apiDomains.flatMap((domain) =>
            apiDomains
              .filter((other) => other !== domain)
              .map((other) => ({
                target: `./api/src/domains/${domain}`,
                from: `./api/src/domains/${other}`,
                except: ['./index.ts'],
                message: `A domain uses another only through its index.ts: import from '../${other}/index.js'.`,
              })),
          ),
        ],
      },
    ],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/coverage/**', 'api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        __dirname: 'readonly',
        module: 'writable',
        require: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        // Node 20 has these too (bench/ and scripts/ use them); who may call fetch is ruled below.
        fetch: 'readonly',
        AbortController: 'readonly',
        URLSearchParams: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: [muiThroughFacade, routerThroughFacade, muiXInKit] }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]',
          message: 'No focused or skipped tests.',
        },
      ],
    },
  },
  {
    // Type-aware: a promise nobody awaits or catches loses its failure (an unhandled rejection instead of
    // the error pop-up or a form error). Mark a deliberate fire-and-forget with `void`.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['api/drizzle.config.ts', 'shared-sdk/test/setup.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // The router's navigate returns a promise only under a data router, and settles it through the
          // router's own state and error boundaries: there is nothing for the caller to handle.
          allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }],
        },
      ],
    },
  },
  {
    files: browserSources,
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: browserSources,
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // Moving focus on purpose stays allowed on the kit's components: a dialog puts it on its first field
      // or its one button (the WAI-ARIA dialog pattern), a page that is one form on its field. A raw DOM
      // element with autoFocus is still refused.
      'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // The SDK: its own entries import each other by package name (so a remote gets the shared instance).
    files: ['shared-sdk/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [muiThroughFacade, routerThroughFacade, muiXInKit, kyInHttpCore, noShell, noRemote] },
      ],
    },
  },
  {
    // The facades, the kit and the charts entry are where those libraries are imported.
    files: [
      'shared-sdk/src/mui/**',
      'shared-sdk/src/router/**',
      'shared-sdk/src/ui/**',
      'shared-sdk/src/charts/**',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [kyInHttpCore, noShell, noRemote] }],
    },
  },
  {
    files: ['shared-sdk/src/http/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [muiThroughFacade, routerThroughFacade, muiXInKit, noShell, noRemote] },
      ],
    },
  },
  {
    // The host: it loads remotes at run time and never imports one.
    files: ['shell/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [muiThroughFacade, routerThroughFacade, muiXInKit, kyInHttpCore, sdkByEntry, noRemote] },
      ],
    },
  },
  {
    // A remote: neither the shell nor another remote. Its icons would bring their own copy of MUI's
    // SvgIcon, so it takes MUI, icons and the router from the SDK.
    files: ['mfe-*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/*', 'react-router*'],
              message: 'Remotes use MUI, its icons and the router through @console/shared-sdk.',
            },
            kyInHttpCore,
            sdkByEntry,
            noShell,
            noRemote,
          ],
        },
      ],
    },
  },
  {
    // The kitchen app: a page of its own, not a container of the console, so it imports MUI component by
    // component (its first screen is held to 200 KB: the facades' and the kit's barrels are for containers),
    // and neither the shell nor a remote.
    files: ['kitchen/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@mui/(material|icons-material|x-[\\w-]+)|@console/shared-sdk/(mui|ui|icons|charts))$',
              message:
                "The kitchen app imports MUI one component at a time ('@mui/material/Button', '@mui/icons-material/Check'): its first screen is held to 200 KB.",
            },
            routerThroughFacade,
            kyInHttpCore,
            sdkByEntry,
            noShell,
            noRemote,
          ],
        },
      ],
    },
  },
  {
    // fetch and XMLHttpRequest in the browser packages, whether called directly or through window/globalThis.
    files: browserSources,
    ignores: fetchAllowed,
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: fetchMessage },
        { name: 'XMLHttpRequest', message: fetchMessage },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) => [
          { object, property: 'fetch', message: fetchMessage },
          { object, property: 'XMLHttpRequest', message: fetchMessage },
        ]),
      ],
    },
  },
  apiLayering,
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
