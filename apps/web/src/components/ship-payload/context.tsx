import { createContext, useContext, type ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Select } from 'antd';
import {
  choiceOptions,
  type ChoiceKey,
  type DocumentEnums,
  type PayloadWarning,
  type ShipPayloadAvailability,
  type ShipPayloadState,
} from '@lab/core/shipping/payload';
import { fillMessage } from '@/lib/i18n';
import type { messages } from './messages';

export type Messages = (typeof messages)['en'];
export type Patch = Partial<ShipPayloadState> | ((s: ShipPayloadState) => Partial<ShipPayloadState>);

export interface Generator {
  s: ShipPayloadState;
  set: (patch: Patch) => void;
  a: ShipPayloadAvailability;
  enums: DocumentEnums;
  warnings: PayloadWarning[];
  /** The built payload's total weight (as of the last rebuild). */
  totalWeight: number;
  m: Messages;
}

export const GeneratorContext = createContext<Generator | null>(null);

export function useGenerator(): Generator {
  const g = useContext(GeneratorContext);
  if (!g) throw new Error('useGenerator outside the generator');
  return g;
}

/** A warning in the screen's language. */
export function warningText(w: PayloadWarning, m: Messages): string {
  const key = `w_${w.code}` as keyof Messages;
  return fillMessage(m[key] ?? w.message, w.values);
}

/** Warnings about a field: its own, and those of its parts (`packages` → `packages.2.weight`). */
export function warningsOf(all: PayloadWarning[], fields: string[]): PayloadWarning[] {
  return all.filter((w) => fields.some((f) => w.field === f || w.field.startsWith(`${f}.`)));
}

/** Where a field sits: given a span, in a grid column of that span (of 24). */
export const inColumn = (span: number | undefined, node: ReactNode) => (span ? <Col span={span}>{node}</Col> : node);

/** A labelled input with the warnings about its field beside it (in a column when given a span). */
export function Field({
  label,
  id,
  field,
  extra,
  span,
  children,
}: {
  label: string;
  id: string;
  field?: string | string[];
  extra?: ReactNode;
  span?: number;
  children: ReactNode;
}) {
  const { warnings, m } = useGenerator();
  const ws = field ? warningsOf(warnings, Array.isArray(field) ? field : [field]) : [];
  return inColumn(
    span,
    <Form.Item
      label={label}
      htmlFor={id}
      style={{ marginBottom: 10 }}
      validateStatus={ws.length > 0 ? 'warning' : undefined}
      help={
        ws.length > 0 ? (
          <span data-testid={`warning-${id}`}>
            {ws.map((w, i) => (
              <div key={i}>{warningText(w, m)}</div>
            ))}
          </span>
        ) : (
          extra
        )
      }
    >
      {children}
    </Form.Item>,
  );
}

type Key = keyof ShipPayloadState;
type StringKey = { [K in Key]: ShipPayloadState[K] extends string ? K : never }[Key];
type BoolKey = { [K in Key]: ShipPayloadState[K] extends boolean ? K : never }[Key];
type ListKey = { [K in Key]: ShipPayloadState[K] extends string[] ? K : never }[Key];
type NumberKey = { [K in Key]: ShipPayloadState[K] extends number | null ? K : never }[Key];

/** What every state-bound input takes: its state key, label, disabled, grid span. */
interface BoundProps<K> {
  k: K;
  label: string;
  disabled?: boolean;
  span?: number;
}

/** A text input bound to a state string. */
export function TextField({
  k,
  label,
  disabled,
  field,
  span,
  inputMode,
}: BoundProps<StringKey> & { field?: string; inputMode?: 'decimal' }) {
  const { s, set } = useGenerator();
  const id = `spg-${k}`;
  return (
    <Field label={label} id={id} field={field ?? k} span={span}>
      <Input
        id={id}
        inputMode={inputMode}
        value={s[k]}
        disabled={disabled}
        onChange={(e) => set({ [k]: e.target.value })}
      />
    </Field>
  );
}

/** A decimal input (kept as typed: read exactly by core). */
export const DecimalField = (p: BoundProps<StringKey>) => <TextField {...p} inputMode="decimal" />;

export function IntegerField({ k, label, disabled, span }: BoundProps<NumberKey>) {
  const { s, set } = useGenerator();
  const id = `spg-${k}`;
  return (
    <Field label={label} id={id} field={k} span={span}>
      <InputNumber
        id={id}
        min={0}
        precision={0}
        style={{ width: '100%' }}
        value={s[k]}
        disabled={disabled}
        onChange={(v) => set({ [k]: typeof v === 'number' ? v : null })}
      />
    </Field>
  );
}

export type { BoolKey };

/** Select options of a list: the document's values, then the product's extras marked as not in it. */
export function useChoiceOptions(key: ChoiceKey, current?: string | string[]) {
  const { enums, m } = useGenerator();
  const options = choiceOptions(key, enums).map((o) => ({
    value: o.value,
    label: o.inDocument ? o.value : `${o.value} · ${m.notInDocument}`,
  }));
  // A value from elsewhere (a transaction) stays shown.
  for (const v of Array.isArray(current) ? current : current ? [current] : []) {
    if (!options.some((o) => o.value === v)) options.push({ value: v, label: `${v} · ${m.notInDocument}` });
  }
  return options;
}

/** Which list a choice offers: the list named as its state key, unless `list` names another. */
type ChoiceListProps = { k: StringKey & ChoiceKey; list?: undefined } | { k: StringKey; list: ChoiceKey };

/** A single choice bound to a state string. */
export function ChoiceField({
  k,
  list,
  label,
  disabled,
  field,
  extra,
  span,
}: Omit<BoundProps<StringKey>, 'k'> & ChoiceListProps & { field?: string; extra?: ReactNode }) {
  const { s, set } = useGenerator();
  const id = `spg-${k}`;
  const options = useChoiceOptions(list ?? (k as ChoiceKey), s[k]);
  return (
    <Field label={label} id={id} field={field ?? k} extra={extra} span={span}>
      <Select<string>
        id={id}
        value={s[k]}
        disabled={disabled}
        options={options}
        showSearch={{ optionFilterProp: 'value' }}
        onChange={(v) => set({ [k]: v })}
      />
    </Field>
  );
}

/** Several choices of one list bound to a state list. */
export function MultiChoiceField({
  k,
  list,
  label,
  span,
}: Omit<BoundProps<ListKey>, 'disabled'> & { list: ChoiceKey }) {
  const { s, set } = useGenerator();
  const id = `spg-${k}`;
  const options = useChoiceOptions(list, s[k]);
  return (
    <Field label={label} id={id} field={k} span={span}>
      <Select<string[]> id={id} mode="multiple" value={s[k]} options={options} onChange={(v) => set({ [k]: v })} />
    </Field>
  );
}
