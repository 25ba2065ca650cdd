import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.js';

export interface MultipartBody {
  /** The first file part of each field name. */
  files: Map<string, Buffer>;
  /** Text fields (the last value of a repeated name). */
  fields: Record<string, string>;
}

/**
 * Reads a whole multipart/form-data body of the label routes. Limits keep their own 4xx (413);
 * a body that is not valid multipart (a `boundary=` that never appears, a truncated part) is the
 * client's error: 400 with what went wrong, never a 500.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  const files = new Map<string, Buffer>();
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!files.has(part.fieldname)) files.set(part.fieldname, bytes);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw err;
    throw badRequest(`the multipart/form-data body could not be read: ${(err as Error).message}`);
  }
  return { files, fields };
}
