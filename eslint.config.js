import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'e2e/artifacts/**', 'bench/results/**', 'var/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The contract is zod schemas: the browser must see its types only, never the schemas.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@lab/core/contract',
              allowTypeImports: true,
              message:
                'apps/web reads the HTTP contract with `import type` only: its values are zod schemas, which must not reach the browser bundle. Take constants from the domain modules (@lab/core/regions, /shipping, /transactions…).',
            },
            {
              name: 'zod',
              message:
                'zod stays out of the browser bundle: apps/web reads shapes through the named types of @lab/core/contract.',
            },
          ],
        },
      ],
      // `import { type X }` still loads the module at run time (verbatimModuleSyntax): write `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
);
