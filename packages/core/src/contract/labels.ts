import { z } from 'zod';

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
