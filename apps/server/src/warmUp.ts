import type { FastifyBaseLogger } from 'fastify';
import type { LabServices } from './module.js';

/**
 * What a first use needs, loaded after start in the background (issue 43: the first city search
 * built the index, the first label check and the first PDF started a render worker): the city
 * index and one render worker's engine, PDF writer and decoder. Both are dropped again after
 * their idle times (LOOKUP_DATA_IDLE_MS, LABEL_WORKER_IDLE_MS), so idle memory settles as before.
 */
export async function warmUp(
  services: Pick<LabServices, 'places' | 'labelRenderer'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  const started = performance.now();
  const results = await Promise.allSettled([services.places.warm(), services.labelRenderer.warmUp()]);
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  for (const f of failed) log.warn({ err: f.reason as unknown }, 'warm-up failed; the first use loads it');
  log.info(
    { ms: Math.round(performance.now() - started) },
    'warmed up: city index, render worker, PDF writer, decoder',
  );
}
