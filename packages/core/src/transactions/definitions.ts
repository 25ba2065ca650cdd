import type { TransactionField } from './format.js';
import type { TransactionDefinition } from '../contract/transactions.js';

/** The definitions version the screens read and the API assumes (the starter data: the carrier's v14 software). */
export const DEFAULT_DEFINITIONS_VERSION = 'GSMW14';
/** The type whose definitions name a transaction's fields unless told otherwise. */
export const DEFAULT_TRANSACTION_TYPE = '020-global-shipping-transaction-request';
/** A definitions version name: 1-40 letters, digits, `.`, `_` or `-`. */
export const VERSION_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;

export type { TransactionDefinition } from '../contract/transactions.js';

/** A definition of which only the field name is known: every other attribute empty, never guessed. */
export function blankDefinition(version: string, type: string, id: number, description: string): TransactionDefinition {
  return {
    version,
    type,
    id,
    description,
    valueType: null,
    length: null,
    occurrences: null,
    details: null,
    allValues: null,
  };
}

/** `A~B~C` → `['A', 'B', 'C']`; empty parts dropped. */
export function splitAllValues(allValues: string | null | undefined): string[] {
  if (!allValues) return [];
  return allValues
    .split('~')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The defined maximum length when it is a plain number, else null. */
export function maxLengthOf(def: Pick<TransactionDefinition, 'length'> | undefined): number | null {
  const text = def?.length?.trim();
  return text && /^\d+$/.test(text) ? Number(text) : null;
}

export type FieldStatus = 'ok' | 'no-definition' | 'too-long';

/** How a parsed field fares against its definition. */
export function fieldStatus(field: TransactionField, def: TransactionDefinition | undefined): FieldStatus {
  if (!def) return 'no-definition';
  const max = maxLengthOf(def);
  return max !== null && field.value.length > max ? 'too-long' : 'ok';
}

/** The definition id a field refers to (`0079-2` → 79). */
export const fieldNumber = (field: Pick<TransactionField, 'id'>): number => Number(field.id);

/** Distinct field numbers of a transaction, in first-seen order. */
export function fieldNumbers(fields: readonly TransactionField[]): number[] {
  return [...new Set(fields.map(fieldNumber))];
}

export interface CheckedField {
  id: string;
  suffix: string | null;
  name: string;
  value: string;
  length: number;
  maxLength: number | null;
  status: FieldStatus;
}

export const NOT_FOUND = 'NOT FOUND';

/** Each field with its definition's name and length check (the CLI's and the parse screen's rows). */
export function checkFields(
  fields: readonly TransactionField[],
  definitions: ReadonlyMap<number, TransactionDefinition>,
): CheckedField[] {
  return fields.map((f) => {
    const def = definitions.get(fieldNumber(f));
    return {
      id: f.id,
      suffix: f.suffix,
      name: def ? def.description : NOT_FOUND,
      value: f.value,
      length: f.value.length,
      maxLength: maxLengthOf(def),
      status: fieldStatus(f, def),
    };
  });
}
