// A Vitest reporter that writes where each test file's time went, for `npm test`'s summary: the file's
// environment set-up (jsdom), harness preparation, setup files, import and collection, and its tests and
// hooks. `scripts/test.mjs` passes the output path as `--reporter=./scripts/durations-reporter.mjs` with
// the environment variable LAB_DURATIONS_FILE.
import fs from 'node:fs';
import path from 'node:path';

export default class DurationsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const file = process.env.LAB_DURATIONS_FILE;
    if (!file) return;
    const files = testModules.map((m) => {
      const d = m.diagnostic();
      const tests = [...m.children.allTests()];
      const ms = {
        environment: d.environmentSetupDuration,
        prepare: d.prepareDuration,
        setup: d.setupDuration,
        collect: d.collectDuration,
        tests: d.duration,
      };
      return {
        file: path.relative(this.root, m.moduleId),
        project: m.project.name,
        tests: tests.length,
        ms,
        totalMs: Object.values(ms).reduce((a, b) => a + b, 0),
        slowestTest: tests
          .map((t) => ({ name: t.fullName, ms: t.diagnostic()?.duration ?? 0 }))
          .sort((a, b) => b.ms - a.ms)[0],
      };
    });
    files.sort((a, b) => b.totalMs - a.totalMs);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ files }, null, 2));
  }
}
