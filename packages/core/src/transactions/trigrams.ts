/**
 * Trigram → the indexes (ascending) of the texts that contain it. The texts holding a needle's
 * rarest trigram are a superset of the texts holding the needle, so a search checks only those
 * instead of every text. Characters past U+00FE share one code: that only adds candidates.
 */
export class TrigramIndex {
  private readonly postings = new Map<number, Int32Array>();

  constructor(texts: readonly string[]) {
    const lists = new Map<number, number[]>();
    texts.forEach((text, k) => {
      for (let i = 0; i + 3 <= text.length; i++) {
        const key = trigramKey(text, i);
        let list = lists.get(key);
        if (!list) lists.set(key, (list = []));
        if (list[list.length - 1] !== k) list.push(k);
      }
    });
    for (const [key, list] of lists) this.postings.set(key, Int32Array.from(list));
  }

  /** Indexes of the texts that may contain the needle (3 or more characters), ascending. */
  candidates(needle: string): Int32Array {
    let best: Int32Array | undefined;
    for (let i = 0; i + 3 <= needle.length; i++) {
      const list = this.postings.get(trigramKey(needle, i));
      if (!list) return NONE;
      if (!best || list.length < best.length) best = list;
    }
    if (!best) throw new RangeError('a trigram lookup needs 3 or more characters');
    return best;
  }
}

const NONE = new Int32Array(0);
const code = (c: number) => (c < 255 ? c : 255);

function trigramKey(s: string, i: number): number {
  return (code(s.charCodeAt(i)) << 16) | (code(s.charCodeAt(i + 1)) << 8) | code(s.charCodeAt(i + 2));
}
