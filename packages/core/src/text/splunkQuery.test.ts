import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSplunkQuery,
  DEFAULT_SPLUNK_SETTINGS,
  escapeSplunkValue,
  renderSplunkQuery,
  splunkTimeBounds,
} from './splunkQuery.js';

describe('renderSplunkQuery', () => {
  it('fills placeholders and drops optional parts without values', () => {
    expect(
      renderSplunkQuery('index={{index}}[[ "{{trackingNumber}}"]][[ acct={{accountNumber}}]] x', {
        index: 'apigw',
        trackingNumber: ' 794600000000 ',
      }),
    ).toEqual({ ok: true, query: 'index=apigw "794600000000" x' });
  });

  it('escapes quotes and backslashes in values', () => {
    expect(renderSplunkQuery('"{{endpoint}}"', { endpoint: 'a"b\\c' })).toEqual({ ok: true, query: '"a\\"b\\\\c"' });
  });

  it('reports malformed templates and missing required values', () => {
    expect(renderSplunkQuery('{{index', {})).toEqual({ ok: false, message: 'unclosed {{ in template' });
    expect(renderSplunkQuery('{{nope}}', {})).toEqual({ ok: false, message: 'unknown placeholder {{nope}}' });
    expect(renderSplunkQuery('[[ a', {})).toEqual({ ok: false, message: 'unclosed [[ in template' });
    expect(renderSplunkQuery('a ]]', {})).toEqual({ ok: false, message: ']] without [[ in template' });
    expect(renderSplunkQuery('[[ [[ ]] ]]', {})).toEqual({ ok: false, message: 'optional parts cannot be nested' });
    expect(renderSplunkQuery('index={{index}}', { index: ' ' })).toEqual({
      ok: false,
      message: 'missing value for {{index}}',
    });
  });

  it('property: a quoted value reads back unchanged after unescaping, template syntax in it included', () => {
    // Values full of the characters that matter here — quotes, backslashes and the template's own
    // {{ }} [[ ]] — as well as any string: a value is data and is never read as template syntax.
    const syntaxHeavy = fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', 'a', ' '), minLength: 1 });
    fc.assert(
      fc.property(fc.oneof(syntaxHeavy, fc.string({ minLength: 1 })), (value) => {
        fc.pre(value.trim() !== '');
        const r = renderSplunkQuery('q "{{transactionId}}"[[ acct={{accountNumber}}]]', { transactionId: value });
        if (!r.ok) throw new Error(r.message);
        const quoted = /^q "((?:[^"\\]|\\.)*)"$/s.exec(r.query);
        expect(quoted).not.toBeNull();
        expect(quoted![1]!.replace(/\\(.)/gs, '$1')).toBe(value.trim());
      }),
    );
  });
});

describe('buildSplunkQuery', () => {
  it('builds the default search for production over the last 4 hours', () => {
    expect(
      buildSplunkQuery(
        {
          environment: 'production',
          transactionId: 'abc-123',
          trackingNumber: '',
          endpoint: '/ship/v1/shipments',
          range: { kind: 'relative', earliest: '-4h' },
        },
        DEFAULT_SPLUNK_SETTINGS,
      ),
    ).toEqual({
      ok: true,
      query: 'search index=apigw_prod sourcetype=apigw:access "abc-123" "*/ship/v1/shipments*" earliest=-4h latest=now',
    });
  });

  it('uses the sandbox index and an absolute range', () => {
    const r = buildSplunkQuery(
      {
        environment: 'sandbox',
        accountNumber: '510087020',
        range: { kind: 'absolute', from: '2026-11-22T09:00', to: '2026-11-22T10:30' },
      },
      DEFAULT_SPLUNK_SETTINGS,
    );
    expect(r).toEqual({
      ok: true,
      query:
        'search index=apigw_sandbox sourcetype=apigw:access "510087020" earliest=11/22/2026:09:00:00 latest=11/22/2026:10:30:00',
    });
  });

  it('rejects unusable time ranges', () => {
    expect(splunkTimeBounds({ kind: 'absolute', from: '2026-11-22T10:00', to: '2026-11-22T09:00' })).toEqual({
      ok: false,
      message: 'the time range must end after it starts',
    });
    expect(splunkTimeBounds({ kind: 'absolute', from: '', to: '2026-11-22T09:00' })).toMatchObject({ ok: false });
    expect(splunkTimeBounds({ kind: 'relative', earliest: 'yesterday' })).toMatchObject({ ok: false });
  });

  it('escapes only what needs it', () => {
    expect(escapeSplunkValue('plain-value_1')).toBe('plain-value_1');
  });
});
