import { DefinitionIndex, type DefinitionQuery, type DefinitionSearchResult } from '@lab/core/transactions';
import type { Db } from '../../db/index.js';
import { allDefinitions, definitionsStamp, logKeyword, recentKeywords, type RecentKeyword } from './repo.js';

export const RECENT_KEYWORDS = 10;

/** Runs each step in its own turn of the event loop, so requests keep being served in between. */
function runWhenIdle(steps: (() => void)[]): void {
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    setImmediate(next);
  };
  setImmediate(next);
}

/**
 * The definitions, served from an in-memory index. Before each use the index is checked against
 * the latest import of the definitions (one indexed single-row query), so an import made by the
 * CLI or by another server instance on the same database is picked up on the next request.
 */
export class TransactionCatalog {
  private current: { stamp: number; index: DefinitionIndex } | undefined;
  private loading: Promise<{ stamp: number; index: DefinitionIndex }> | undefined;

  constructor(private readonly db: Db) {}

  async index(): Promise<DefinitionIndex> {
    const stamp = await definitionsStamp(this.db.kysely);
    if (this.current?.stamp === stamp) return this.current.index;
    this.loading ??= allDefinitions(this.db.kysely)
      .then((defs) => {
        const index = new DefinitionIndex(defs);
        runWhenIdle(index.preparationSteps());
        return { stamp, index };
      })
      .finally(() => (this.loading = undefined));
    const loaded = await this.loading;
    if (!this.current || loaded.stamp >= this.current.stamp) this.current = loaded;
    return loaded.index;
  }

  /** Runs a search and records its keyword in the log; a refused search (too short, not an id) is not recorded. */
  async search(version: string, type: string | undefined, query: DefinitionQuery): Promise<DefinitionSearchResult> {
    const result = (await this.index()).search(version, type, query);
    if (!result.refused) await logKeyword(this.db.kysely, query.keyword.trim(), query.isId, new Date().toISOString());
    return result;
  }

  recentKeywords(): Promise<RecentKeyword[]> {
    return recentKeywords(this.db.kysely, RECENT_KEYWORDS);
  }
}
