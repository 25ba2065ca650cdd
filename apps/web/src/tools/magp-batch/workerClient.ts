import type { CsvEncoding, ParsedSheet } from './sheet';
import type { WorkerRequest } from './magp.worker';

type Pending = { resolve: (value: any) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./magp.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<{ id: number; ok: boolean; result?: unknown; error?: string }>) => {
    const p = pending.get(event.data.id);
    if (!p) return;
    pending.delete(event.data.id);
    if (event.data.ok) p.resolve(event.data.result);
    else p.reject(new Error(event.data.error));
  };
  worker.onerror = (event) => {
    for (const p of pending.values()) p.reject(new Error(event.message || 'spreadsheet worker failed'));
    pending.clear();
    worker?.terminate();
    worker = undefined;
  };
  return worker;
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

function call<T>(request: Request, transfer: Transferable[] = []): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    getWorker().postMessage({ ...request, id }, transfer);
  });
}

/**
 * Starts the worker ahead of the first file, so the spreadsheet library is downloaded and
 * compiled while the person is still choosing one.
 */
export function prepareWorker(): void {
  if (typeof Worker !== 'undefined') getWorker();
}

/** Reads the first sheet of an .xls, .xlsx or .csv file in the worker. */
export function parseInWorker(file: File, encoding: CsvEncoding): Promise<ParsedSheet> {
  return call<ParsedSheet>({ type: 'parse', file, fileName: file.name, encoding });
}

/** The MAGP .xlsx bytes, written in the worker. */
export function writeMagpInWorker(rows: string[][]): Promise<Uint8Array> {
  return call<Uint8Array>({ type: 'export', rows });
}
