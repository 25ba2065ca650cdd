/** How a create-shipment answer reads: its labels and documents, their file names, one zip of them. */
import { arr, num, obj, str } from './read.js';

// A web-standard global in browsers and Node ≥ 16; core compiles without DOM types.
declare const atob: (data: string) => string;

export type LabelDocType = 'PNG' | 'PDF' | 'ZPLII' | 'EPL2' | string;

export interface ShipDocument {
  /** `label` per package, `document` for shipment documents (commercial invoice…). */
  kind: 'label' | 'document';
  packageSequenceNumber?: number;
  trackingNumber: string;
  /** LABEL, COMMERCIAL_INVOICE, … */
  contentType: string;
  docType: LabelDocType;
  /** base64 when the label came in the answer (LABEL). */
  encoded?: string;
  /** URL when it did not (URL_ONLY). */
  url?: string;
  fileName: string;
}

export interface ShipmentModel {
  masterTrackingNumber: string;
  serviceName: string;
  labels: ShipDocument[];
  documents: ShipDocument[];
}

const EXTENSIONS: Record<string, string> = { PNG: 'png', PDF: 'pdf', ZPLII: 'zpl', EPL2: 'epl' };

/** The file extension of a label or document type (`ZPLII` → `zpl`). */
export function extensionOf(docType: string): string {
  return EXTENSIONS[docType.toUpperCase()] ?? (docType.toLowerCase() || 'bin');
}

function shipDocument(raw: unknown, kind: ShipDocument['kind'], tracking: string, seq?: number): ShipDocument {
  const d = obj(raw);
  const contentType = str(d.contentType) || (kind === 'label' ? 'LABEL' : 'DOCUMENT');
  const docType = str(d.docType).toUpperCase() || 'PDF';
  const parts = obj(arr(d.parts)[0]);
  const encoded = str(d.encodedLabel) || str(parts.image) || undefined;
  const trackingNumber = str(d.trackingNumber) || tracking;
  const stem =
    kind === 'label' ? `label_${seq ?? 1}_${trackingNumber}` : `${contentType.toLowerCase()}_${trackingNumber}`;
  return {
    kind,
    packageSequenceNumber: seq,
    trackingNumber,
    contentType,
    docType,
    encoded,
    url: str(d.url) || undefined,
    fileName: `${stem}.${extensionOf(docType)}`,
  };
}

export function readShipment(body: unknown): ShipmentModel {
  const ts = obj(arr(obj(obj(body).output).transactionShipments)[0]);
  const master = str(ts.masterTrackingNumber);
  const labels: ShipDocument[] = [];
  for (const [i, raw] of arr(ts.pieceResponses).entries()) {
    const piece = obj(raw);
    const seq = num(piece.packageSequenceNumber) ?? i + 1;
    const tracking = str(piece.trackingNumber) || master;
    for (const doc of arr(piece.packageDocuments)) labels.push(shipDocument(doc, 'label', tracking, seq));
  }
  const documents = arr(ts.shipmentDocuments).map((d) => shipDocument(d, 'document', master));
  return { masterTrackingNumber: master, serviceName: str(ts.serviceName), labels, documents };
}

/** `labelResponseOptions` of the request that was sent (LABEL unless it says URL_ONLY). */
export function labelResponseOption(request: unknown): 'URL_ONLY' | 'LABEL' {
  return str(obj(request).labelResponseOptions) === 'URL_ONLY' ? 'URL_ONLY' : 'LABEL';
}

const MIME: Record<string, string> = {
  png: 'image/png',
  pdf: 'application/pdf',
  zpl: 'application/octet-stream',
  epl: 'application/octet-stream',
};

/** The MIME type a document is saved with. */
export function documentMime(doc: ShipDocument): string {
  return MIME[extensionOf(doc.docType)] ?? 'application/octet-stream';
}

/** The bytes of an encoded document (white space, as mail and logs wrap it, ignored). */
export function decodeBase64(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** `shipment_<master>.zip` */
export function zipName(model: ShipmentModel): string {
  return `shipment_${model.masterTrackingNumber || 'labels'}.zip`;
}

/** Every label and document of the answer that came encoded, in one zip (fflate, loaded on first use). */
export async function zipShipment(model: ShipmentModel): Promise<{ bytes: Uint8Array<ArrayBuffer>; count: number }> {
  const { zipSync } = await import('fflate');
  const files: Record<string, Uint8Array> = {};
  for (const doc of [...model.labels, ...model.documents]) {
    if (doc.encoded) files[doc.fileName] = decodeBase64(doc.encoded);
  }
  return { bytes: zipSync(files, { level: 6 }) as Uint8Array<ArrayBuffer>, count: Object.keys(files).length };
}
