import { useCallback, useMemo, useRef, useState } from 'react';
import type { SchemaField } from '@lab/core/schema-tree';
import { descriptionText } from './description';

/** Lower-cased name, path and description text per field, built on the first search only. */
function useSearchIndex(fields: SchemaField[]): () => string[] {
  const cache = useRef<{ fields: SchemaField[]; index: string[] } | undefined>(undefined);
  return useCallback(() => {
    if (cache.current?.fields !== fields) {
      cache.current = {
        fields,
        index: fields.map((f) =>
          `${f.name}\n${f.path}\n${f.description ? descriptionText(f.description) : ''}`.toLowerCase(),
        ),
      };
    }
    return cache.current.index;
  }, [fields]);
}

/**
 * The search box's state: the fields whose name, path or description contain the query, which
 * match is shown, and `show(i)` called for the first match as the query is typed and for each
 * match stepped to.
 */
export function useFieldSearch(fields: SchemaField[], show: (index: number) => void) {
  const haystack = useSearchIndex(fields);
  const [query, setQuery] = useState('');
  const [matchAt, setMatchAt] = useState(0);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    const out: number[] = [];
    haystack().forEach((h, i) => {
      if (h.includes(q)) out.push(i);
    });
    return out;
  }, [haystack, query]);

  const type = (q: string) => {
    setQuery(q);
    setMatchAt(0);
    const needle = q.trim().toLowerCase();
    if (!needle) return;
    const first = haystack().findIndex((h) => h.includes(needle));
    if (first >= 0) show(first);
  };

  /** Shows the match `step` after the current one (−1: the one before), wrapping around. */
  const step = (by: number) => {
    if (matches.length === 0) return;
    const n = (((matchAt + by) % matches.length) + matches.length) % matches.length;
    setMatchAt(n);
    show(matches[n]!);
  };

  return { query, matchAt, matches, type, step };
}

export type FieldSearch = ReturnType<typeof useFieldSearch>;
