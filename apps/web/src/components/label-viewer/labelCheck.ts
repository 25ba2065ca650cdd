import { routes } from '@lab/core/routes';
import type { RouteReply } from '@lab/core/contract';
import { apiFetch, routeUrl } from '@/lib/api';

export type LabelCheckReply = RouteReply<'labels.check'>;
export type CheckedSymbol = LabelCheckReply['labels'][number]['symbols'][number];

/** The shipment a label belongs to: the create-shipment reply as it came, and the piece's tracking number. */
export interface CheckShipment {
  /** Absent when only the tracking numbers are known (a Stratus order). */
  reply?: unknown;
  /** The piece's tracking number, or one per label in order, comma-separated. */
  trackingNumber?: string;
}

/**
 * What the viewer's Check action checks: the ZPL it shows (rendered and matched to its fields on
 * the server), or — for PNG/PDF labels without ZPL — the shown image, sent to the server to decode
 * (the browser runs no decoder: no WebAssembly under our CSP, no 1 MB of it in the page).
 */
export type LabelCheckSource =
  | { kind: 'zpl'; zpl: string; dpmm: number; size: string; shipment?: CheckShipment }
  | { kind: 'image'; shipment?: CheckShipment };

/** POST …/labels/v1/printers/{dpmm}/labels/{size}/check with the ZPL or a PNG as the multipart field `file`. */
export function requestLabelCheck(
  file: Blob,
  options: { dpmm: number; size: string; shipment?: CheckShipment },
  signal?: AbortSignal,
): Promise<LabelCheckReply> {
  const form = new FormData();
  form.append('file', file, file.type === 'image/png' ? 'label.png' : 'label.zpl');
  if (options.shipment) {
    if (options.shipment.reply !== undefined) form.append('reply', JSON.stringify(options.shipment.reply));
    if (options.shipment.trackingNumber) form.append('trackingNumber', options.shipment.trackingNumber);
  }
  const { method, path } = routes['labels.check'];
  const url = routeUrl(path, { dpmm: `${options.dpmm}dpmm`, size: options.size });
  return apiFetch<LabelCheckReply>(url, { method, body: form, signal });
}
