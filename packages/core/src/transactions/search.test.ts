import { describe, expect, it } from 'vitest';
import {
  blankDefinition,
  checkFields,
  DefinitionIndex,
  fieldNumbers,
  normalizeSearchText,
  SEARCH_MESSAGES,
  splitAllValues,
  type TransactionDefinition,
} from './index.js';

const REQ = '020-global-shipping-transaction-request';
const REP = '120-global-shipping-transaction-reply';

const def = (id: number, description: string, extra: Partial<TransactionDefinition> = {}): TransactionDefinition => ({
  ...blankDefinition('GSMW14', REQ, id, description),
  ...extra,
});

const index = new DefinitionIndex([
  def(12, 'recipient_contact_name'),
  def(4, 'sender_company', { length: '35' }),
  def(11, 'recipient_company'),
  def(1273, 'packaging_type', { allValues: '01~02~YOUR_PACKAGING', details: 'kind of box' }),
  def(187, 'label_printer_type', { details: 'ZEBRA or DIB' }),
  def(1000, 'company'),
  def(4, 'sender_company', { type: REP }),
  def(4, 'sender_company', { version: 'GSMW15' }),
]);

describe('DefinitionIndex', () => {
  it('lists versions and the distinct types of a version', () => {
    expect(index.versions()).toEqual(['GSMW14', 'GSMW15']);
    expect(index.types('GSMW14')).toEqual([REQ, REP]);
    expect(index.types('nope')).toEqual([]);
    expect(index.hasDetails('GSMW14')).toBe(true);
    expect(index.hasDetails('GSMW15')).toBe(false);
    expect([...index.typeCounts('GSMW14')]).toEqual([
      [REQ, 6],
      [REP, 1],
    ]);
  });

  it('finds by exact id within a version and type', () => {
    const res = index.search('GSMW14', REQ, { keyword: '4', isId: true, isFullText: false });
    expect(res.definitions.map((d) => [d.id, d.type])).toEqual([[4, REQ]]);
    expect(res.msg).toBe('1 transaction found');
    expect(index.search('GSMW14', undefined, { keyword: '0004', isId: true, isFullText: false }).total).toBe(2);
  });

  it('ranks exact, prefix, word-start, then inner description matches, ties by id', () => {
    const res = index.search('GSMW14', REQ, { keyword: 'Company', isId: false, isFullText: false });
    expect(res.definitions.map((d) => d.id)).toEqual([1000, 4, 11]);
    expect(res.msg).toBe('3 transactions found');
    const inner = index.search('GSMW14', REQ, { keyword: 'ompan', isId: false, isFullText: false });
    expect(inner.definitions.map((d) => d.id)).toEqual([4, 11, 1000]);
  });

  it('reads underscores and spaces alike', () => {
    expect(index.match('GSMW14', REQ, 'contact name', false).map((d) => d.id)).toEqual([12]);
    expect(normalizeSearchText('  Sender__Company-x ')).toBe('sender company x');
  });

  it('searches details and all values only in full text, after description matches', () => {
    const q = { keyword: 'zebra', isId: false, isFullText: false };
    expect(index.search('GSMW14', REQ, q).msg).toBe(SEARCH_MESSAGES.none);
    expect(index.search('GSMW14', REQ, { ...q, isFullText: true }).definitions.map((d) => d.id)).toEqual([187]);
    const pack = index.search('GSMW14', REQ, { keyword: 'packaging', isId: false, isFullText: true });
    expect(pack.definitions.map((d) => d.id)).toEqual([1273]);
    const box = index.search('GSMW14', REQ, { keyword: 'your pack', isId: false, isFullText: true });
    expect(box.definitions.map((d) => d.id)).toEqual([1273]);
  });

  it('needs two letters for a keyword search and digits for an id search', () => {
    expect(index.search('GSMW14', REQ, { keyword: ' c ', isId: false, isFullText: true })).toEqual({
      definitions: [],
      total: 0,
      refused: true,
      msg: 'input at least two letters',
    });
    const notId = index.search('GSMW14', REQ, { keyword: 'abc', isId: true, isFullText: false });
    expect(notId.msg).toBe(SEARCH_MESSAGES.idDigits);
    expect(notId.refused).toBe(true);
    expect(index.search('GSMW14', REQ, { keyword: 'zzz', isId: false, isFullText: false }).refused).toBe(false);
  });

  it('limits the list and says so', () => {
    const many = new DefinitionIndex(Array.from({ length: 30 }, (_, i) => def(i, `weight ${i}`)));
    const res = many.search('GSMW14', REQ, { keyword: 'weight', isId: false, isFullText: false }, 10);
    expect(res.definitions).toHaveLength(10);
    expect(res.total).toBe(30);
    expect(res.msg).toBe('30 transactions found, showing the first 10');
  });

  it('keeps the best matches across ranks when limiting', () => {
    const ranks = new DefinitionIndex([def(1, 'x company'), def(2, 'acompany'), def(3, 'companyx'), def(5, 'company')]);
    const res = ranks.search('GSMW14', REQ, { keyword: 'company', isId: false, isFullText: false }, 2);
    expect(res.definitions.map((d) => d.id)).toEqual([5, 3]);
    expect(res.total).toBe(4);
    expect(ranks.match('GSMW14', REQ, 'company', false).map((d) => d.id)).toEqual([5, 3, 1, 2]);
  });

  it('gets one and many by id', () => {
    expect(index.get('GSMW14', REQ, 187)?.description).toBe('label_printer_type');
    expect(index.get('GSMW14', REQ, 9)).toBeUndefined();
    expect(index.getMany('GSMW14', REQ, [187, 4, 4, 9]).map((d) => d.id)).toEqual([4, 187]);
  });
});

describe('checkFields', () => {
  it('names fields, checks lengths and marks missing definitions', () => {
    const defs = new Map([[4, def(4, 'sender_company', { length: '5' })]]);
    const rows = checkFields(
      [
        { id: '4', suffix: null, value: 'ACME' },
        { id: '0004', suffix: '2', value: 'ACME Inc' },
        { id: '77', suffix: null, value: '' },
      ],
      defs,
    );
    expect(rows).toEqual([
      { id: '4', suffix: null, name: 'sender_company', value: 'ACME', length: 4, maxLength: 5, status: 'ok' },
      {
        id: '0004',
        suffix: '2',
        name: 'sender_company',
        value: 'ACME Inc',
        length: 8,
        maxLength: 5,
        status: 'too-long',
      },
      { id: '77', suffix: null, name: 'NOT FOUND', value: '', length: 0, maxLength: null, status: 'no-definition' },
    ]);
    expect(
      fieldNumbers([
        { id: '4', suffix: null, value: '' },
        { id: '004', suffix: '1', value: '' },
      ]),
    ).toEqual([4]);
    expect(splitAllValues('A~ B ~~C')).toEqual(['A', 'B', 'C']);
    expect(splitAllValues(null)).toEqual([]);
  });
});
