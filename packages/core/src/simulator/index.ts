/**
 * The carrier twin's control plane, shared by the server, the web app and the tests: the
 * simulated clock's durations, the scenarios a shipment can follow, the faults the simulators can
 * inject and the realtime topics of the Simulator screen. Plain values, no zod (the browser reads them).
 */

import type { CarrierEnvironment } from '../carrier/environments.js';

/**
 * The carrier environment a twin call plays (each has its own simulated clock): the carrier's own
 * list (`CARRIER_ENVIRONMENTS`, `@lab/core/carrier`), under the name the simulator's many files use.
 */
export type SimEnvironmentName = CarrierEnvironment;

/**
 * What a shipment's lifecycle ends in. NORMAL is the default; the others are chosen per shipment
 * by a customer reference holding `SIM:<SCENARIO>` (e.g. `SIM:CUSTOMS_HOLD`) or on the screen.
 */
export const SIM_SCENARIOS = ['NORMAL', 'CUSTOMS_HOLD', 'DELIVERY_EXCEPTION', 'RETURN_TO_SHIPPER', 'DAMAGED'] as const;
export type SimScenario = (typeof SIM_SCENARIOS)[number];

/** The customer-reference token that picks a scenario: `SIM:CUSTOMS_HOLD`. */
export const SCENARIO_TOKEN_PREFIX = 'SIM:';

/** The scenario a reference value names (`SIM:<name>`, letter case ignored), if any. */
export function scenarioOfReference(value: string): SimScenario | undefined {
  const m = /(?:^|\s)SIM:([A-Z_]+)(?:\s|$)/i.exec(value);
  const name = m?.[1]?.toUpperCase();
  return (SIM_SCENARIOS as readonly string[]).includes(name ?? '') ? (name as SimScenario) : undefined;
}

/** The error statuses a fault can answer with (each in the carrier's error shape; 429 with Retry-After). */
export const FAULT_STATUSES = [429, 500, 503, 504] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** Faults can be set on every catalogue endpoint id, and on the OAuth token endpoint under this id. */
export const TOKEN_ENDPOINT_ID = 'oauth-token';

/** The request header asking a simulator for one fault on this call (see docs/modules/simulators.md). */
export const SIM_FAULT_HEADER = 'x-sim-fault';

/**
 * How far past real time the simulated clock may be moved (advance or until): 5 years of 365.25
 * days. A clock moved further would date new shipments in the far future for good; DELETE
 * /simulator/clock puts it back to real time.
 */
export const SIM_CLOCK_HORIZON_DAYS = 1826;
export const SIM_CLOCK_HORIZON_MS = SIM_CLOCK_HORIZON_DAYS * 86_400_000;

/** Realtime topics of the Simulator screen. */
export const SIMULATOR_TOPICS = {
  /** `{ environment, now }` after every advance. */
  clock: 'simulator/clock',
  /** `{ environment, trackingNumber }` when a shipment is created, changes scenario or an event falls due. */
  shipments: 'simulator/shipments',
  /** A TrafficEntrySummary for each recorded call. */
  traffic: 'simulator/traffic',
  /** `{ subscriptionId }` when a delivery of that subscription changes state. */
  deliveries: 'simulator/deliveries',
} as const;

const DURATION = /^P(?!$)(?:(\d+)W)?(?:(\d+)D)?(?:T(?!$)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/;

/**
 * Milliseconds of an ISO-8601 duration of weeks, days, hours, minutes and seconds (`P2DT6H`,
 * `PT90M`, `PT0.5S`, `P1W`); undefined when it is malformed, negative or has years or months
 * (whose length depends on the date).
 */
export function parseIsoDuration(text: string): number | undefined {
  const m = DURATION.exec(text.trim().toUpperCase());
  if (!m) return undefined;
  const [w, d, h, min, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  const ms = Math.round(((((w! * 7 + d!) * 24 + h!) * 60 + min!) * 60 + s!) * 1000);
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** The shortest ISO-8601 duration for a positive number of milliseconds (`P1DT2H`, `PT0.5S`). */
export function formatIsoDuration(ms: number): string {
  if (!(ms > 0)) return 'PT0S';
  let rest = Math.round(ms);
  const days = Math.floor(rest / 86_400_000);
  rest -= days * 86_400_000;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = rest / 1000;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}
