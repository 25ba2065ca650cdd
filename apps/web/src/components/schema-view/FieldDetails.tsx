/** What a row shows of a field besides its name and type: description, path, enum values, constraints. */
import { Fragment, useMemo } from 'react';
import type { SchemaField } from '@lab/core/schema-tree';
import { fillMessage } from '@/lib/i18n';
import { shownDescription } from './description';
import type { SchemaViewMessages } from './messages';

export function lengthRange(min: number | undefined, max: number | undefined): string {
  return `${min ?? 0}–${max ?? '∞'}`;
}

export function Description({ html, full }: { html: string; full: boolean }) {
  const shown = useMemo(() => shownDescription(html, full), [html, full]);
  return <div className="sv-desc" dangerouslySetInnerHTML={{ __html: shown }} />;
}

/**
 * A path that wraps after its dots (and inside a part only when it cannot fit): text nodes and
 * `<wbr>`s straight in the caller's element, so its text is still the whole path.
 */
export function PathText({ path }: { path: string }) {
  const parts = path.split('.');
  return parts.map((p, i) => (
    <Fragment key={i}>
      {i < parts.length - 1 ? `${p}.` : p}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

export function EnumValues({ values, full, m }: { values: string[]; full: boolean; m: SchemaViewMessages }) {
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

/** The tree row's chips: required, length, range, items, pattern, enum values and a leaf's example. */
export function Constraints({
  f,
  m,
  full,
  leaf,
}: {
  f: SchemaField;
  m: SchemaViewMessages;
  full: boolean;
  leaf: boolean;
}) {
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
