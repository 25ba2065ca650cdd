import type { ActiveCredential, CarrierCallResult } from '../shared/types';

/**
 * What the three specific forms send (pure, tested): the account check body, the multipart
 * `document` JSON of the image and trade-document uploads, their content types, and how an answer
 * reads (Success / Error with the carrier's first message).
 */

export const ACCOUNT_MAX = 9;
export const TRACKING_MAX = 12;

export const IMAGE_INDEXES = ['IMAGE_1', 'IMAGE_2', 'IMAGE_3', 'IMAGE_4', 'IMAGE_5'] as const;
export const IMAGE_TYPES = ['SIGNATURE', 'LETTERHEAD'] as const;
export const IMAGE_CONTENT_TYPES = ['PNG', 'GIF'] as const;
export type ImageIndex = (typeof IMAGE_INDEXES)[number];
export type ImageType = (typeof IMAGE_TYPES)[number];
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

export const WORKFLOWS = ['ETDPreshipment', 'ETDPostshipment'] as const;
export type Workflow = (typeof WORKFLOWS)[number];
export const CARRIER_CODES = ['FDXE', 'FDXG'] as const;
export const SHIP_DOCUMENT_TYPES = [
  'COMMERCIAL_INVOICE',
  'PRO_FORMA_INVOICE',
  'CERTIFICATE_OF_ORIGIN',
  'USMCA_COMMERCIAL_INVOICE_CERTIFICATION_OF_ORIGIN',
  'USMCA_CERTIFICATION_OF_ORIGIN',
  'ETD_LABEL',
  'OTHER',
] as const;

/** Trade-document content types: the form's choice → the MIME type sent and the file endings accepted. */
export const DOCUMENT_CONTENT_TYPES = {
  PDF: { mime: 'application/pdf', accept: '.pdf' },
  DOC: { mime: 'application/msword', accept: '.doc' },
  DOCX: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', accept: '.docx' },
  XLS: { mime: 'application/vnd.ms-excel', accept: '.xls' },
  XLSX: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', accept: '.xlsx' },
  PNG: { mime: 'image/png', accept: '.png' },
  BMP: { mime: 'image/bmp', accept: '.bmp' },
  GIF: { mime: 'image/gif', accept: '.gif' },
  JPG: { mime: 'image/jpeg', accept: '.jpg,.jpeg' },
  TIFF: { mime: 'image/tiff', accept: '.tif,.tiff' },
  TXT: { mime: 'text/plain', accept: '.txt' },
  RTF: { mime: 'application/rtf', accept: '.rtf' },
} as const;
export type DocumentContentType = keyof typeof DOCUMENT_CONTENT_TYPES;
export const DOCUMENT_CONTENT_TYPE_NAMES = Object.keys(DOCUMENT_CONTENT_TYPES) as DocumentContentType[];

/** How a chosen trade document can be previewed: PDF, PNG, BMP, GIF, JPEG and TXT only. */
export function documentPreviewKind(type: DocumentContentType): 'pdf' | 'image' | 'text' | undefined {
  if (type === 'PDF') return 'pdf';
  if (type === 'PNG' || type === 'BMP' || type === 'GIF' || type === 'JPG') return 'image';
  if (type === 'TXT') return 'text';
  return undefined;
}

export const IMAGE_MIME: Record<ImageContentType, string> = { PNG: 'image/png', GIF: 'image/gif' };

/** Only digits, at most `max` of them (account and tracking numbers as typed). */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** The account verification body (billing validate). */
export function accountBody(accountNumber: string): { accountNumber: { value: string } } {
  return { accountNumber: { value: accountNumber } };
}

/** The carrier lists carriers as `FEDEX_EXPRESS`; people read `FEDEX EXPRESS`. */
export function allowedCarriers(body: unknown): string[] {
  const output = (body as { output?: { allowedCarriers?: unknown } } | undefined)?.output;
  const list = Array.isArray(output?.allowedCarriers) ? output.allowedCarriers : [];
  return list.filter((c): c is string => typeof c === 'string').map((c) => c.replace(/_/g, ' '));
}

export interface ImageUploadFields {
  imageIndex: ImageIndex;
  imageType: ImageType;
  referenceId: string;
  contentType: ImageContentType;
  fileName: string;
}

/** The `document` field of the letterhead/signature upload (the document's `Document` schema). */
export function imageDocument(f: ImageUploadFields) {
  return {
    referenceId: f.referenceId,
    name: f.fileName,
    contentType: IMAGE_MIME[f.contentType],
    rules: { workflowName: 'LetterheadSignature' },
    meta: { imageType: f.imageType, imageIndex: f.imageIndex },
  };
}

export interface TradeDocumentFields {
  workflowName: Workflow;
  carrierCode: string;
  trackingNumber: string;
  /** yyyy-MM-dd */
  shipmentDate: string;
  originCountryCode: string;
  destinationCountryCode: string;
  shipDocumentType: string;
  contentType: DocumentContentType;
  fileName: string;
}

/**
 * The `document` field of the trade-document upload. Pre-shipment requests omit carrierCode,
 * trackingNumber and shipmentDate; post-shipment ones send them (the date as the carrier writes
 * it, `2026-11-23T00:00:00`).
 */
export function tradeDocument(f: TradeDocumentFields) {
  const post = f.workflowName === 'ETDPostshipment';
  return {
    workflowName: f.workflowName,
    ...(post ? { carrierCode: f.carrierCode } : {}),
    name: f.fileName,
    contentType: DOCUMENT_CONTENT_TYPES[f.contentType].mime,
    meta: {
      shipDocumentType: f.shipDocumentType,
      ...(post ? { trackingNumber: f.trackingNumber, shipmentDate: `${f.shipmentDate}T00:00:00` } : {}),
      originCountryCode: f.originCountryCode.toUpperCase(),
      destinationCountryCode: f.destinationCountryCode.toUpperCase(),
    },
  };
}

/** The multipart body: `document` as a JSON string and `attachment` as the file. */
export function uploadForm(document: unknown, file: Blob, fileName: string): FormData {
  const form = new FormData();
  form.append('document', JSON.stringify(document));
  form.append('attachment', file, fileName);
  return form;
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
