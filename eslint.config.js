import path from 'node:path';
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ── Server module boundaries (issue 27) ──────────────────────────────────────────────────────────
// A module (a folder of apps/server/src/modules/) uses another only through the services that one
// provides (`needs` / `app.services`); what several need and no module owns is promoted to a shared
// folder (apps/server/src/<folder>/) or to packages/core. The framework's own folders import no
// module at all: the module list comes from the entry point (cli/main.ts, main.ts).
const serverModulesDir = path.join(import.meta.dirname, 'apps/server/src/modules');

const serverBoundaries = {
  rules: {
    'no-other-module': {
      meta: {
        type: 'problem',
        schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } } }],
        messages: {
          otherModule:
            "'{{spec}}' is a file of another module: a module uses another only through what it provides (needs / app.services); promote shared code to a shared folder or packages/core.",
          noModule:
            "'{{spec}}' is a file under modules/: the framework's folders (cli/, db/, imports/, config.ts) import no module; take the module list from the caller.",
          list: "'{{spec}}' is the module list: the entry points assemble it (cli/main.ts, main.ts, the test helpers); a module does not import it.",
          notIndex: "'{{spec}}': the module list imports each module's index.ts, its only public surface.",
        },
      },
      create(context) {
        const file = context.filename;
        const fromModules = path.relative(serverModulesDir, file).split(path.sep);
        // modules/index.ts, the module list; else the module the file belongs to (undefined outside modules/).
        const isList = fromModules.join('/') === 'index.ts';
        const own = fromModules[0] === '..' || isList ? undefined : fromModules[0];
        const allow = new Set(context.options[0]?.allow ?? []);
        const check = (where, spec) => {
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.relative(serverModulesDir, path.resolve(path.dirname(file), spec)).split(path.sep);
          if (target[0] === '..' || allow.has(target.join('/'))) return;
          if (isList ? target.length === 2 && target[1] === 'index.js' : target[0] === own) return;
          const messageId = isList
            ? 'notIndex'
            : !own
              ? 'noModule'
              : target.join('/') === 'index.js'
                ? 'list'
                : 'otherModule';
          context.report({ ...where, messageId, data: { spec } });
        };
        const source = (node) => node.source && check({ node: node.source }, node.source.value);
        return {
          ImportDeclaration: source,
          ExportNamedDeclaration: source,
          ExportAllDeclaration: source,
          ImportExpression: source,
          TSImportType: (node) => check({ node }, node.argument?.literal?.value),
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              const reference = /^\/\s*<reference\s+path=["']([^"']+)["']/.exec(comment.value);
              if (comment.type === 'Line' && reference) check({ loc: comment.loc }, reference[1]);
            }
          },
        };
      },
    },
  },
};
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
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { 'server-boundaries': serverBoundaries },
    rules: { 'server-boundaries/no-other-module': 'error' },
  },
  {
    files: ['apps/server/src/{cli,db,imports}/**/*.ts', 'apps/server/src/config.ts'],
    plugins: { 'server-boundaries': serverBoundaries },
    rules: { 'server-boundaries/no-other-module': 'error' },
  },
  {
    // The `lab` entry point assembles the module list (and nothing else of modules/).
    files: ['apps/server/src/cli/main.ts'],
    rules: { 'server-boundaries/no-other-module': ['error', { allow: ['index.js'] }] },
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
