import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './paths.js';

// The boundaries are an ESLint rule (eslint.config.js, server-boundaries/no-other-module); these
// tests run it: on the framework's folders as they are, and on sample imports it must refuse.
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'server-boundaries/no-other-module';

const boundaryProblems = (results: ESLint.LintResult[]) =>
  results.flatMap((r) =>
    r.messages.filter((m) => m.ruleId === RULE).map((m) => `${path.relative(repoRoot, r.filePath)}: ${m.message}`),
  );

/** What the rule says of `code` placed at `file` (relative to apps/server/src/). */
async function problemsOf(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/server/src', file) });
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === RULE).map((m) => m.message.split(':')[0]!));
}

describe('server boundaries', () => {
  it('cli/, db/, imports/ and config.ts import no module (cli/main.ts: the module list only)', async () => {
    const dirs = ['cli', 'db', 'imports', 'config.ts'].map((d) => path.join(repoRoot, 'apps/server/src', d));
    expect(boundaryProblems(await eslint.lintFiles(dirs))).toEqual([]);
  });

  it("refuses a module's import of another module's file, however it is written", async () => {
    const code = [
      "import { a } from '../gateway/routes.js';",
      "export { b } from '../../modules/openapi/store.js';",
      "export const c = () => import('../lookups/places.js');",
      "import { own } from './webhooks.js';",
      "import { shared } from '../../http/outbound.js';",
      'void a; void own; void shared;',
    ].join('\n');
    expect(await problemsOf('modules/sim/sample.ts', code)).toEqual([
      "'../gateway/routes.js' is a file of another module",
      "'../../modules/openapi/store.js' is a file of another module",
      "'../lookups/places.js' is a file of another module",
    ]);
    // A module's own subfolders are the same module; the module list is the entry points'.
    const nested = "import { x } from '../regions/countries.js';\nimport { y } from '../../index.js';\nvoid x; void y;";
    expect(await problemsOf('modules/lookups/cities/sample.ts', nested)).toEqual([
      "'../../index.js' is the module list",
    ]);
  });

  it("refuses a framework folder's import of a module, and a list entry that is not a module's index.ts", async () => {
    expect(await problemsOf('cli/commands/sample.ts', "import { x } from '../../modules/index.js';\nvoid x;")).toEqual([
      "'../../modules/index.js' is a file under modules/",
    ]);
    expect(
      await problemsOf(
        'cli/main.ts',
        "import { a } from '../modules/index.js';\nimport { b } from '../modules/sim/cli.js';\nvoid a; void b;",
      ),
    ).toEqual(["'../modules/sim/cli.js' is a file under modules/"]);
    expect(
      await problemsOf(
        'modules/index.ts',
        "import { a } from './sim/index.js';\nimport { b } from './sim/cli.js';\nvoid a; void b;",
      ),
    ).toEqual(["'./sim/cli.js'"]);
  });
});
