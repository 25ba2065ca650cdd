import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { referenceDir } from '../paths.js';

/** The label service's routes: `${LABELS_BASE}/{dpmm}dpmm/labels/{size}/…`. */
export const LABELS_BASE = '/lab/api/labels/v1/printers';

/** The ZPL reference corpus: labels (`*.zpl`) and what the reference renderer drew of them at 8 dpmm. */
export const ZPL_CORPUS = path.join(referenceDir, 'zpl-corpus');

export const corpusFile = (name: string): Buffer => fs.readFileSync(path.join(ZPL_CORPUS, name));

/** The label size (`WxH`, inches) of an image of `width` × `height` dots at 8 dpmm. */
export function sizeAt8dpmm(width: number, height: number): string {
  const inches = (dots: number) => (dots / 8 / 25.4).toFixed(6);
  return `${inches(width)}x${inches(height)}`;
}

/** POSTs a label body as the public ZPL API's scripts do: form-encoded, unless `headers` say otherwise. */
export function postLabel(
  app: FastifyInstance,
  url: string,
  payload: Buffer | string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}
