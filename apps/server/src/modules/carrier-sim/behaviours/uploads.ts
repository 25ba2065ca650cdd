/** The documents host's multipart uploads (ETD documents, images): answered with new ids, the file stored. */
import { asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import type { SimContext, SimReply, SimRequest } from './context.js';

/** The documents host's 201: the caller's customer transaction id and the output (no transaction id). */
const uploaded = (req: SimRequest, output: Json): SimReply => ({
  status: 201,
  body: {
    ...(req.customerTransactionId ? { customerTransactionId: req.customerTransactionId } : {}),
    output,
  },
});

function storeUpload(ctx: SimContext, req: SimRequest, kind: 'etd' | 'image', reference: string): Promise<void> {
  return ctx.store.insertUpload(
    kind,
    reference,
    req.attachment?.fileName ?? str(req.body.attachment),
    req.body.document ?? {},
    req.attachment?.body ?? Buffer.alloc(0),
    req.now,
  );
}

export async function etdUpload(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const document = obj(req.body.document);
  const meta = obj(document.meta);
  const docId = `09${ctx.state.hex(14)}`;
  await storeUpload(ctx, req, 'etd', docId);
  return uploaded(req, {
    meta: {
      documentType: str(meta.shipDocumentType) === 'COMMERCIAL_INVOICE' ? 'CI' : 'CO',
      docId,
      folderId: [`0b${ctx.state.hex(14)}`],
    },
  });
}

export async function imageUpload(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const document = obj(req.body.document);
  const meta = obj(document.meta);
  const reference = str(document.referenceId) || ctx.state.hex(8);
  await storeUpload(ctx, req, 'image', reference);
  return uploaded(req, {
    meta: { imageType: str(meta.imageType, 'SIGNATURE'), imageIndex: str(meta.imageIndex, 'IMAGE_1') },
    status: 'SUCCESS',
    documentReferenceId: reference,
  });
}
