import { randomInt } from 'node:crypto';
import { seededRandom, type RandomSource } from '@lab/core/labels';
import type { ServiceContext } from '../../module.js';
import { sharedSecret } from './secrets.js';

/**
 * The `simSeed` service (LabServices['simSeed']): SIM_SEED as the simulators use it, so they need
 * the sim module's service instead of reading its setting.
 */
export interface SimSeed {
  /** SIM_SEED: the simulators' ids, tracking numbers and token keys repeat across starts; undefined = random per start. */
  readonly value: number | undefined;
  /** A generator for one simulator: seeded by SIM_SEED, else by a seed drawn now. */
  random(): RandomSource;
  /** A signing key shared by every instance on the database: from SIM_SEED, else generated once and stored (secrets.ts). */
  secret(name: string): Promise<Buffer>;
}

export function createSimSeed({ config, db }: ServiceContext): SimSeed {
  const value = config.simSeed;
  return {
    value,
    random: () => seededRandom(value ?? randomInt(0, 2 ** 31)),
    secret: (name) => sharedSecret(db.kysely, name, value),
  };
}
