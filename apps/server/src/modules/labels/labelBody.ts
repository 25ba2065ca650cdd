import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.js';
import { readMultipart } from './multipart.js';

export const EMPTY_BODY_MESSAGE =
  'the request body is empty: send the ZPL as the raw body or as a multipart/form-data field named "file"';

/**
 * The body of the render and check routes: the label (the whole raw body, or the multipart field
 * `file`; never empty) and the other multipart fields.
 */
export async function readLabelBody(request: FastifyRequest): Promise<{ zpl: Buffer; fields: Record<string, string> }> {
  const { zpl, fields } = await labelBodyParts(request);
  if (zpl.byteLength === 0) throw badRequest(EMPTY_BODY_MESSAGE);
  return { zpl, fields };
}

async function labelBodyParts(request: FastifyRequest): Promise<{ zpl: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) {
    return { zpl: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), fields: {} };
  }
  const { files, fields } = await readMultipart(request);
  const zpl = files.get('file') ?? (fields.file !== undefined ? Buffer.from(fields.file, 'utf8') : undefined);
  if (!zpl) throw badRequest('the multipart/form-data body has no field named "file"');
  return { zpl, fields };
}
