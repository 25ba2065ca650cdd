/**
 * Which demo a response gets, and what the demos make of an answer in the browser (a map link,
 * a document or the whole shipment as a Blob). Reading the answer is `@lab/core/carrier/replies`.
 */
import {
  decodeBase64,
  documentMime,
  zipShipment,
  type ShipDocument,
  type ShipmentModel,
} from '@lab/core/carrier/replies';

export type DemoKind = 'locations' | 'postal' | 'shipment' | 'failed' | 'soon';

const DEMOS: Record<string, DemoKind> = {
  locations: 'locations',
  'postal-validate': 'postal',
  'ship-create': 'shipment',
};

/** A body with an `errors` member → failed; else the endpoint's demo, or "coming soon". */
export function demoKind(endpointId: string, body: unknown): DemoKind {
  if (typeof body === 'object' && body !== null && 'errors' in body) return 'failed';
  return DEMOS[endpointId] ?? 'soon';
}

/** A link to a world map at a point (opened in a new tab, outside the site). */
export function externalMapUrl(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}

export function documentBlob(doc: ShipDocument): Blob | undefined {
  if (!doc.encoded) return undefined;
  return new Blob([decodeBase64(doc.encoded)], { type: documentMime(doc) });
}

/** Every label and document of the answer in one zip. */
export async function shipmentZip(model: ShipmentModel): Promise<{ blob: Blob; count: number }> {
  const { bytes, count } = await zipShipment(model);
  return { blob: new Blob([bytes], { type: 'application/zip' }), count };
}
