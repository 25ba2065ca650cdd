import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Tools are rooms: a tool imports only @/components, @/lib, @lab/core, the tool framework
// (@/tools/types, @/tools/registry) and its own folder. One block per tool folder and per folder depth
// (a `../<other>` climbs out of the tool from its top folder only, `../../<other>` from one folder down…);
// static imports, re-exports and `import('…')` alike.
const toolsDir = 'apps/web/src/tools';
const toolImportMessage =
  'a tool imports only @/components, @/lib, @lab/core and its own folder: promote what is shared';
const toolFolders = readdirSync(toolsDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
/** How deep a tool's files go: 1 for files in its top folder, 2 one folder down, … */
const toolDepth = (dir) =>
  1 +
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => toolDepth(`${dir}/${e.name}`)),
  );
const toolBoundaries = toolFolders.flatMap((tool) =>
  Array.from({ length: toolDepth(`${toolsDir}/${tool}`) }, (_, level) => {
    const up = '../'.repeat(level + 1);
    const others = toolFolders.filter((other) => other !== tool);
    return {
      files: [`${toolsDir}/${tool}/${'*/'.repeat(level)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: others.flatMap((o) => [`@/tools/${o}`, `@/tools/${o}/**`, `${up}${o}`, `${up}${o}/**`]),
                message: toolImportMessage,
              },
            ],
          },
        ],
        // The same for `import('…')` (a lazy page or component).
        'no-restricted-syntax': [
          'error',
          {
            selector: `ImportExpression[source.value=/^(@\\/tools\\/|${up.replaceAll('.', '\\.').replaceAll('/', '\\/')})(${others.join('|')})(\\/|$)/]`,
            message: toolImportMessage,
          },
        ],
      },
    };
  }),
);

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
  ...toolBoundaries,
);
