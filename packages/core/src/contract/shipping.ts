import { z } from 'zod';

/**
 * The Useful Tools calculators (`/utils/v1/…`). They keep the `{tag, message | msg, data}` bodies
 * their first callers read, errors included: 400 with `tag: "error"` and the message in
 * `message` (and in `msg` too for /ean).
 */

/** What callers send: numbers or the text typed in a form. */
const looseValue = z
  .union([z.string().max(40), z.number()])
  .nullable()
  .optional();

/** The calculators' error body (400). */
export const taggedError = z.object({ tag: z.literal('error'), message: z.string() });
export type TaggedError = z.output<typeof taggedError>;

export const dimWeightBody = z.object({
  length: looseValue,
  width: looseValue,
  height: looseValue,
  actualweight: looseValue,
});
export type DimWeightBody = z.input<typeof dimWeightBody>;

export const dimWeightResult = z.object({
  isFreight: z.boolean(),
  /** Actual weight rounded up to the next 0.5 kg. */
  roundedactwgt: z.number(),
  /** Dimensional weight rounded up to the next 0.5 kg. */
  roundeddimwgt: z.number(),
  /** 2 × (width + height), the longest side being the length. */
  girth: z.number(),
  /** Each reason freight service is required ("Reason of Freight Service"). */
  comments: z.array(z.string()),
});
export type DimWeightResult = z.output<typeof dimWeightResult>;
export const dimWeightReply = z.object({ tag: z.literal('success'), message: dimWeightResult });
export type DimWeightReply = z.output<typeof dimWeightReply>;

/** An empty `numberofrange` means DEFAULT_NEIGHBOUR_COUNT. */
export const trackingNeighboursBody = z.object({ trackingnumber: looseValue, numberofrange: looseValue });
export type TrackingNeighboursBody = z.input<typeof trackingNeighboursBody>;

/** `data`: [previous, next]; `message` and `corrected` when the given number's check digit was wrong. */
export const trackingNeighboursReply = z.object({
  tag: z.literal('success'),
  data: z.tuple([z.array(z.string()), z.array(z.string())]),
  message: z.string().optional(),
  corrected: z.string().optional(),
});
export type TrackingNeighboursReply = z.output<typeof trackingNeighboursReply>;

export const accountCheckBody = z.object({ ean: looseValue });
export type AccountCheckBody = z.input<typeof accountCheckBody>;

/** 200 `{tag: success, msg, data: [valid 0|1, suggestion]}`; 400 `{tag: error, msg, message}`. */
export const accountCheckReply = z.object({
  tag: z.enum(['success', 'error']),
  msg: z.string(),
  message: z.string().optional(),
  data: z.tuple([z.union([z.literal(0), z.literal(1)]), z.string()]).optional(),
});
export type AccountCheckReply = z.output<typeof accountCheckReply>;
