import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { checkCell, type StandardField } from '@lab/core/magp';
import { fill, messages } from './messages';
import { useMessages } from '@/lib/i18n';

export const ROW_HEIGHT = 30;
export const COLUMN_WIDTH = 180;
const INDEX_WIDTH = 64;
const HEADER_HEIGHT = 76;
const OVERSCAN = 6;
/** A short sheet's grid is as tall as its rows, plus a horizontal scrollbar and the borders. */
const SCROLLBAR_ROOM = 20;
/** The deleted 1st row: hatched grey, so switching "delete 1st row" visibly changes it. */
const DELETED_BACKGROUND = 'repeating-linear-gradient(-45deg, #f5f5f5 0 6px, #e8e8e8 6px 8px)';

/** A, B, … Z, AA, AB … as spreadsheets name columns. */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export interface MagpGridProps {
  rows: string[][];
  columns: number;
  /** The chosen field per column (undefined: none). */
  fields: (StandardField | undefined)[];
  /** Rows before this index are shown as not exported. */
  fromRow: number;
  /** The two header cells of a column: its state and its field dropdown. */
  renderHeader: (column: number) => ReactNode;
  height?: number;
}

/**
 * The first sheet as a grid that renders only the rows and columns in view, so 10,000 × 40
 * cells scroll like 40 × 40. Cells with an issue for their column's field are flagged; a
 * too-long cell shows how many characters are extra.
 */
export function MagpGrid({ rows, columns, fields, fromRow, renderHeader, height = 600 }: MagpGridProps) {
  const m = useMessages(messages);
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, left: 0, width: 1200, height });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    // jsdom (tests) lays nothing out: keep the default viewport there.
    setView({
      top: el.scrollTop,
      left: el.scrollLeft,
      width: el.clientWidth || 1200,
      height: el.clientHeight || height,
    });
  }, [height]);
  useLayoutEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure]);

  const firstRow = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const lastRow = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const firstCol = Math.max(0, Math.floor((view.left - INDEX_WIDTH) / COLUMN_WIDTH) - 1);
  const lastCol = Math.min(columns, Math.ceil((view.left + view.width) / COLUMN_WIDTH) + 1);
  // Same array while the columns in view stay the same, so rows already shown are not re-rendered.
  const visibleCols = useMemo(() => {
    const cols: number[] = [];
    for (let c = firstCol; c < lastCol; c++) cols.push(c);
    return cols;
  }, [firstCol, lastCol]);

  const totalWidth = INDEX_WIDTH + columns * COLUMN_WIDTH;
  const bodyRows: ReactNode[] = [];
  for (let r = firstRow; r < lastRow; r++) {
    bodyRows.push(
      <GridRow
        key={r}
        index={r}
        row={rows[r]!}
        cols={visibleCols}
        fields={fields}
        deleted={r < fromRow}
        messages={m}
      />,
    );
  }

  return (
    <div
      ref={scroller}
      onScroll={measure}
      data-testid="magp-grid"
      role="grid"
      aria-rowcount={rows.length}
      aria-colcount={columns}
      style={{
        height: Math.min(height, HEADER_HEIGHT + rows.length * ROW_HEIGHT + SCROLLBAR_ROOM),
        overflow: 'auto',
        position: 'relative',
        border: '1px solid #f0f0f0',
        fontSize: 13,
      }}
    >
      <div style={{ width: totalWidth, height: HEADER_HEIGHT + rows.length * ROW_HEIGHT, position: 'relative' }}>
        <div
          role="row"
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 2,
            height: HEADER_HEIGHT,
            width: totalWidth,
            background: '#fafafa',
            borderBottom: '1px solid #e8e8e8',
          }}
        >
          <div style={{ ...cornerStyle, width: INDEX_WIDTH, height: HEADER_HEIGHT }} />
          {visibleCols.map((c) => (
            <div
              key={c}
              role="columnheader"
              style={{
                position: 'absolute',
                // Without `top` an absolute box sits where it would flow: below the corner cell.
                top: 0,
                left: INDEX_WIDTH + c * COLUMN_WIDTH,
                width: COLUMN_WIDTH,
                height: HEADER_HEIGHT,
                padding: 4,
                boxSizing: 'border-box',
                borderRight: '1px solid #f0f0f0',
              }}
            >
              {renderHeader(c)}
            </div>
          ))}
        </div>
        {bodyRows}
      </div>
    </div>
  );
}

const cornerStyle = { position: 'sticky', left: 0, zIndex: 3, background: '#fafafa' } as const;

interface GridRowProps {
  index: number;
  row: string[];
  cols: number[];
  fields: (StandardField | undefined)[];
  deleted: boolean;
  messages: ReturnType<typeof useMessages<keyof (typeof messages)['en']>>;
}

const GridRow = memo(function GridRow({ index, row, cols, fields, deleted, messages: m }: GridRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 1}
      data-deleted={deleted || undefined}
      title={deleted ? m.deletedRow : undefined}
      style={{
        position: 'absolute',
        top: HEADER_HEIGHT + index * ROW_HEIGHT,
        height: ROW_HEIGHT,
        left: 0,
        right: 0,
        opacity: deleted ? 0.45 : 1,
        background: deleted ? DELETED_BACKGROUND : undefined,
      }}
    >
      <div
        role="rowheader"
        style={{
          ...cornerStyle,
          zIndex: 1,
          position: 'sticky',
          width: INDEX_WIDTH,
          height: ROW_HEIGHT,
          lineHeight: `${ROW_HEIGHT}px`,
          textAlign: 'right',
          paddingRight: 8,
          boxSizing: 'border-box',
          color: '#8c8c8c',
          borderBottom: '1px solid #f5f5f5',
        }}
      >
        {index + 1}
      </div>
      {cols.map((c) => {
        const text = row[c] ?? '';
        const field = fields[c];
        const issue = field && !deleted ? checkCell(text, field) : null;
        const note =
          issue?.kind === 'length'
            ? fill(m.tooLong, { n: issue.excess, max: field!.maxlength! })
            : issue?.kind === 'number'
              ? m.notNumber
              : issue?.kind === 'date'
                ? m.notDate
                : undefined;
        return (
          <div
            key={c}
            role="gridcell"
            data-issue={issue ? issue.kind : undefined}
            title={note ? `${text}\n${note}` : text}
            style={{
              position: 'absolute',
              // Beside the row number, not below it (an absolute box without `top` follows the flow).
              top: 0,
              left: INDEX_WIDTH + c * COLUMN_WIDTH,
              width: COLUMN_WIDTH,
              height: ROW_HEIGHT,
              lineHeight: `${ROW_HEIGHT}px`,
              padding: '0 6px',
              boxSizing: 'border-box',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              textOverflow: 'ellipsis',
              borderRight: '1px solid #f5f5f5',
              borderBottom: '1px solid #f5f5f5',
              // On the cells only: struck through, the row number would read as "±".
              textDecoration: deleted ? 'line-through' : undefined,
              background: issue ? '#fff1f0' : undefined,
              color: issue ? '#cf1322' : undefined,
            }}
          >
            {issue?.kind === 'length' && (
              <span data-testid="excess" style={{ fontWeight: 600, marginRight: 4 }}>
                +{issue.excess}
              </span>
            )}
            {text}
          </div>
        );
      })}
    </div>
  );
});
