/// <reference lib="webworker" />
import { parseSpreadsheet, writeMagpWorkbook, type CsvEncoding } from './parse';

// Spreadsheet reading and writing run here, off the page's thread: a 10,000-row file never
// freezes the screen, and the spreadsheet library loads only in this worker's chunk.
export type WorkerRequest =
  | { id: number; type: 'parse'; file: Blob; fileName: string; encoding: CsvEncoding }
  | { id: number; type: 'export'; rows: string[][] };

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  try {
    if (req.type === 'parse') {
      const bytes = new Uint8Array(await req.file.arrayBuffer());
      self.postMessage({ id: req.id, ok: true, result: parseSpreadsheet(bytes, req.fileName, req.encoding) });
    } else {
      const bytes = writeMagpWorkbook(req.rows);
      self.postMessage({ id: req.id, ok: true, result: bytes }, [bytes.buffer]);
    }
  } catch (error) {
    self.postMessage({ id: req.id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
