import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseConfig, runLab } from '../../test/helpers.js';
import type { DatabaseConfig } from '../../config.js';

describe('lab import carrier-openapi of a document nested 100,000 deep', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-deep-'));
  let database: DatabaseConfig;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ config: database, drop } = await freshDatabaseConfig('sqlite'));
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exits 2 with a message naming the file, not 1 with a stack overflow', async () => {
    const deep = `{"openapi":"3.0.0","info":{"title":"Deep","version":"1"},"paths":{},"x":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    const file = path.join(dir, 'deep.json');
    fs.writeFileSync(file, deep);
    const run = await runLab(['import', 'carrier-openapi', file], { database });
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toContain(`${file}: nested deeper than 1000 levels`);
  });
});
