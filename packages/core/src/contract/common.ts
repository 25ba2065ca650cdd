import { z } from 'zod';

/** Every 4xx/5xx of the JSON API that has no shape of its own: what went wrong, in words. */
export const messageReply = z.object({
  message: z.string(),
  /** Present on 5xx: the request id to find the failure in the server log. */
  requestId: z.string().optional(),
});
export type MessageReply = z.output<typeof messageReply>;

/** The newest import of a carrier dataset: its `--dataset` label and when it ran; null when none. */
export const datasetInfo = z.object({ label: z.string().nullable(), importedAt: z.string() }).nullable();
export type DatasetInfo = z.output<typeof datasetInfo>;

/** An ISO 3166-1 alpha-2 code as people type it: any case, answered upper case. */
export const alpha2Param = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
  .transform((s) => s.toUpperCase());
