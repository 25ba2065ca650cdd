import { randomInt } from 'node:crypto';
import { seededRandom, type RandomSource } from '@lab/core/labels';
import type { ServiceContext } from '../../module.js';

/**
 * The `simSeed` service (LabServices['simSeed']): SIM_SEED as the simulators use it, so they need
 * the sim module's service instead of reading its setting.
 */
export interface SimSeed {
  /** SIM_SEED: the simulators' ids, tracking numbers and token keys repeat across starts; undefined = random per start. */
  readonly value: number | undefined;
  /** A generator for one simulator: seeded by SIM_SEED, else by a seed drawn now. */
  random(): RandomSource;
}

export function createSimSeed({ config }: ServiceContext): SimSeed {
  const value = config.simSeed;
  return { value, random: () => seededRandom(value ?? randomInt(0, 2 ** 31)) };
}
