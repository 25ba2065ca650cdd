/** One field as a tree item or a table row (caret, copy path, recursive link), and the table's header row. */
import { memo, type MouseEvent, type ReactNode } from 'react';
import { CaretDownOutlined, CaretRightOutlined, CopyOutlined } from '@ant-design/icons';
import type { SchemaField } from '@lab/core/schema-tree';
import { copyToClipboard } from '@/lib/clipboard';
import { fillMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { FieldResizer } from './FieldResizer';
import { Constraints, Description, EnumValues, lengthRange, PathText } from './FieldDetails';
import type { SchemaViewMessages } from './messages';
import type { SchemaViewMode } from './viewOptions';

interface RowProps {
  index: number;
  field: SchemaField;
  fields: SchemaField[];
  view: SchemaViewMode;
  open: boolean;
  selected: boolean;
  full: boolean;
  m: SchemaViewMessages;
  onToggle: (index: number) => void;
  onSelect: (path: string | undefined, jump?: boolean) => void;
  /** The page's additions to the row (after the type). */
  extra?: ((field: SchemaField) => ReactNode) | undefined;
}

export const SchemaRow = memo(function SchemaRow({
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
  extra,
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
          {extra?.(f)}
        </div>
        <div className="sv-cell" role="cell">
          {f.required ? m.yes : ''}
        </div>
        <div className="sv-cell" role="cell">
          {f.enum && <EnumValues values={f.enum} full={full} m={m} />}
        </div>
        <div className="sv-cell" role="cell">
          {f.minLength !== undefined || f.maxLength !== undefined ? lengthRange(f.minLength, f.maxLength) : ''}
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
        {extra?.(f)}
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

/** The table's column names; the Field column carries its resizer. */
export function SchemaTableHead({
  m,
  fieldWidth,
  onFieldWidth,
}: {
  m: SchemaViewMessages;
  fieldWidth: number;
  onFieldWidth: (width: number) => void;
}) {
  const columns = [
    m.colField,
    m.colType,
    m.colRequired,
    m.colValues,
    m.colLength,
    m.colFormat,
    m.colExample,
    m.colDescription,
  ];
  return (
    <div className="sv-thead" role="row">
      {columns.map((c, i) => (
        <div key={c} className="sv-cell" role="columnheader">
          {c}
          {i === 0 && <FieldResizer width={fieldWidth} onWidth={onFieldWidth} label={m.resizeField} />}
        </div>
      ))}
    </div>
  );
}
