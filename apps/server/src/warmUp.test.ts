import { describe, expect, it } from 'vitest';
import { LabelService } from './modules/labels/service.js';
import type { WorkerJob } from './modules/labels/protocol.js';
import type { LabServices } from './module.js';
import { warmUp } from './warmUp.js';

describe('the warm-up after start', () => {
  it('loads what a first use needs: the city index and a render worker’s engine, PDF writer and decoder', async () => {
    const jobs: WorkerJob['op'][] = [];
    const clients: (string | undefined)[] = [];
    const renderer = new LabelService({
      runner: {
        run: async (job, options) => {
          jobs.push(job.op);
          clients.push(options?.client);
          return [new Uint8Array([1])];
        },
        close: async () => {},
      },
      cacheBytes: 1_000_000,
      maxDots: 10_000_000,
    });
    let citiesBuilt = 0;
    const places = { warm: async () => void (citiesBuilt += 1) } as unknown as LabServices['places'];
    const lines: string[] = [];
    await warmUp({ places, labelRenderer: renderer }, {
      info: (_o: object, m: string) => lines.push(m),
      warn: () => {},
    } as never);
    expect(citiesBuilt).toBe(1);
    expect(jobs).toEqual(['render', 'pdf', 'decode']);
    expect(new Set(clients)).toEqual(new Set(['warm-up']));
    expect(lines).toEqual(['warmed up: city index, render worker, PDF writer, decoder']);
  });

  it('logs a part that fails and warms the rest', async () => {
    const warned: string[] = [];
    const places = { warm: async () => {} } as unknown as LabServices['places'];
    const labelRenderer = {
      warmUp: async () => {
        throw new Error('no engine');
      },
    } as unknown as LabServices['labelRenderer'];
    await warmUp({ places, labelRenderer }, {
      info: () => {},
      warn: (_o: object, m: string) => warned.push(m),
    } as never);
    expect(warned).toEqual(['warm-up failed; the first use loads it']);
  });
});
