/**
 * FAPI Splunk: builds a search over the API gateway logs from a template. Template syntax:
 * `{{name}}` inserts a value (escaped for a Splunk quoted string: `\` and `"` get a backslash);
 * `[[ … ]]` is an optional part, kept only when every placeholder inside it has a value.
 */

import type { CarrierEnvironment } from '../carrier/environments.js';

export const SPLUNK_PLACEHOLDERS = [
  'index',
  'sourcetype',
  'environment',
  'transactionId',
  'trackingNumber',
  'accountNumber',
  'endpoint',
  'earliest',
  'latest',
] as const;
export type SplunkPlaceholder = (typeof SPLUNK_PLACEHOLDERS)[number];
export type SplunkValues = Partial<Record<SplunkPlaceholder, string>>;

export interface SplunkSettings {
  /** Index searched per environment. */
  index: Record<CarrierEnvironment, string>;
  sourcetype: string;
  template: string;
}

export const DEFAULT_SPLUNK_TEMPLATE =
  'search index={{index}} sourcetype={{sourcetype}}' +
  '[[ "{{transactionId}}"]][[ "{{trackingNumber}}"]][[ "{{accountNumber}}"]][[ "*{{endpoint}}*"]]' +
  ' earliest={{earliest}} latest={{latest}}';

/** Editable in the browser; these are the starting values. */
export const DEFAULT_SPLUNK_SETTINGS: SplunkSettings = {
  index: { sandbox: 'apigw_sandbox', production: 'apigw_prod' },
  sourcetype: 'apigw:access',
  template: DEFAULT_SPLUNK_TEMPLATE,
};

type Part = { kind: 'text'; text: string } | { kind: 'value'; name: SplunkPlaceholder };
type Piece = { optional: boolean; parts: Part[] };

/** Escapes a value for use inside a Splunk double-quoted string. */
export function escapeSplunkValue(value: string): string {
  return value.replace(/[\\"]/g, (c) => `\\${c}`);
}

function parsePlaceholders(text: string): Part[] | string {
  const parts: Part[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{{', i);
    if (open === -1) {
      parts.push({ kind: 'text', text: text.slice(i) });
      break;
    }
    if (open > i) parts.push({ kind: 'text', text: text.slice(i, open) });
    const close = text.indexOf('}}', open + 2);
    if (close === -1) return 'unclosed {{ in template';
    const name = text.slice(open + 2, close).trim();
    if (!(SPLUNK_PLACEHOLDERS as readonly string[]).includes(name)) return `unknown placeholder {{${name}}}`;
    parts.push({ kind: 'value', name: name as SplunkPlaceholder });
    i = close + 2;
  }
  return parts;
}

/** Splits a template into required and optional pieces; a message when it is malformed. */
export function parseSplunkTemplate(template: string): Piece[] | string {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('[[', i);
    const stray = template.indexOf(']]', i);
    if (stray !== -1 && (open === -1 || stray < open)) return ']] without [[ in template';
    const end = open === -1 ? template.length : open;
    if (end > i) {
      const parts = parsePlaceholders(template.slice(i, end));
      if (typeof parts === 'string') return parts;
      pieces.push({ optional: false, parts });
    }
    if (open === -1) break;
    const close = template.indexOf(']]', open + 2);
    if (close === -1) return 'unclosed [[ in template';
    const inner = template.slice(open + 2, close);
    if (inner.includes('[[')) return 'optional parts cannot be nested';
    const parts = parsePlaceholders(inner);
    if (typeof parts === 'string') return parts;
    pieces.push({ optional: true, parts });
    i = close + 2;
  }
  return pieces;
}

/** Renders the template with the values (trimmed); a message when it is malformed or a required value is missing. */
export function renderSplunkQuery(
  template: string,
  values: SplunkValues,
): { ok: true; query: string } | { ok: false; message: string } {
  const pieces = parseSplunkTemplate(template);
  if (typeof pieces === 'string') return { ok: false, message: pieces };
  const valueOf = (name: SplunkPlaceholder) => values[name]?.trim() ?? '';
  let query = '';
  for (const piece of pieces) {
    const names = piece.parts.flatMap((p) => (p.kind === 'value' ? [p.name] : []));
    const missing = names.find((n) => valueOf(n) === '');
    if (missing) {
      if (piece.optional) continue;
      return { ok: false, message: `missing value for {{${missing}}}` };
    }
    query += piece.parts.map((p) => (p.kind === 'text' ? p.text : escapeSplunkValue(valueOf(p.name)))).join('');
  }
  return { ok: true, query: query.trim() };
}

export type SplunkTimeRange =
  | { kind: 'relative'; /** Splunk relative time such as `-15m`, `-4h`, `-7d`. */ earliest: string }
  | { kind: 'absolute'; /** Wall-clock `YYYY-MM-DDTHH:mm` (the Splunk user's time zone). */ from: string; to: string };

export const SPLUNK_RELATIVE_RANGES = [
  { label: 'Last 15 minutes', earliest: '-15m' },
  { label: 'Last 60 minutes', earliest: '-60m' },
  { label: 'Last 4 hours', earliest: '-4h' },
  { label: 'Last 24 hours', earliest: '-24h' },
  { label: 'Last 7 days', earliest: '-7d' },
] as const;

/** `2026-11-22T09:30` → `11/22/2026:09:30:00` (Splunk's default time format). */
function splunkAbsolute(wall: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wall);
  if (!m) return undefined;
  return `${m[2]}/${m[3]}/${m[1]}:${m[4]}:${m[5]}:${m[6] ?? '00'}`;
}

/** The `earliest`/`latest` values of a time range; a message when it is not usable. */
export function splunkTimeBounds(
  range: SplunkTimeRange,
): { ok: true; earliest: string; latest: string } | { ok: false; message: string } {
  if (range.kind === 'relative') {
    if (!/^-\d+[smhdw]$/.test(range.earliest)) return { ok: false, message: 'time range not recognised' };
    return { ok: true, earliest: range.earliest, latest: 'now' };
  }
  const earliest = splunkAbsolute(range.from);
  const latest = splunkAbsolute(range.to);
  if (!earliest || !latest) return { ok: false, message: 'choose both ends of the time range' };
  if (range.from.replace(' ', 'T') >= range.to.replace(' ', 'T')) {
    return { ok: false, message: 'the time range must end after it starts' };
  }
  return { ok: true, earliest, latest };
}

export interface SplunkSearchForm {
  environment: CarrierEnvironment;
  transactionId?: string;
  trackingNumber?: string;
  accountNumber?: string;
  endpoint?: string;
  range: SplunkTimeRange;
}

/** The form + settings → the search text, or the first problem with them. */
export function buildSplunkQuery(
  form: SplunkSearchForm,
  settings: SplunkSettings,
): { ok: true; query: string } | { ok: false; message: string } {
  const time = splunkTimeBounds(form.range);
  if (!time.ok) return time;
  return renderSplunkQuery(settings.template, {
    index: settings.index[form.environment],
    sourcetype: settings.sourcetype,
    environment: form.environment,
    transactionId: form.transactionId,
    trackingNumber: form.trackingNumber,
    accountNumber: form.accountNumber,
    endpoint: form.endpoint,
    earliest: time.earliest,
    latest: time.latest,
  });
}
