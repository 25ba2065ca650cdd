import type { DocumentContentType } from '@lab/core/carrier/forms';
import type { ActiveCredential, CarrierCallResult } from '../shared/types';

/**
 * What the three specific forms do in the browser (pure, tested): the preview a trade document
 * gets, the transaction id, and how an answer reads (Success / Error with the
 * carrier's first message). The bodies they send are `@lab/core/carrier/forms`.
 */

/** How a chosen trade document can be previewed: PDF, PNG, BMP, GIF, JPEG and TXT only. */
export function documentPreviewKind(type: DocumentContentType): 'pdf' | 'image' | 'text' | undefined {
  if (type === 'PDF') return 'pdf';
  if (type === 'PNG' || type === 'BMP' || type === 'GIF' || type === 'JPG') return 'image';
  if (type === 'TXT') return 'text';
  return undefined;
}

/** `x-customer-transaction-id`: environment, endpoint name and time. */
export function transactionId(credential: ActiveCredential, endpointName: string, now = new Date()): string {
  return `${credential.env}_${endpointName.replace(/\W+/g, '_')}_${now.toISOString()}`;
}

export type FormOutcome = { ok: true; result: CarrierCallResult } | { ok: false; message: string; status: number };

/** Success on the status the endpoint promises (200 verify, 201 uploads), else Error with the first message. */
export function outcome(result: CarrierCallResult, successStatus: number): FormOutcome {
  if (result.status === successStatus || (result.ok && successStatus === 200)) return { ok: true, result };
  const b = result.body as { errors?: { message?: unknown }[] } | undefined;
  const first = Array.isArray(b?.errors) ? b.errors[0] : undefined;
  const message =
    first && typeof first.message === 'string' && first.message
      ? first.message
      : result.ok
        ? `${result.status} ${result.statusText}`.trim()
        : undefined;
  return { ok: false, status: result.status, message: message ?? fallback(result) };
}

function fallback(result: CarrierCallResult): string {
  const b = result.body as { message?: unknown; errors?: { code?: unknown }[] } | undefined;
  const code = Array.isArray(b?.errors) ? b.errors[0]?.code : undefined;
  if (typeof code === 'string' && code) return code;
  if (b && typeof b === 'object' && typeof b.message === 'string' && b.message) return b.message;
  return `${result.status} ${result.statusText}`.trim();
}

/** Today as yyyy-MM-dd in the browser's time zone. */
export function today(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** `1234` → `1,234 bytes`; larger sizes also in KB/MB. */
export function formatBytes(n: number): string {
  const bytes = `${n.toLocaleString('en-US')} bytes`;
  if (n < 1024) return bytes;
  const k = n / 1024;
  return k < 1024 ? `${bytes} (${k.toFixed(1)} KB)` : `${bytes} (${(k / 1024).toFixed(2)} MB)`;
}

/** A `data:` URL back to a Blob (no fetch: the site's CSP does not allow connecting to data: URLs). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!m) throw new Error('not a data URL');
  const type = m[1] || 'application/octet-stream';
  if (!m[2]) return new Blob([decodeURIComponent(m[3]!)], { type });
  const bin = atob(m[3]!);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}
