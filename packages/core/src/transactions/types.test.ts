import { describe, expect, it } from 'vitest';
import { KNOWN_TRANSACTION_TYPES, transactionTypeList, typeNumber } from './types.js';

const REQ = '020-global-shipping-transaction-request';
const REP = '120-global-shipping-transaction-reply';

describe('transaction types', () => {
  it('offers every known type, with its number and name, even when no definitions are loaded', () => {
    const list = transactionTypeList(new Map());
    expect(list.map((t) => t.type)).toEqual([
      REQ,
      REP,
      'return-shipment',
      'ipd-add-crn',
      'ipd-edit-crn',
      'ipd-create-master',
      'ipd-edit-master',
    ]);
    expect(list.every((t) => t.known && t.definitions === 0)).toBe(true);
    expect(list[0]).toEqual({
      type: REQ,
      number: '020',
      name: 'Global shipping transaction request',
      known: true,
      definitions: 0,
    });
    expect(list[1]!.number).toBe('120');
  });

  it('counts loaded definitions and puts imported types beside the known ones, sorted', () => {
    const list = transactionTypeList(
      new Map([
        [REQ, 436],
        ['zz-custom', 2],
        ['300-rate-request', 5],
        ['ipd-add-crn', 3],
      ]),
    );
    expect(list).toHaveLength(KNOWN_TRANSACTION_TYPES.length + 2);
    expect(list.find((t) => t.type === REQ)!.definitions).toBe(436);
    expect(list.find((t) => t.type === 'ipd-add-crn')!.definitions).toBe(3);
    expect(list.slice(-2)).toEqual([
      { type: '300-rate-request', number: '300', name: '300-rate-request', known: false, definitions: 5 },
      { type: 'zz-custom', number: null, name: 'zz-custom', known: false, definitions: 2 },
    ]);
  });

  it('reads the transaction code off a type key', () => {
    expect(typeNumber(REP)).toBe('120');
    expect(typeNumber('return-shipment')).toBeNull();
  });
});
