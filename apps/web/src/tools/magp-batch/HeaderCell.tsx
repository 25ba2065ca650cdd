import { memo } from 'react';
import { Select, Tag } from 'antd';
import { NO_CHECK } from '@lab/core/magp';
import { useI18n, useMessages } from '@/lib/i18n';
import { errorCount, fill, messages } from './messages';
import { standardFieldGroups } from './standardFields';
import { columnLetter } from './MagpGrid';

/** `no check` (-1), `no error` (0) or `N errors`, as the tag above a column shows it. */
export function ColumnState({ state, column }: { state: number; column: number }) {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const [color, text] =
    state === NO_CHECK
      ? ['default', m.noCheck]
      : state === 0
        ? ['success', m.noError]
        : ['error', errorCount(m, lang, state)];
  return (
    <Tag color={color} data-testid={`magp-state-${column}`} data-state={state} style={{ marginInlineEnd: 0 }}>
      {text}
    </Tag>
  );
}

export interface HeaderCellProps {
  column: number;
  value: string | null;
  state: number;
  /** Field values chosen for other columns: disabled here. */
  taken: ReadonlySet<string>;
  onChange: (column: number, value: string | null) => void;
}

/** Grouped standard-field options; fields chosen elsewhere (or disabled in the data) can't be picked. */
export function fieldOptions(taken: ReadonlySet<string>, own: string | null, lang: 'en' | 'zh') {
  return standardFieldGroups.map((g) => ({
    label: lang === 'zh' ? g.label_cn : g.label,
    title: g.source,
    options: g.fields.map((f) => ({
      value: f.value,
      label: `${f.label} · ${f.value}`,
      title: lang === 'zh' ? f.description_cn : f.description,
      disabled: f.disabled || (taken.has(f.value) && f.value !== own),
    })),
  }));
}

export const HeaderCell = memo(function HeaderCell({ column, value, state, taken, onChange }: HeaderCellProps) {
  const m = useMessages(messages);
  const { lang } = useI18n();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong style={{ color: '#8c8c8c' }}>{columnLetter(column)}</strong>
        <ColumnState state={state} column={column} />
      </div>
      <Select
        size="small"
        aria-label={fill(m.columnField, { column: columnLetter(column) })}
        data-testid={`magp-header-${column}`}
        placeholder={m.chooseField}
        value={value ?? undefined}
        onChange={(v?: string) => onChange(column, v ?? null)}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        options={fieldOptions(taken, value, lang)}
        popupMatchSelectWidth={360}
        style={{ width: '100%' }}
      />
    </div>
  );
});
