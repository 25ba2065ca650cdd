// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataUrlToBlob, formatBytes } from './payloads';

describe('the form inputs', () => {
  it('turn a base64 data URL back into its exact bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const b64 = btoa(String.fromCharCode(...bytes));
        const blob = dataUrlToBlob(`data:image/png;base64,${b64}`);
        expect(blob.type).toBe('image/png');
        expect(blob.size).toBe(bytes.length);
      }),
    );
  });

  it('write a file size in bytes, and in KB past 1 KB', () => {
    expect(formatBytes(1234)).toBe('1,234 bytes (1.2 KB)');
    expect(formatBytes(12)).toBe('12 bytes');
  });
});
