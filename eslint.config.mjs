// One lint set-up for every package.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/material', '@mui/material/*', '@mui/system', '@mui/system/*'],
              message:
                "Import MUI from '@console/shared-sdk/mui': it is shared as one module between containers.",
            },
            {
              group: ['react-router', 'react-router-dom'],
              message:
                "Import the router from '@console/shared-sdk/router': remotes must run inside the shell's router.",
            },
            {
              group: ['@mui/x-*'],
              message:
                "MUI X lives in the resource kit ('@console/shared-sdk/ui') so the host's one copy serves every remote.",
            },
          ],
        },
      ],
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
    // The facades and the kit are where those libraries are imported.
    files: ['shared-sdk/src/mui/**', 'shared-sdk/src/router/**', 'shared-sdk/src/ui/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // A remote's icons would bring their own copy of MUI's SvgIcon; remotes take icons from the SDK.
    files: ['mfe-*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/*', 'react-router*'],
              message: 'Remotes use MUI and the router through @console/shared-sdk.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
