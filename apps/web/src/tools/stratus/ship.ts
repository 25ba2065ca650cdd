import type { StratusOrderReply, StratusOrderRequest } from '@lab/core/contract';
import { END_FIELD_INCORRECT, shipRewrite, type LabelOutput } from '@lab/core/transactions';

export type { LabelOutput };

/** The two tags of the transaction box: well formed, and field 99 last (core's checks). */
export function transactionChecks(text: string): { format: boolean; endField: boolean } {
  const r = shipRewrite(text, { output: 'PDF' });
  if (r.ok) return { format: true, endField: true };
  return { format: r.reason === END_FIELD_INCORRECT, endField: false };
}

/**
 * The order request Stratus receives: the last 99 field emptied, field 187 ZEBRA for ZPL or DIB
 * for PDF (core's `shipRewrite`), under a new ProjetId. Undefined when the text cannot be sent.
 */
export function orderRequest(
  text: string,
  output: LabelOutput,
  newId: () => string = () => crypto.randomUUID(),
): StratusOrderRequest | undefined {
  const r = shipRewrite(text, { output });
  return r.ok ? { ProjetId: newId(), Transaction: r.text } : undefined;
}

/** One label of an order as the screen lists it. */
export interface LabelItem {
  name: string;
  /** 1-based package number; 0 for documents and the error label. */
  packageNo: number;
  imgType: 'ZPL' | 'PDF';
  /** Base64 as Stratus sent it (ZPL text or PDF bytes). */
  data: string;
  type: 'awb' | 'doc';
  /** The single label of a FAILED order. */
  error?: boolean;
  /** The package's tracking number, as the order names it (what the label check compares). */
  trackingNumber?: string;
}

export interface LabelNames {
  errorLabel: string;
  /** `{n}` = package number. */
  packageLabel: string;
  /** `{n}` = document position. */
  documentLabel: string;
}

const fill = (template: string, n: number) => template.replace('{n}', String(n));

/**
 * What an order that is no longer PENDING shows: FAILED → its one error label, only when error
 * labels are shown; otherwise a label per package (with its tracking number) and the documents.
 */
export function orderLabels(order: StratusOrderReply, showErrorLabel: boolean, names: LabelNames): LabelItem[] {
  if (order.State === 'FAILED') {
    const first = order.Labels[0];
    return showErrorLabel && first
      ? [{ name: names.errorLabel, packageNo: 0, imgType: first.ImageType, data: first.Data, type: 'awb', error: true }]
      : [];
  }
  const labels: LabelItem[] = order.Labels.map((l, i) => {
    const pkg = order.Packages[i];
    const packageNo = pkg?.PackageNumber ?? i + 1;
    const name = pkg?.TrackingNumber
      ? `${fill(names.packageLabel, packageNo)} · ${pkg.TrackingNumber}`
      : fill(names.packageLabel, packageNo);
    return {
      name,
      packageNo,
      imgType: l.ImageType,
      data: l.Data,
      type: 'awb',
      ...(pkg?.TrackingNumber ? { trackingNumber: pkg.TrackingNumber } : {}),
    };
  });
  const docs: LabelItem[] = order.Documents.map((d, i) => ({
    name: `${fill(names.documentLabel, i + 1)} · ${d.Type}`,
    packageNo: 0,
    imgType: /zpl/i.test(d.Type) ? 'ZPL' : 'PDF',
    data: d.Data,
    type: 'doc',
  }));
  return [...labels, ...docs];
}

export function base64ToBytes(data: string): Uint8Array<ArrayBuffer> {
  const bin = atob(data.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export const base64ToText = (data: string) => new TextDecoder().decode(base64ToBytes(data));

/** The printed text of a ZPL label (its `^FD…^FS` fields), e.g. what an error label says. */
export function zplFieldText(zpl: string): string[] {
  const out: string[] = [];
  for (const m of zpl.matchAll(/\^FD([\s\S]*?)(?=\^FS|\^XZ|$)/g)) {
    const t = m[1]!.trim();
    if (t) out.push(t);
  }
  return out;
}

/**
 * The fields an error names: `field 116`, `fields 187`, `field 79-1`; "end field" names the 99
 * that must come last. Ids as written in the transaction (`79` or `79-1`).
 */
export function namedFields(messages: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const text of messages) {
    for (const m of text.matchAll(/\bfields?\s+(\d{1,4})(?:-(\d{1,4}))?\b/gi)) {
      ids.add(m[2] ? `${Number(m[1])}-${Number(m[2])}` : String(Number(m[1])));
    }
    if (/\bend field\b/i.test(text)) ids.add('99');
  }
  return [...ids];
}

/** Whether a parsed row is one of the named fields (a bare id names every occurrence). */
export function isNamed(row: { id: string; suffix: string | null }, named: readonly string[]): boolean {
  const id = String(Number(row.id));
  return named.some((n) => n === id || (row.suffix !== null && n === `${id}-${Number(row.suffix)}`));
}

/** The readable text of an error body: Stratus's `Message`, OAuth's description, our `message`, else the text. */
export function errorBodyText(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    for (const k of ['Message', 'message', 'error_description', 'error']) {
      if (typeof parsed[k] === 'string' && parsed[k]) return parsed[k];
    }
  } catch {
    // not JSON
  }
  return body;
}
