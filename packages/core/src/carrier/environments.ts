/**
 * The carrier's two environments: each has its own hosts, credentials and (in the twin) its own
 * state and simulated clock. The one list of them: the gateway's URLs, the twin, the Simulator
 * screen, the playground's credential slots and the Splunk query builder all name these.
 */
export const CARRIER_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type CarrierEnvironment = (typeof CARRIER_ENVIRONMENTS)[number];

export function isCarrierEnvironment(value: unknown): value is CarrierEnvironment {
  return (CARRIER_ENVIRONMENTS as readonly unknown[]).includes(value);
}
