import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

/**
 * The real app (buildTestApp, same arguments) for the tests of the enclosing `describe`: built
 * before them, closed after them. Its fields are there from the suite's first test on.
 */
export function suiteApp(...args: Parameters<typeof buildTestApp>): TestApp {
  const t: Partial<TestApp> = {};
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(...args));
  });
  afterAll(async () => {
    if (t.close) await t.close();
  });
  return t as TestApp;
}
