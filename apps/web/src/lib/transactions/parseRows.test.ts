import { describe, expect, it } from 'vitest';
import type { TransactionDefinition } from '@lab/core/contract';
import { blankDefinition } from '@lab/core/transactions';
import { filterRows, lengthText, parsedRows, rowTone } from './parseRows';

const REQ = '020-global-shipping-transaction-request';
const def = (id: number, description: string, extra: Partial<TransactionDefinition> = {}): TransactionDefinition => ({
  ...blankDefinition('GSMW14', REQ, id, description),
  ...extra,
});

describe('parse rows', () => {
  it('tones, lengths and the name filter', () => {
    const rows = parsedRows(
      [
        { id: '4', suffix: '1', value: 'abcdefg' },
        { id: '79', suffix: '2', value: 'x' },
        { id: '5', suffix: null, value: '' },
      ],
      [def(4, 'sender_company', { length: '5' }), def(79, 'description_of_contents', { length: 'varies' })],
    );
    expect(rows.map(rowTone)).toEqual(['error', 'info', 'warning']);
    expect(rows.map(lengthText)).toEqual(['7/5', '1/-', '0/-']);
    expect(filterRows(rows, 'CONTENTS').map((r) => r.id)).toEqual(['79']);
    expect(filterRows(rows, '5').map((r) => r.id)).toEqual(['5']);
    expect(rows[0]!.definition?.description).toBe('sender_company');
  });
});
