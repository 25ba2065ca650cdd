/**
 * What the playground's specific forms send (pure, shared by the web app and the e2e suite): the
 * account check body, the multipart `document` JSON of the image and trade-document uploads, and
 * their content types.
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

/** What an upload's multipart body is appended to: a `FormData` (a web-standard global; core has no DOM types). */
export interface MultipartForm<Attachment> {
  append(name: string, value: string | Attachment, fileName?: string): void;
}

/** The multipart body of both uploads: `document` as a JSON string and `attachment` as the file. */
export function fillUploadForm<Form extends MultipartForm<Attachment>, Attachment>(
  form: Form,
  document: unknown,
  file: Attachment,
  fileName: string,
): Form {
  form.append('document', JSON.stringify(document));
  form.append('attachment', file, fileName);
  return form;
}
