import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { Empty } from 'antd';
import type { SchemaField, SchemaTree } from '@lab/core/schema-tree';
import { useMessages } from '@/lib/i18n';
import { FIELD_WIDTH } from './FieldResizer';
import { FieldSearchBar } from './FieldSearchBar';
import { messages } from './messages';
import { SchemaRow, SchemaTableHead } from './SchemaRow';
import { useFieldSearch } from './useFieldSearch';
import { useOpenFields } from './useOpenFields';
import type { SchemaViewMode } from './viewOptions';
import './schemaView.css';

/** Row heights (px) when descriptions show their first sentence: must match schemaView.css. */
const TREE_ROW = 48;
const TABLE_ROW = 32;

export interface SchemaViewProps {
  tree: SchemaTree;
  view: SchemaViewMode;
  /** Fields at depth < level are open (1–10). */
  level: number;
  fullDescription: boolean;
  /** The selected field's path (deep links, search). */
  selected?: string | undefined;
  onSelect?: (path: string | undefined) => void;
  /** A description's `loadDocReference("x")` link was clicked. */
  onDocReference?: (name: string) => void;
  /** Height of the scrolling area (CSS). */
  height?: number | string;
  /** Accessible name of the field list. */
  label?: string;
  /**
   * What a page adds to a field's row after its type (FAPI Doc: a compare mark, a where-used button).
   * Keep it stable (useCallback): rows are memoised.
   */
  fieldExtra?: ((field: SchemaField) => ReactNode) | undefined;
}

/** Rect of the scroll element; a box with no layout yet (tests, hidden tabs) counts as 800×600. */
const observeRect: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width || 800, height: 600 }));

/**
 * A schema's fields as a virtualised tree or table: name, type, required, enum values, lengths,
 * format, example, description (sanitised HTML). Expand level opens that many levels at once;
 * a search box finds fields by name or description and jumps to them (opening their parents);
 * each field can copy its path; a recursive schema is a link to the field already showing it.
 */
export function SchemaView({
  tree,
  view,
  level,
  fullDescription,
  selected,
  onSelect,
  onDocReference,
  height = 560,
  label,
  fieldExtra,
}: SchemaViewProps) {
  const m = useMessages(messages);
  const fields = tree.fields;
  const byPath = useMemo(() => new Map(fields.map((f, i) => [f.path, i])), [fields]);
  const { isOpen, visible, toggle, reveal } = useOpenFields(tree, level);
  const selectedIndex = selected === undefined ? undefined : byPath.get(selected);
  /** Where to scroll once the field is shown: a field's index, or the top (a recursive link to the root). */
  const pendingScroll = useRef<number | 'top' | undefined>(undefined);

  // A selection from outside (deep link, search): show the selected field and scroll to it. A level
  // chosen afterwards wins (issue 31): it does not reopen the selection's parents.
  useEffect(() => {
    if (selectedIndex === undefined) return;
    reveal(selectedIndex);
    pendingScroll.current = selectedIndex;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the selection or the tree changes
  }, [selectedIndex, tree]);

  const select = useCallback(
    (path: string | undefined, jump = false) => {
      if (jump) pendingScroll.current = path === undefined ? 'top' : byPath.get(path);
      onSelect?.(path);
    },
    [onSelect, byPath],
  );

  const search = useFieldSearch(fields, (i) => {
    reveal(i);
    pendingScroll.current = i;
    onSelect?.(fields[i]!.path);
  });

  const [fieldWidth, setFieldWidth] = useState<number>(FIELD_WIDTH.initial);
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: visible.length,
    getScrollElement: () => parentRef.current,
    // One fixed height per tree row (no layout reads) unless full descriptions are shown; table rows
    // are measured (their paths wrap).
    estimateSize: () => (view === 'table' ? TABLE_ROW : TREE_ROW),
    overscan: 10,
    initialRect: { width: 800, height: 600 },
    observeElementRect: observeRect,
    getItemKey: (i) => visible[i]!,
  });

  // Heights change with the full-description switch, the view and the Field column: forget the measured ones.
  useEffect(() => {
    virtualizer.measure();
  }, [fullDescription, view, fieldWidth, virtualizer]);
  const measured = fullDescription || view === 'table';

  useEffect(() => {
    const target = pendingScroll.current;
    if (target === undefined) return;
    if (target === 'top') {
      pendingScroll.current = undefined;
      virtualizer.scrollToOffset(0);
      return;
    }
    const at = visible.indexOf(target);
    if (at < 0) return;
    pendingScroll.current = undefined;
    virtualizer.scrollToIndex(at, { align: 'center' });
  }, [visible, virtualizer, selectedIndex]);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = (e.target as Element).closest?.('a[data-doc-ref]');
    if (link) {
      e.preventDefault();
      e.stopPropagation();
      onDocReference?.(link.getAttribute('data-doc-ref')!);
    }
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div className="sv" onClick={onClick}>
      <FieldSearchBar search={search} fieldCount={fields.length} m={m} />
      {fields.length === 0 ? (
        <Empty description={m.noFields} />
      ) : (
        <div
          ref={parentRef}
          className={`sv-scroll sv-${view}${fullDescription ? '' : ' sv-fixed'}`}
          style={{ height, ['--sv-field-width' as string]: `${fieldWidth}px` }}
          role={view === 'table' ? 'table' : 'tree'}
          aria-label={label}
        >
          {view === 'table' && <SchemaTableHead m={m} fieldWidth={fieldWidth} onFieldWidth={setFieldWidth} />}
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
            {items.map((item) => {
              const i = visible[item.index]!;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={measured ? virtualizer.measureElement : undefined}
                  className="sv-item"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <SchemaRow
                    index={i}
                    field={fields[i]!}
                    fields={fields}
                    view={view}
                    open={isOpen(i)}
                    selected={i === selectedIndex}
                    full={fullDescription}
                    m={m}
                    onToggle={toggle}
                    onSelect={select}
                    extra={fieldExtra}
                  />
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
