/**
 * Dimensional weight and the freight-service limits for one piece shipped international express.
 * Source of every constant: the carrier's Service Guide, "International Express — dimensional
 * weight" (metric divisor 5,000 cm³/kg, weights rounded up to the next half kilogram) and
 * "International Priority Freight — when freight service is required" (per-piece limits of
 * 68 kg / 150 lb, 274 cm / 108 in length, 330 cm / 130 in length plus girth).
 */

import type { DimWeightResult } from '../contract/shipping.js';

/** cm³ per kg: dimensional weight = L × W × H / 5000 (Service Guide, international dim weight). */
export const DIM_DIVISOR_CM3_PER_KG = 5000;
/** Billable weights are rounded up to the next 0.5 kg (Service Guide, weight rounding). */
export const WEIGHT_ROUNDING_STEP_KG = 0.5;
/** A piece over 68 kg (150 lb), actual or dimensional, needs freight service (Service Guide). */
export const FREIGHT_WEIGHT_LIMIT_KG = 68;
/** A piece longer than 274 cm (108 in) needs freight service (Service Guide). */
export const FREIGHT_LENGTH_LIMIT_CM = 274;
/** A piece whose length + girth exceeds 330 cm (130 in) needs freight service (Service Guide). */
export const FREIGHT_LENGTH_PLUS_GIRTH_LIMIT_CM = 330;

export const DIM_WEIGHT_REQUIRED_MESSAGE = 'enter weight & size before search';
/** The screen's own limits (3 characters per side in cm, 5 for the weight in kg), so results stay finite. */
export const DIM_WEIGHT_MAX = { length: 999, width: 999, height: 999, actualweight: 99_999 } as const;

export const FREIGHT_REASONS = {
  actualWeight: `Actual weight over ${FREIGHT_WEIGHT_LIMIT_KG} kg`,
  dimWeight: `Dimensional weight over ${FREIGHT_WEIGHT_LIMIT_KG} kg`,
  length: `Length over ${FREIGHT_LENGTH_LIMIT_CM} cm`,
  lengthPlusGirth: `Length + girth over ${FREIGHT_LENGTH_PLUS_GIRTH_LIMIT_CM} cm`,
} as const;

export type { DimWeightResult } from '../contract/shipping.js';

/** Drops binary floating-point noise (14.400000000000002 → 14.4) before rounding decisions. */
function clean(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Rounds a weight up to the next 0.5 kg; exact halves stay. */
export function roundUpToHalfKg(kg: number): number {
  const steps = Math.ceil(clean(kg / WEIGHT_ROUNDING_STEP_KG));
  return clean(steps * WEIGHT_ROUNDING_STEP_KG);
}

/** Sides in cm, weight in kg, all positive. The order of the sides does not matter. */
export function calculateDimWeight(sidesCm: [number, number, number], actualWeightKg: number): DimWeightResult {
  const [length, width, height] = [...sidesCm].sort((a, b) => b - a) as [number, number, number];
  const girth = clean(2 * (width + height));
  const dimWeight = clean((length * width * height) / DIM_DIVISOR_CM3_PER_KG);
  const roundedactwgt = roundUpToHalfKg(actualWeightKg);
  const roundeddimwgt = roundUpToHalfKg(dimWeight);
  const comments: string[] = [];
  if (clean(actualWeightKg) > FREIGHT_WEIGHT_LIMIT_KG) comments.push(FREIGHT_REASONS.actualWeight);
  if (dimWeight > FREIGHT_WEIGHT_LIMIT_KG) comments.push(FREIGHT_REASONS.dimWeight);
  if (length > FREIGHT_LENGTH_LIMIT_CM) comments.push(FREIGHT_REASONS.length);
  if (clean(length + girth) > FREIGHT_LENGTH_PLUS_GIRTH_LIMIT_CM) comments.push(FREIGHT_REASONS.lengthPlusGirth);
  return { isFreight: comments.length > 0, roundedactwgt, roundeddimwgt, girth, comments };
}

export type DimWeightInput = Record<'length' | 'width' | 'height' | 'actualweight', unknown>;

/** A decimal typed by a person or sent by a caller: "12", "12.5", ".5", 12.5. */
function parseDecimal(value: unknown): number | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return undefined;
  return /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : null;
}

/**
 * Validates the four values of the Calculate Dim Weight form/API and calculates. Missing values
 * give the screen's `enter weight & size before search`.
 */
export function dimWeightFromInput(
  input: Partial<DimWeightInput>,
): { ok: true; result: DimWeightResult } | { ok: false; message: string } {
  const names = ['length', 'width', 'height', 'actualweight'] as const;
  const values: number[] = [];
  for (const name of names) {
    const parsed = parseDecimal(input[name]);
    if (parsed === undefined) return { ok: false, message: DIM_WEIGHT_REQUIRED_MESSAGE };
    if (parsed === null || parsed <= 0) return { ok: false, message: `${name} must be a positive decimal number` };
    if (parsed > DIM_WEIGHT_MAX[name]) return { ok: false, message: `${name} must be at most ${DIM_WEIGHT_MAX[name]}` };
    values.push(parsed);
  }
  const [length, width, height, weight] = values as [number, number, number, number];
  return { ok: true, result: calculateDimWeight([length, width, height], weight) };
}
