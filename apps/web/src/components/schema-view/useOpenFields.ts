import { useCallback, useMemo, useState } from 'react';
import type { SchemaField, SchemaTree } from '@lab/core/schema-tree';

/** Indexes of the fields shown: pre-order, skipping the subtrees of closed fields. */
export function visibleFields(fields: SchemaField[], isOpen: (i: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < fields.length;) {
    out.push(i);
    const f = fields[i]!;
    i = f.end > i + 1 && !isOpen(i) ? f.end : i + 1;
  }
  return out;
}

/**
 * Which fields of a tree are open: those at depth < level, changed by carets and searches until the
 * next level choice. Every level choice starts over (even back to a level chosen before).
 */
export function useOpenFields(tree: SchemaTree, level: number) {
  const fields = tree.fields;
  const [levelSeen, setLevelSeen] = useState(level);
  const [levelChoices, setLevelChoices] = useState(0);
  if (level !== levelSeen) {
    setLevelSeen(level);
    setLevelChoices((n) => n + 1);
  }
  const resetKey = `${level}:${levelChoices}`;
  const [overrides, setOverrides] = useState<{ tree: SchemaTree; key: string; map: Map<number, boolean> }>({
    tree,
    key: resetKey,
    map: new Map(),
  });
  const map = overrides.tree === tree && overrides.key === resetKey ? overrides.map : undefined;
  const isOpen = useCallback((i: number) => map?.get(i) ?? fields[i]!.depth < level, [map, fields, level]);
  const visible = useMemo(() => visibleFields(fields, isOpen), [fields, isOpen]);

  const setOpen = useCallback(
    (entries: [number, boolean][]) =>
      setOverrides((prev) => {
        const base = prev.tree === tree && prev.key === resetKey ? prev.map : new Map<number, boolean>();
        const next = new Map(base);
        for (const [i, v] of entries) next.set(i, v);
        return { tree, key: resetKey, map: next };
      }),
    [tree, resetKey],
  );

  const toggle = useCallback((i: number) => setOpen([[i, !isOpen(i)]]), [setOpen, isOpen]);

  /** Opens the parents of a field (so it is shown). */
  const reveal = useCallback(
    (i: number) => {
      const entries: [number, boolean][] = [];
      for (let p = fields[i]!.parent; p >= 0; p = fields[p]!.parent) if (!isOpen(p)) entries.push([p, true]);
      if (entries.length) setOpen(entries);
    },
    [fields, isOpen, setOpen],
  );

  return { isOpen, visible, toggle, reveal };
}
