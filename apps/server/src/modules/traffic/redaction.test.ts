import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../logger.js';
import { jsonText } from './log.js';

// Keys that are secret-named to the logger (SECRET_NAME), and plain ones.
const key = fc.oneof(
  fc.constantFrom('access_token', 'client_secret', 'Authorization', 'x-api-key', 'password', 'token_type', 'cookie'),
  fc.constantFrom('name', 'value', 'output', 'rateReplyDetails', 'city', 'postalCode', 'amount'),
  fc.string({ maxLength: 8 }),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 12 }),
    fc.constantFrom('{"token":"t"}', '[1,2]', ' {"a":1}', ''),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('traffic bodies are redacted exactly as the logger redacts them', () => {
  it('the kept text is the logger’s redaction of the value, whether or not it had anything secret', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(jsonText(value, JSON.stringify(value))).toBe(JSON.stringify(redactSecrets(value)));
        expect(jsonText(value)).toBe(JSON.stringify(redactSecrets(value)));
      }),
      { numRuns: 2000 },
    );
  });
});
