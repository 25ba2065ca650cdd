/**
 * The request's `labelSpecification`: image and stock, thermal options, masked data, additional
 * labels and the doc tab (barcoded, or zone 001 with up to 12 zones).
 */
import { availability, type DocTabZoneInput, type ShipPayloadState } from './state.js';
import { type Json, nonEmpty, positiveInt } from './requestValues.js';
import type { WarningCollector } from './warnings.js';

/** A doc-tab Data Field path: `REQUEST/…`, `REPLY/…`, `TRANSACTION/…` or `CLIENT/…` segments. */
export const DATA_FIELD_PATH = /^(REQUEST|REPLY|TRANSACTION|CLIENT)(\/[A-Za-z0-9_]+(\[\d+\])?)+$/;

/** One doc-tab zone: zone numbers 1 to 12, a Data Field path or else the literal value. */
function zone(z: DocTabZoneInput, field: string, w: WarningCollector): Json | null {
  const n = z.zoneNumber;
  if (n === null || !Number.isInteger(n) || n < 1 || n > 12) {
    w.add('zoneNumber', field, { zone: n === null ? '' : String(n) });
    return null;
  }
  const out: Json = { zoneNumber: n };
  if (nonEmpty(z.header)) out.header = z.header;
  if (DATA_FIELD_PATH.test(z.dataField.trim())) out.dataField = z.dataField.trim();
  else {
    if (nonEmpty(z.dataField)) w.add('dataFieldInvalid', field, { path: z.dataField.trim() });
    out.literalValue = z.literalValue;
  }
  w.choice('justification', `${field}.justification`, z.justification);
  out.justification = z.justification;
  return out;
}

/** The label specification, warning where a value is not in the document. */
export function labelSpecification(s: ShipPayloadState, w: WarningCollector): Json {
  const a = availability(s);
  w.choice('imageType', 'imageType', s.imageType);
  w.choice('labelStockType', 'labelStockType', s.labelStockType);
  w.choice('labelFormatType', 'labelFormatType', s.labelFormatType);
  const spec: Json = { imageType: s.imageType, labelStockType: s.labelStockType, labelFormatType: s.labelFormatType };
  if (a.thermal) {
    w.choice('labelOrder', 'labelOrder', s.labelOrder);
    w.choice('labelPrintingOrientation', 'labelPrintingOrientation', s.labelPrintingOrientation);
    w.choice('labelRotation', 'labelRotation', s.labelRotation);
    spec.labelOrder = s.labelOrder;
    spec.labelPrintingOrientation = s.labelPrintingOrientation;
    spec.labelRotation = s.labelRotation;
  }
  const detail: Json = {};
  if (s.maskedData.length > 0) {
    for (const m of s.maskedData) w.choice('maskedData', 'maskedData', m);
    detail.maskedData = [...s.maskedData];
  }
  if (a.additionalLabel) {
    w.choice('additionalLabelType', 'additionalLabelType', s.additionalLabelType);
    detail.additionalLabels = [{ type: s.additionalLabelType, count: positiveInt(s.additionalLabelCount) ?? 1 }];
  }
  if (a.docTab) {
    w.choice('docTabContentType', 'docTabContentType', s.docTabContentType);
    const content: Json = { docTabContentType: s.docTabContentType };
    if (s.docTabContentType === 'BARCODED') {
      w.choice('symbology', 'barcodedSymbology', s.barcodedSymbology);
      const barcoded: Json = { symbology: s.barcodedSymbology };
      const z = zone(s.barcodedZone, 'barcodedZone', w);
      if (z) barcoded.specification = z;
      content.barcoded = barcoded;
    } else if (s.docTabContentType === 'ZONE001') {
      const zones = s.zones.map((z, i) => zone(z, `zones.${i}`, w)).filter((z): z is Json => z !== null);
      content.zone001 = { docTabZoneSpecifications: zones };
    }
    detail.docTabContent = content;
  }
  if (Object.keys(detail).length > 0) spec.customerSpecifiedDetail = detail;
  return spec;
}
