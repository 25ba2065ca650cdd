import { Fragment, memo, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { Button, Checkbox, Empty, Input, Segmented } from 'antd';
import { CaretDownOutlined, CaretRightOutlined, CopyOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import type { SchemaField, SchemaTree } from '@lab/core/schema-tree';
import { copyToClipboard } from '@/lib/clipboard';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { descriptionText, firstSentence, sanitizeDescription } from './description';
import { messages } from './messages';
import './schemaView.css';

export type SchemaViewMode = 'tree' | 'table';
/** Row heights (px) when descriptions show their first sentence: must match schemaView.css. */
const TREE_ROW = 48;
const TABLE_ROW = 32;
export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const DEFAULT_LEVEL = 2;

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
}

type Messages = ReturnType<typeof useMessages<keyof (typeof messages)['en']>>;

/** Rect of the scroll element; a box with no layout yet (tests, hidden tabs) counts as 800×600. */
const observeRect: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width || 800, height: 600 }));

function range(min: number | undefined, max: number | undefined): string {
  return `${min ?? 0}–${max ?? '∞'}`;
}

function Description({ html, full }: { html: string; full: boolean }) {
  const shown = useMemo(() => {
    if (full) return sanitizeDescription(html);
    const first = firstSentence(html);
    return sanitizeDescription(first.truncated ? `${first.text} …` : first.text);
  }, [html, full]);
  return <div className="sv-desc" dangerouslySetInnerHTML={{ __html: shown }} />;
}

/**
 * A path that wraps after its dots (and inside a part only when it cannot fit): text nodes and
 * `<wbr>`s straight in the caller's element, so its text is still the whole path.
 */
function PathText({ path }: { path: string }) {
  const parts = path.split('.');
  return parts.map((p, i) => (
    <Fragment key={i}>
      {i < parts.length - 1 ? `${p}.` : p}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

/** The table's Field column: its default, narrowest and widest widths (px), and a key press's step. */
export const FIELD_WIDTH = { initial: 320, min: 160, max: 1200, step: 16 } as const;
const clampWidth = (w: number) => Math.min(FIELD_WIDTH.max, Math.max(FIELD_WIDTH.min, Math.round(w)));

/** The handle on the Field header: drag it, or use ← →; a double click restores the default. */
function FieldResizer({ width, onWidth, label }: { width: number; onWidth: (w: number) => void; label: string }) {
  const start = (e: MouseEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const x0 = e.clientX;
    const move = (ev: globalThis.MouseEvent) => onWidth(clampWidth(width + ev.clientX - x0));
    const up = () => {
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', up);
    };
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', up);
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={FIELD_WIDTH.min}
      aria-valuemax={FIELD_WIDTH.max}
      tabIndex={0}
      className="sv-resize"
      onMouseDown={start}
      onDoubleClick={() => onWidth(FIELD_WIDTH.initial)}
      onKeyDown={(e) => {
        const step = e.key === 'ArrowRight' ? FIELD_WIDTH.step : e.key === 'ArrowLeft' ? -FIELD_WIDTH.step : 0;
        if (step === 0) return;
        e.preventDefault();
        onWidth(clampWidth(width + step));
      }}
    />
  );
}

function EnumValues({ values, full, m }: { values: string[]; full: boolean; m: Messages }) {
  const shown = full ? values : values.slice(0, 6);
  return (
    <span className="sv-enum" title={values.join(', ')}>
      <span className="sv-label">{m.enumValues}</span>
      {shown.map((v) => (
        <code key={v}>{v}</code>
      ))}
      {shown.length < values.length && (
        <span className="sv-more">{fillMessage(m.moreValues, { n: values.length - shown.length })}</span>
      )}
    </span>
  );
}

function Constraints({ f, m, full, leaf }: { f: SchemaField; m: Messages; full: boolean; leaf: boolean }) {
  return (
    <>
      {f.required && <span className="sv-req">{m.required}</span>}
      {(f.minLength !== undefined || f.maxLength !== undefined) && (
        <span className="sv-chip">{fillMessage(m.length, { min: f.minLength ?? 0, max: f.maxLength ?? '∞' })}</span>
      )}
      {(f.minimum !== undefined || f.maximum !== undefined) && (
        <span className="sv-chip">{fillMessage(m.range, { min: f.minimum ?? '−∞', max: f.maximum ?? '∞' })}</span>
      )}
      {(f.minItems !== undefined || f.maxItems !== undefined) && (
        <span className="sv-chip">{fillMessage(m.items, { min: f.minItems ?? 0, max: f.maxItems ?? '∞' })}</span>
      )}
      {f.pattern && (
        <span className="sv-chip">
          {m.pattern} <code>{f.pattern}</code>
        </span>
      )}
      {f.enum && <EnumValues values={f.enum} full={full} m={m} />}
      {/* An object's example repeats its children's: shown on leaves only (the table shows all). */}
      {leaf && f.example !== undefined && (
        <span className="sv-example">
          <span className="sv-label">{m.example}</span> <code>{f.example}</code>
        </span>
      )}
    </>
  );
}

interface RowProps {
  index: number;
  field: SchemaField;
  fields: SchemaField[];
  view: SchemaViewMode;
  open: boolean;
  selected: boolean;
  full: boolean;
  m: Messages;
  onToggle: (index: number) => void;
  onSelect: (path: string | undefined, jump?: boolean) => void;
}

const Row = memo(function Row({
  index,
  field: f,
  fields,
  view,
  open,
  selected,
  full,
  m,
  onToggle,
  onSelect,
}: RowProps) {
  const hasChildren = f.end > index + 1;
  const target = f.recursive === undefined ? undefined : f.recursive < 0 ? undefined : fields[f.recursive];
  const copy = async (e: MouseEvent) => {
    e.stopPropagation();
    if (await copyToClipboard(f.path)) notify.success(fillMessage(m.copied, { path: f.path }));
    else notify.error(m.noClipboard);
  };
  const caret = hasChildren ? (
    <button
      type="button"
      className="sv-caret"
      aria-label={open ? m.collapse : m.expand}
      onClick={(e) => {
        e.stopPropagation();
        onToggle(index);
      }}
    >
      {open ? <CaretDownOutlined /> : <CaretRightOutlined />}
    </button>
  ) : (
    <span className="sv-caret" />
  );
  const recursive = f.recursive !== undefined && (
    <button
      type="button"
      className="sv-link"
      onClick={(e) => {
        e.stopPropagation();
        onSelect(target?.path, true);
      }}
    >
      {fillMessage(m.recursive, { target: target?.path ?? m.root })}
    </button>
  );
  // Plain elements in rows (no antd Button/Tooltip): rows mount and unmount all the time while scrolling.
  const copyButton = (
    <button type="button" className="sv-copy" title={m.copyPath} aria-label={m.copyPath} onClick={copy}>
      <CopyOutlined />
    </button>
  );
  if (view === 'table') {
    return (
      <div
        className={`sv-trow${selected ? ' sv-selected' : ''}`}
        role="row"
        aria-selected={selected}
        data-path={f.path}
        onClick={() => onSelect(f.path)}
      >
        <div className="sv-cell sv-cell-field" role="cell" style={{ paddingInlineStart: (f.depth - 1) * 12 }}>
          {caret}
          <span className="sv-path" title={f.path}>
            <PathText path={f.path} />
          </span>
          {copyButton}
        </div>
        <div className="sv-cell" role="cell">
          <span className="sv-type">{f.type}</span>
          {recursive}
        </div>
        <div className="sv-cell" role="cell">
          {f.required ? m.yes : ''}
        </div>
        <div className="sv-cell" role="cell">
          {f.enum && <EnumValues values={f.enum} full={full} m={m} />}
        </div>
        <div className="sv-cell" role="cell">
          {f.minLength !== undefined || f.maxLength !== undefined ? range(f.minLength, f.maxLength) : ''}
        </div>
        <div className="sv-cell" role="cell">
          {f.format ?? ''}
        </div>
        <div className="sv-cell" role="cell">
          {f.example !== undefined && <code>{f.example}</code>}
        </div>
        <div className="sv-cell" role="cell">
          {f.description && <Description html={f.description} full={full} />}
        </div>
      </div>
    );
  }
  return (
    <div
      className={`sv-row${selected ? ' sv-selected' : ''}`}
      role="treeitem"
      aria-level={f.depth}
      aria-expanded={hasChildren ? open : undefined}
      aria-selected={selected}
      data-path={f.path}
      style={{ paddingInlineStart: (f.depth - 1) * 18 }}
      onClick={() => onSelect(f.path)}
    >
      <div className="sv-line">
        {caret}
        <span className="sv-name">{f.name}</span>
        <span className="sv-type">{f.type}</span>
        {recursive}
        <Constraints f={f} m={m} full={full} leaf={!hasChildren} />
        {copyButton}
      </div>
      {f.description && (
        <div className="sv-desc-wrap">
          <Description html={f.description} full={full} />
        </div>
      )}
    </div>
  );
});

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
}: SchemaViewProps) {
  const m = useMessages(messages);
  const fields = tree.fields;
  const byPath = useMemo(() => new Map(fields.map((f, i) => [f.path, i])), [fields]);
  // Every level choice starts over (even back to a level chosen before): carets and searches open
  // fields until the next one.
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
  const selectedIndex = selected === undefined ? undefined : byPath.get(selected);
  const pendingScroll = useRef<number | 'top' | undefined>(undefined);

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

  const onToggle = useCallback((i: number) => setOpen([[i, !isOpen(i)]]), [setOpen, isOpen]);

  /** Opens the parents of a field (so it is shown). */
  const reveal = useCallback(
    (i: number) => {
      const entries: [number, boolean][] = [];
      for (let p = fields[i]!.parent; p >= 0; p = fields[p]!.parent) if (!isOpen(p)) entries.push([p, true]);
      if (entries.length) setOpen(entries);
    },
    [fields, isOpen, setOpen],
  );

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

  // Search.
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
  const jumpTo = (k: number) => {
    if (matches.length === 0) return;
    const n = ((k % matches.length) + matches.length) % matches.length;
    setMatchAt(n);
    const i = matches[n]!;
    reveal(i);
    pendingScroll.current = i;
    onSelect?.(fields[i]!.path);
  };

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
      <div className="sv-search">
        <Input
          allowClear
          size="small"
          placeholder={m.search}
          aria-label={m.search}
          value={query}
          onChange={(e) => {
            const q = e.target.value;
            setQuery(q);
            setMatchAt(0);
            const needle = q.trim().toLowerCase();
            if (!needle) return;
            const first = haystack().findIndex((h) => h.includes(needle));
            if (first >= 0) {
              reveal(first);
              pendingScroll.current = first;
              onSelect?.(fields[first]!.path);
            }
          }}
          onPressEnter={(e) => jumpTo(e.shiftKey ? matchAt - 1 : matchAt + 1)}
          style={{ maxWidth: 360 }}
        />
        <span className="sv-count" aria-live="polite">
          {query.trim()
            ? matches.length
              ? fillMessage(m.matches, { i: matchAt + 1, n: matches.length })
              : m.noMatch
            : fillMessage(m.fields, { n: fields.length })}
        </span>
        <Button
          size="small"
          icon={<UpOutlined />}
          aria-label={m.previousMatch}
          disabled={matches.length === 0}
          onClick={() => jumpTo(matchAt - 1)}
        />
        <Button
          size="small"
          icon={<DownOutlined />}
          aria-label={m.nextMatch}
          disabled={matches.length === 0}
          onClick={() => jumpTo(matchAt + 1)}
        />
      </div>
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
          {view === 'table' && (
            <div className="sv-thead" role="row">
              {[
                m.colField,
                m.colType,
                m.colRequired,
                m.colValues,
                m.colLength,
                m.colFormat,
                m.colExample,
                m.colDescription,
              ].map((c, i) => (
                <div key={c} className="sv-cell" role="columnheader">
                  {c}
                  {i === 0 && <FieldResizer width={fieldWidth} onWidth={setFieldWidth} label={m.resizeField} />}
                </div>
              ))}
            </div>
          )}
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
                  <Row
                    index={i}
                    field={fields[i]!}
                    fields={fields}
                    view={view}
                    open={isOpen(i)}
                    selected={i === selectedIndex}
                    full={fullDescription}
                    m={m}
                    onToggle={onToggle}
                    onSelect={select}
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

export interface SchemaViewControlsProps {
  view: SchemaViewMode;
  onView: (view: SchemaViewMode) => void;
  level: number;
  onLevel: (level: number) => void;
  fullDescription: boolean;
  onFullDescription: (full: boolean) => void;
  /** Shown from the start, disabled until there is something to show. */
  disabled?: boolean;
  /** False when the caller switches tree/table itself (the webhook dialog's tabs). */
  showView?: boolean;
}

/** View (tree/table), expand level 1–10 and the full-description switch. */
export function SchemaViewControls({
  view,
  onView,
  level,
  onLevel,
  fullDescription,
  onFullDescription,
  disabled = false,
  showView = true,
}: SchemaViewControlsProps) {
  const m = useMessages(messages);
  return (
    <div className="sv-controls">
      {showView && (
        <Segmented<SchemaViewMode>
          aria-label="view"
          disabled={disabled}
          value={view}
          onChange={onView}
          options={[
            { value: 'tree', label: m.tree },
            { value: 'table', label: m.table },
          ]}
        />
      )}
      <span className="sv-control-label">{m.expandLevel}</span>
      <Segmented<number>
        aria-label={m.expandLevel}
        size="small"
        disabled={disabled}
        value={level}
        onChange={onLevel}
        options={LEVELS.map((l) => ({ value: l, label: String(l) }))}
      />
      <Checkbox disabled={disabled} checked={fullDescription} onChange={(e) => onFullDescription(e.target.checked)}>
        {m.fullDescription}
      </Checkbox>
    </div>
  );
}
