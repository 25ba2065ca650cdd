import type { Rotation } from '@lab/core/labels';

/** Messages between the render pool and its worker threads. */
export type WorkerJob =
  | { op: 'render'; zpl: string; widthMm: number; heightMm: number; dpmm: number }
  | { op: 'rotate'; png: Uint8Array; rotation: Rotation }
  | { op: 'pdf'; pngs: Uint8Array[]; rotation: Rotation; page: { width: number; height: number } };

export type WorkerRequest = { id: number; job: WorkerJob };

export type WorkerResponse =
  | { type: 'ready' }
  | { type: 'done'; id: number; images: Uint8Array[] }
  | { type: 'failed'; id: number; message: string; fatal: boolean };
