import type { TransactionDefinition } from './definitions.js';
import { TrigramIndex } from './trigrams.js';

export interface DefinitionQuery {
  keyword: string;
  /** Exact field id match instead of a text search. */
  isId: boolean;
  /** Also search details and all possible values, not only the description. */
  isFullText: boolean;
}

export interface DefinitionSearchResult {
  definitions: TransactionDefinition[];
  /** True when the search was refused (too short, not an id): nothing ran, nothing to record. */
  refused: boolean;
  /** Matches before the limit. */
  total: number;
  msg: string;
}

/** At most this many definitions in one search reply (the total is still counted). */
export const SEARCH_LIMIT = 100;

export const SEARCH_MESSAGES = {
  tooShort: 'input at least two letters',
  idDigits: 'search id needs a field number (digits only)',
  none: 'no transaction found',
} as const;

export function foundMessage(total: number, shown: number): string {
  const noun = total === 1 ? 'transaction' : 'transactions';
  return shown < total ? `${total} ${noun} found, showing the first ${shown}` : `${total} ${noun} found`;
}

/** Lower case, with `_`, `-`, control characters and runs of whitespace read as one space: `Sender_Company` ≈ `sender company`. */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\p{Cc}_-]+/gu, ' ')
    .trim();
}

/** The definitions of one version (all types, or one type) in id order, with their search texts. */
class EntryList {
  readonly description: string[];
  /** Details, then U+0001, then all values: one scan per definition finds either. */
  readonly fullText: string[];
  /** Where each definition's all values start in its fullText. */
  readonly valuesStart: Int32Array;

  constructor(readonly defs: TransactionDefinition[]) {
    defs.sort((a, b) => a.id - b.id || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
    this.description = defs.map((d) => normalizeSearchText(d.description));
    const details = defs.map((d) => normalizeSearchText(d.details ?? ''));
    this.valuesStart = Int32Array.from(details, (d) => d.length + 1);
    this.fullText = defs.map((d, k) => `${details[k]}\u0001${normalizeSearchText(d.allValues ?? '')}`);
  }

  private trigrams: TrigramIndex | undefined;

  /**
   * The definitions that may contain the needle anywhere, ascending; undefined = check them all
   * (needles under 3 characters, and short lists where a scan is as quick). Built on first use.
   */
  candidates(needle: string): Int32Array | undefined {
    if (needle.length < 3 || this.defs.length < TRIGRAM_MIN_LIST) return undefined;
    return this.prepare().candidates(needle);
  }

  prepare(): TrigramIndex {
    this.trigrams ??= new TrigramIndex(this.description.map((d, k) => `${d}\u0001${this.fullText[k]}`));
    return this.trigrams;
  }
}

/** Lists shorter than this are scanned whole. */
const TRIGRAM_MIN_LIST = 1000;

// Ranks: 0 exact description, 1 description prefix, 2 word start, 3 inside; 4 details, 5 all values.
const RANKS = 6;

interface VersionEntries {
  /** Every type's definitions, ordered by id then type: type-less searches need no sort. */
  all: EntryList;
  byType: Map<string, EntryList>;
}

const EMPTY = new EntryList([]);

/**
 * All definitions of the loaded versions, held in memory for searches that answer in well under a
 * millisecond: per version, per type, in id order. A search drops each match in its rank's bucket
 * while walking in id order, so results come out ranked without sorting. (One string per
 * definition measured faster than one joined string walked with indexOf.)
 */
export class DefinitionIndex {
  private readonly byVersion = new Map<string, VersionEntries>();

  constructor(definitions: Iterable<TransactionDefinition>) {
    const grouped = new Map<string, Map<string, TransactionDefinition[]>>();
    for (const def of definitions) {
      let types = grouped.get(def.version);
      if (!types) grouped.set(def.version, (types = new Map()));
      let list = types.get(def.type);
      if (!list) types.set(def.type, (list = []));
      list.push(def);
    }
    for (const [version, types] of grouped) {
      const byType = new Map([...types].map(([type, defs]) => [type, new EntryList(defs)] as const));
      this.byVersion.set(version, { all: new EntryList([...types.values()].flat()), byType });
    }
  }

  /**
   * Steps that build the trigram filters ahead of the first searches, one list per step, so a
   * caller can run them in idle moments instead of on a request.
   */
  preparationSteps(): (() => void)[] {
    return [...this.byVersion.values()].flatMap((v) =>
      [v.all, ...v.byType.values()]
        .filter((list) => list.defs.length >= TRIGRAM_MIN_LIST)
        .map((list) => () => void list.prepare()),
    );
  }

  versions(): string[] {
    return [...this.byVersion.keys()].sort();
  }

  /** The distinct transaction types of a version, sorted. */
  types(version: string): string[] {
    return [...(this.byVersion.get(version)?.byType.keys() ?? [])].sort();
  }

  /** True when some definition of the version has more than a name (a length, value type, details or values). */
  hasDetails(version: string): boolean {
    return (this.byVersion.get(version)?.all.defs ?? []).some(
      (d) => d.length !== null || d.valueType !== null || d.details !== null || d.allValues !== null,
    );
  }

  /** How many definitions of a version have a length: the fields the too-long check can check. */
  definedCount(version: string): number {
    return (this.byVersion.get(version)?.all.defs ?? []).filter((d) => d.length !== null).length;
  }

  /** How many definitions each type of a version has. */
  typeCounts(version: string): Map<string, number> {
    return new Map([...(this.byVersion.get(version)?.byType ?? [])].map(([type, list]) => [type, list.defs.length]));
  }

  private entries(version: string, type: string | undefined): EntryList {
    const v = this.byVersion.get(version);
    if (!v) return EMPTY;
    return type === undefined ? v.all : (v.byType.get(type) ?? EMPTY);
  }

  get(version: string, type: string, id: number): TransactionDefinition | undefined {
    return this.entries(version, type).defs.find((d) => d.id === id);
  }

  /** The definitions of the given ids that exist, in id order, each once. */
  getMany(version: string, type: string, ids: readonly number[]): TransactionDefinition[] {
    const wanted = new Set(ids);
    return this.entries(version, type).defs.filter((d) => wanted.has(d.id));
  }

  /** Description matches (or with fullText: details and all values too), best first. */
  match(version: string, type: string | undefined, keyword: string, fullText: boolean): TransactionDefinition[] {
    return this.rankedMatches(version, type, keyword, fullText, Infinity).definitions;
  }

  /**
   * The best `limit` matches and how many there are. Each rank keeps at most `limit` entries: the
   * ones after can never be among the best `limit`, so dense matches allocate little.
   */
  private rankedMatches(
    version: string,
    type: string | undefined,
    keyword: string,
    fullText: boolean,
    limit: number,
  ): { definitions: TransactionDefinition[]; total: number } {
    const needle = normalizeSearchText(keyword);
    if (needle === '') return { definitions: [], total: 0 };
    const spaced = ` ${needle}`;
    const buckets: TransactionDefinition[][] = Array.from({ length: RANKS }, () => []);
    let total = 0;
    const keep = (rank: number, def: TransactionDefinition) => {
      total++;
      const bucket = buckets[rank]!;
      if (bucket.length < limit) bucket.push(def);
    };
    const list = this.entries(version, type);
    const { defs, description, fullText: full, valuesStart } = list;
    const candidates = list.candidates(needle);
    const n = candidates ? candidates.length : defs.length;
    for (let j = 0; j < n; j++) {
      const k = candidates ? candidates[j]! : j;
      const text = description[k]!;
      const at = text.indexOf(needle);
      if (at >= 0) {
        let rank = 3;
        if (at === 0) rank = text.length === needle.length ? 0 : 1;
        else if (text.charCodeAt(at - 1) === 32 || text.indexOf(spaced, at) >= 0) rank = 2;
        keep(rank, defs[k]!);
      } else if (fullText) {
        const inFull = full[k]!.indexOf(needle);
        if (inFull >= 0) keep(inFull < valuesStart[k]! ? 4 : 5, defs[k]!);
      }
    }
    const ranked = buckets.flat();
    return { definitions: ranked.length > limit ? ranked.slice(0, limit) : ranked, total };
  }

  /** The search the Search Transaction screen runs. */
  search(
    version: string,
    type: string | undefined,
    query: DefinitionQuery,
    limit = SEARCH_LIMIT,
  ): DefinitionSearchResult {
    const keyword = query.keyword.trim();
    let found: { definitions: TransactionDefinition[]; total: number };
    if (query.isId) {
      if (!/^\d{1,4}$/.test(keyword))
        return { definitions: [], total: 0, refused: true, msg: SEARCH_MESSAGES.idDigits };
      const id = Number(keyword);
      const all = this.entries(version, type).defs.filter((d) => d.id === id);
      found = { definitions: all.slice(0, limit), total: all.length };
    } else {
      if (keyword.length < 2) return { definitions: [], total: 0, refused: true, msg: SEARCH_MESSAGES.tooShort };
      found = this.rankedMatches(version, type, keyword, query.isFullText, limit);
    }
    if (found.total === 0) return { definitions: [], total: 0, refused: false, msg: SEARCH_MESSAGES.none };
    return { ...found, refused: false, msg: foundMessage(found.total, found.definitions.length) };
  }
}
