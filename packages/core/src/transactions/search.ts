import type { TransactionDefinition } from './definitions.js';

export interface DefinitionQuery {
  keyword: string;
  /** Exact field id match instead of a text search. */
  isId: boolean;
  /** Also search details and all possible values, not only the description. */
  isFullText: boolean;
}

export interface DefinitionSearchResult {
  definitions: TransactionDefinition[];
  /** Matches before the limit. */
  total: number;
  msg: string;
}

export const SEARCH_MESSAGES = {
  tooShort: 'input at least two letters',
  idDigits: 'search id needs a field number (digits only)',
  none: 'no transaction found',
} as const;

export function foundMessage(total: number, shown: number): string {
  const noun = total === 1 ? 'transaction' : 'transactions';
  return shown < total ? `${total} ${noun} found, showing the first ${shown}` : `${total} ${noun} found`;
}

/** Lower case, with `_`, `-` and runs of whitespace read as one space: `Sender_Company` ≈ `sender company`. */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

interface Entry {
  def: TransactionDefinition;
  description: string;
  details: string;
  allValues: string;
}

/** Rank of a text match, lower is better; -1 when no match. */
function textRank(haystack: string, needle: string): number {
  const at = haystack.indexOf(needle);
  if (at < 0) return -1;
  if (at === 0) return haystack.length === needle.length ? 0 : 1;
  if (haystack.charCodeAt(at - 1) === 32 || haystack.indexOf(` ${needle}`, at) >= 0) return 2;
  return 3;
}

const byRankThenId = (a: { rank: number; e: Entry }, b: { rank: number; e: Entry }) =>
  a.rank - b.rank || a.e.def.id - b.e.def.id || a.e.def.type.localeCompare(b.e.def.type);

/**
 * All definitions of the loaded versions, held in memory for searches that answer in well under a
 * millisecond: per version, per type, in id order.
 */
export class DefinitionIndex {
  private readonly byVersion = new Map<string, Map<string, Entry[]>>();

  constructor(definitions: Iterable<TransactionDefinition>) {
    for (const def of definitions) {
      let types = this.byVersion.get(def.version);
      if (!types) this.byVersion.set(def.version, (types = new Map()));
      let list = types.get(def.type);
      if (!list) types.set(def.type, (list = []));
      list.push({
        def,
        description: normalizeSearchText(def.description),
        details: normalizeSearchText(def.details ?? ''),
        allValues: normalizeSearchText(def.allValues ?? ''),
      });
    }
    for (const types of this.byVersion.values())
      for (const list of types.values()) list.sort((a, b) => a.def.id - b.def.id);
  }

  versions(): string[] {
    return [...this.byVersion.keys()].sort();
  }

  /** The distinct transaction types of a version, sorted. */
  types(version: string): string[] {
    return [...(this.byVersion.get(version)?.keys() ?? [])].sort();
  }

  private entries(version: string, type: string | undefined): Entry[] {
    const types = this.byVersion.get(version);
    if (!types) return [];
    if (type !== undefined) return types.get(type) ?? [];
    return [...types.values()].flat();
  }

  get(version: string, type: string, id: number): TransactionDefinition | undefined {
    return this.entries(version, type).find((e) => e.def.id === id)?.def;
  }

  /** The definitions of the given ids that exist, in id order, each once. */
  getMany(version: string, type: string, ids: readonly number[]): TransactionDefinition[] {
    const wanted = new Set(ids);
    return this.entries(version, type)
      .filter((e) => wanted.has(e.def.id))
      .map((e) => e.def);
  }

  /** Description matches (or with fullText: details and all values too), best first. */
  match(version: string, type: string | undefined, keyword: string, fullText: boolean): TransactionDefinition[] {
    const needle = normalizeSearchText(keyword);
    if (needle === '') return [];
    const hits: { rank: number; e: Entry }[] = [];
    for (const e of this.entries(version, type)) {
      let rank = textRank(e.description, needle);
      if (rank < 0 && fullText) {
        if (e.details.includes(needle)) rank = 4;
        else if (e.allValues.includes(needle)) rank = 5;
      }
      if (rank >= 0) hits.push({ rank, e });
    }
    return hits.sort(byRankThenId).map((h) => h.e.def);
  }

  /** The search the Search Transaction screen runs. */
  search(version: string, type: string | undefined, query: DefinitionQuery, limit = 200): DefinitionSearchResult {
    const keyword = query.keyword.trim();
    let found: TransactionDefinition[];
    if (query.isId) {
      if (!/^\d{1,4}$/.test(keyword)) return { definitions: [], total: 0, msg: SEARCH_MESSAGES.idDigits };
      const id = Number(keyword);
      found = this.entries(version, type)
        .filter((e) => e.def.id === id)
        .map((e) => e.def);
    } else {
      if (keyword.length < 2) return { definitions: [], total: 0, msg: SEARCH_MESSAGES.tooShort };
      found = this.match(version, type, keyword, query.isFullText);
    }
    if (found.length === 0) return { definitions: [], total: 0, msg: SEARCH_MESSAGES.none };
    const definitions = found.slice(0, limit);
    return { definitions, total: found.length, msg: foundMessage(found.length, definitions.length) };
  }
}
