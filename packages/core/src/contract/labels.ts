import { z } from 'zod';
import { parseDpmm, parseLabelSize, type Parsed } from '../labels/sizes.js';

/** One linter warning: where (bytes), which command and parameter (1-based; 0 = the command), why. */
export const zplWarning = z.object({
  byteIndex: z.number().int(),
  byteSize: z.number().int(),
  command: z.string(),
  parameterNumber: z.number().int(),
  message: z.string(),
});
export type ZplWarningReply = z.output<typeof zplWarning>;

export const zplField = z.object({
  x: z.number().int(),
  y: z.number().int(),
  kind: z.enum(['text', 'barcode']),
  symbology: z.string().optional(),
  data: z.string(),
  byteIndex: z.number().int(),
});
export type ZplFieldReply = z.output<typeof zplField>;

/** `Accept: application/json` on the label routes: each printed label's fields, and the warnings. */
export const labelDataReply = z.object({
  labels: z.array(z.object({ index: z.number().int(), fields: z.array(zplField) })),
  warnings: z.array(zplWarning),
});
export type LabelDataReply = z.output<typeof labelDataReply>;

/** `POST …/labels/v1/graphics` with `Accept: application/json`. */
export const graphicReply = z.object({
  /** A whole label printing the graphic at the top left. */
  zpl: z.string(),
  /** The `^GFA,…` command alone. */
  command: z.string(),
  widthDots: z.number().int(),
  heightDots: z.number().int(),
  bytesPerRow: z.number().int(),
  totalBytes: z.number().int(),
});
export type GraphicReply = z.output<typeof graphicReply>;

const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const verdict = z.enum(['pass', 'warn', 'fail']);

/** One symbol of a checked label: what was decoded where, the ZPL field it belongs to, the verdict. */
export const symbolCheck = z.object({
  symbology: z.string(),
  /** null: the field's symbol did not decode. */
  text: z.string().nullable(),
  /** In dots of the rendered label (image pixels for an image). */
  box: box.nullable(),
  field: z
    .object({
      x: z.number().int(),
      y: z.number().int(),
      symbology: z.string(),
      data: z.string(),
      byteIndex: z.number().int(),
      expected: z.string(),
    })
    .nullable(),
  verdict,
  /** In English. */
  warnings: z.array(z.string()),
  /** The warnings as codes and values (`@lab/core/labels/check` notes), for the reader's language. */
  notes: z
    .array(z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }))
    .optional(),
});
export type SymbolCheckReply = z.output<typeof symbolCheck>;

export const shipmentCheck = z.object({
  item: z.enum(['trackingNumber', 'checkDigit', 'postalCode', 'service']),
  expected: z.string(),
  found: z.string().nullable(),
  ok: z.boolean().nullable(),
  message: z.string(),
});
export type ShipmentCheckReply = z.output<typeof shipmentCheck>;

/** `POST …/labels/v1/printers/{dpmm}/labels/{size}/check`: every label's symbols checked. */
export const labelCheckReply = z.object({
  /** `zpl`: rendered and matched to its fields; `image`: a PNG/JPEG label, decoded only. */
  source: z.enum(['zpl', 'image']),
  dpmm: z.number().int(),
  /** The rendered label (or the image) in dots. */
  widthDots: z.number().int(),
  heightDots: z.number().int(),
  verdict,
  labels: z.array(
    z.object({
      index: z.number().int(),
      verdict,
      symbols: z.array(symbolCheck),
      /** With a shipment reply: its tracking number, check digit, postal code and service, ✓/✗. */
      shipment: z.array(shipmentCheck).optional(),
    }),
  ),
});
export type LabelCheckReply = z.output<typeof labelCheckReply>;

/** A string that must parse with a core parser; the parser's message is the 400 answer. */
export function parsedString<T>(parse: (text: string) => Parsed<T>) {
  return z.string().transform((text, ctx) => {
    const r = parse(text);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  });
}

/** Path parameters of the label check (as the render routes: `8dpmm`, `4x6`). */
export const labelCheckParams = z.object({
  dpmm: parsedString(parseDpmm).describe('print density: 6dpmm, 8dpmm, 12dpmm or 24dpmm'),
  size: parsedString(parseLabelSize).describe('label width x height in inches, e.g. 4x6 (at most 15)'),
});
