import { isObject } from '@lab/core/json';
import { FALLBACK_DOCUMENT_ENUMS } from '@lab/core/shipping/payload';
import type { Overwrite } from './tabs';

/**
 * Create shipment's overwrite row: accountNumber, labelResponseOptions and labelSpecification
 * (`<imageType> <labelStockType>`) put into the body when the call is made.
 */
export const LABEL_RESPONSE_OPTIONS = ['URL_ONLY', 'LABEL'] as const;
export const FIRST_LABEL_SPECS = ['PNG PAPER_4X675', 'PDF PAPER_LETTER', 'ZPLII STOCK_4X6'];
/** The image types offered on the other stock types. */
export const OTHER_IMAGE_TYPES = ['PDF', 'ZPLII', 'EPL2'];

/** The ship document's labelStockType enum when it is not imported (the carrier's published list). */
export const FALLBACK_STOCK_TYPES: readonly string[] = FALLBACK_DOCUMENT_ENUMS.labelStockType ?? [];

/** The labelSpecification choices: the three first, then PDF/ZPLII/EPL2 on every other stock type. */
export function labelSpecOptions(stockTypes: readonly string[]): string[] {
  const out = [...FIRST_LABEL_SPECS];
  for (const stock of stockTypes) {
    for (const image of OTHER_IMAGE_TYPES) {
      const spec = `${image} ${stock}`;
      if (!out.includes(spec)) out.push(spec);
    }
  }
  return out;
}

/** Finds the `labelStockType` enum anywhere in a (non-dereferenced) OpenAPI document. */
export function findLabelStockTypes(doc: unknown): string[] | undefined {
  const seen = new Set<unknown>();
  const walk = (node: unknown): string[] | undefined => {
    if (!node || typeof node !== 'object' || seen.has(node)) return undefined;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) {
        const found = walk(item);
        if (found) return found;
      }
      return undefined;
    }
    const obj = node as Record<string, unknown>;
    const stock = obj.labelStockType as { enum?: unknown } | undefined;
    if (stock && Array.isArray(stock.enum) && stock.enum.every((v) => typeof v === 'string'))
      return stock.enum as string[];
    for (const v of Object.values(obj)) {
      const found = walk(v);
      if (found) return found;
    }
    return undefined;
  };
  return walk(doc);
}

/** The body with the row's non-blank values put in (a copy; non-object bodies are left alone). */
export function applyOverwrite(body: unknown, o: Overwrite): unknown {
  if (!isObject(body)) return body;
  const out: Record<string, unknown> = structuredClone(body);
  if (o.accountNumber.trim()) out.accountNumber = { value: o.accountNumber.trim() };
  if (o.labelResponseOptions) out.labelResponseOptions = o.labelResponseOptions;
  if (o.labelSpecification) {
    const [imageType, labelStockType] = o.labelSpecification.split(' ');
    const shipment = isObject(out.requestedShipment) ? out.requestedShipment : {};
    const spec = isObject(shipment.labelSpecification) ? shipment.labelSpecification : {};
    out.requestedShipment = { ...shipment, labelSpecification: { ...spec, imageType, labelStockType } };
  }
  return out;
}
