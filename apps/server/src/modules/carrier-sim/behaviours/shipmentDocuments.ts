/** The documents a create-shipment request asks for beside its labels: the commercial invoice, the merged PDF. */
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { commercialInvoicePdf, mergedPdf } from '../invoice.js';
import type { LabelSpec } from '../labelData.js';
import type { SimRequest } from './context.js';
import { labelUrl, type ShipmentDraft } from './shipment.js';

/** Customs amount as cents (the simulator's invoice totals; amounts with more than 2 decimals are rounded). */
const cents = (v: unknown) => Math.round(Number(v) * 100) || 0;
const money = (c: number) => `${(c / 100).toFixed(2)}`;

/**
 * The shipment documents a create-shipment request asks for: a commercial invoice (PDF) when
 * `shippingDocumentSpecification.shippingDocumentTypes` holds COMMERCIAL_INVOICE, inline or as a URL
 * like the labels. Other document types are not simulated.
 */
export async function shipmentDocuments(
  req: SimRequest,
  rs: Json,
  shipment: ShipmentDraft,
  urlOnly: boolean,
): Promise<Json[]> {
  const types = arr(obj(rs.shippingDocumentSpecification).shippingDocumentTypes).map((t) => str(t));
  if (!types.includes('COMMERCIAL_INVOICE')) return [];
  const customs = obj(rs.customsClearanceDetail);
  const commodities = arr(customs.commodities).map(obj);
  const currency = str(obj(commodities[0]?.customsValue).currency, str(obj(customs.totalCustomsValue).currency, 'USD'));
  const total = commodities.reduce((sum, c) => sum + cents(obj(c.customsValue).amount), 0);
  const body = await commercialInvoicePdf({
    masterTrackingNumber: shipment.master,
    shipDate: shipment.shipDate,
    shipper: shipment.shipper,
    recipient: shipment.recipient,
    currency,
    total: money(total),
    purpose: str(obj(customs.commercialInvoice).shipmentPurpose, 'SOLD'),
    lines: commodities.map((c) => ({
      description: str(c.description),
      quantity: `${str(c.quantity, '1')} ${str(c.quantityUnits)}`.trim(),
      countryOfManufacture: str(c.countryOfManufacture),
      harmonizedCode: str(c.harmonizedCode),
      customsValue: money(cents(obj(c.customsValue).amount)),
    })),
  });
  shipment.documents.set('invoice', { contentType: 'application/pdf', ext: 'pdf', body });
  const doc: Json = {
    contentType: 'COMMERCIAL_INVOICE',
    copiesToPrint: 1,
    trackingNumber: shipment.master,
    docType: 'PDF',
  };
  if (urlOnly) doc.url = labelUrl(req, `${shipment.master}-invoice.pdf`);
  else doc.encodedLabel = body.toString('base64');
  return [doc];
}

/**
 * The merged PDF URL the ship document describes: with URL_ONLY and `mergeLabelDocOption`
 * LABELS_AND_DOCS (every PDF label and document) or LABELS_ONLY, in `labelOrder`. Labels that are
 * not PDF (ZPLII, EPL2, PNG) are not merged, so such a shipment gets no merged URL.
 */
export async function mergedDocument(
  req: SimRequest,
  shipment: ShipmentDraft,
  spec: LabelSpec,
): Promise<Json | undefined> {
  const option = str(req.body.mergeLabelDocOption, 'NONE');
  if (!spec.urlOnly || (option !== 'LABELS_AND_DOCS' && option !== 'LABELS_ONLY')) return undefined;
  const labels = shipment.labels.filter((l) => l.contentType === 'application/pdf').map((l) => l.body);
  if (labels.length === 0) return undefined;
  const documents = option === 'LABELS_AND_DOCS' ? [...shipment.documents.values()].map((d) => d.body) : [];
  const body = await mergedPdf(labels, documents, spec.labelsFirst);
  shipment.documents.set('merged', { contentType: 'application/pdf', ext: 'pdf', body });
  return {
    contentType: 'MERGED_LABEL_DOCUMENTS',
    copiesToPrint: 1,
    trackingNumber: shipment.master,
    docType: 'PDF',
    url: labelUrl(req, `${shipment.master}-merged.pdf`),
  };
}
