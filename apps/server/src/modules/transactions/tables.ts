import type { Generated } from 'kysely';

export interface TransactionDefinitionTable {
  id: Generated<number>;
  version: string;
  tran_type: string;
  tran_id: number;
  description: string;
  value_type: string | null;
  length: string | null;
  occurrences: string | null;
  details: string | null;
  /** Possible values with `~` between them. */
  all_values: string | null;
  updated_at: string;
}

export interface TransactionKeywordTable {
  id: Generated<number>;
  keyword: string;
  /** 1 when the search was by field id, else 0. */
  is_id: number;
  created: string;
}

declare module '../../db/schema.js' {
  interface Database {
    transaction_definitions: TransactionDefinitionTable;
    transaction_keywords: TransactionKeywordTable;
  }
}
