import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_LEVEL, LEVELS, type SchemaViewMode } from '@/components/schema-view';

/**
 * Reads and writes the viewer's state in the URL: api, release (an older release's id), compare (the
 * release compared with), breaking (the change list filtered), op, part, view, level, field, full.
 */
export function useDocParams() {
  const [params, setParams] = useSearchParams();
  const levelParam = Number(params.get('level'));
  const state = {
    api: params.get('api') ?? undefined,
    release: params.get('release') ?? undefined,
    compare: params.get('compare') ?? undefined,
    breaking: params.get('breaking') === '1',
    op: params.get('op') ?? undefined,
    part: params.get('part') ?? 'request',
    view: (params.get('view') === 'table' ? 'table' : 'tree') as SchemaViewMode,
    level: (LEVELS as readonly number[]).includes(levelParam) ? levelParam : DEFAULT_LEVEL,
    field: params.get('field') ?? undefined,
    full: params.get('full') === '1',
  };
  // The latest setter (React Router makes a new one on each URL change), so `update` stays the same
  // function and memoised parts given it (the change list, the drawers) skip the page's re-renders.
  const setter = useRef(setParams);
  useLayoutEffect(() => {
    setter.current = setParams;
  }, [setParams]);
  /** Sets the given parameters; `undefined`, `false` and `''` remove one (its default). */
  const update = useCallback(
    (changes: Partial<Record<keyof typeof state, string | number | boolean | undefined>>) =>
      setter.current(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === false || v === '') next.delete(k);
            else next.set(k, v === true ? '1' : String(v));
          }
          return next;
        },
        { replace: true },
      ),
    [],
  );
  return [state, update] as const;
}

export type DocParams = ReturnType<typeof useDocParams>[0];
export type UpdateDocParams = ReturnType<typeof useDocParams>[1];
