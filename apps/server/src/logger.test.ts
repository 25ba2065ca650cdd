import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { LogCapture } from './test/helpers.js';

/** The 11 names the probe of issue 30 saw leak, each planted with its own value. */
const LEAKED_NAMES = ['client-secret', 'apiSecret', 'secretKey', 'privateKey', 'bearer', 'bearerToken', 'child_secret'];

function nest(depth: number, leaf: Record<string, unknown>): Record<string, unknown> {
  let value: Record<string, unknown> = leaf;
  for (let i = 0; i < depth; i++) value = { [`level${i}`]: value };
  return value;
}

describe('log redaction by name pattern', () => {
  it('blanks every planted secret: odd names, inside JSON strings, 21–25 levels deep', () => {
    const logs = new LogCapture();
    const log = createLogger('debug', logs);
    const planted: string[] = [];
    const plant = (name: string) => {
      const value = `PLANTED-${planted.length}-${name}`;
      planted.push(value);
      return value;
    };
    const body: Record<string, unknown> = {};
    for (const name of LEAKED_NAMES) body[name] = plant(name);
    body.asText = JSON.stringify({ client_secret: plant('json-string'), note: 'kept' });
    for (let depth = 21; depth <= 25; depth++) body[`deep${depth}`] = nest(depth, { password: plant(`deep${depth}`) });
    body.list = [[{ token: plant('in-array') }]];
    log.debug({ body, visible: 'KEEP-ME' }, 'gateway request');

    const line = JSON.stringify(logs.lines);
    expect(planted).toHaveLength(14);
    for (const value of planted) expect(line, value).not.toContain(value);
    expect(line).toContain('KEEP-ME');
    expect(line).toContain('[redacted]');
    const written = logs.lines[0]!.body as Record<string, unknown>;
    expect(JSON.parse(written.asText as string)).toEqual({ client_secret: '[redacted]', note: 'kept' });
    expect(written.apiSecret).toBe('[redacted]');
  });
});
