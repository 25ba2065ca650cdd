/**
 * "Is this label right?": render the ZPL (the label set the render routes cache), decode every
 * bar code in the pool, match each to the field that drew it (`@lab/core/labels/check`), and,
 * with a shipment reply, compare its tracking number, postal code and service.
 */
import { detectPayloadKind, labelPixelSize, pngDimensions, type Dpmm, type LabelSize } from '@lab/core/labels';
import { checkLabel, checkShipment, decodedOnly, type ShipmentExpectation } from '@lab/core/labels/check';
import type { LabelCheckReply } from '@lab/core/contract';
import { analyzeZpl } from '@lab/core/labels/zpl';
import { HttpError } from '../../http/errors.js';
import { imageHeaderProblem } from '../../images/decode.js';
import type { RunOptions } from './pool.js';
import type { LabelService } from './service.js';

export interface CheckRequest {
  /** ZPL, or a PNG label image (decoded only: there are no fields to match). */
  body: Uint8Array;
  dpmm: Dpmm;
  size: LabelSize;
  /** The shipment each label belongs to, in label order (the last one for the labels after). */
  shipments?: ShipmentExpectation[] | undefined;
}

const worst = (verdicts: ('pass' | 'warn' | 'fail')[]) =>
  verdicts.includes('fail') ? 'fail' : verdicts.includes('warn') ? 'warn' : 'pass';

/** Checks every label of a ZPL document (or one label image). */
export async function checkLabels(
  service: LabelService,
  request: CheckRequest,
  run: RunOptions = {},
): Promise<LabelCheckReply> {
  if (detectPayloadKind(request.body) === 'png') return checkImage(service, request, run);

  const px = labelPixelSize(request.size, request.dpmm);
  const printer = { dpmm: request.dpmm, widthDots: px.width, heightDots: px.height };
  const images = await service.labelImages({ zpl: request.body, dpmm: request.dpmm, size: request.size }, run);
  const decoded = await service.decode(images, run);
  const analysed = analyzeZpl(request.body, { symbols: true, widthDots: px.width, heightDots: px.height }).labels;
  // The engine draws no image for a format that prints nothing (a setup block ^XA~TA…^XZ).
  const labels = analysed.length > images.length ? analysed.filter((l) => l.fields.length > 0) : analysed;
  const checked = images.map((_, index) => {
    const label = labels[index] ?? { index, fields: [] };
    const result = checkLabel(label, decoded[index] ?? [], printer);
    return withShipment(index, result, request.shipments?.[Math.min(index, request.shipments.length - 1)]);
  });
  return {
    source: 'zpl',
    dpmm: request.dpmm,
    widthDots: px.width,
    heightDots: px.height,
    verdict: worst(checked.map((l) => l.verdict)),
    labels: checked,
  };
}

function withShipment(
  index: number,
  result: ReturnType<typeof checkLabel>,
  shipment: ShipmentExpectation | undefined,
): LabelCheckReply['labels'][number] {
  if (!shipment) return { index, ...result };
  const lines = checkShipment(
    result.symbols.flatMap((s) => (s.text === null ? [] : [s.text])),
    shipment,
  );
  const failed = lines.some((l) => l.ok === false);
  return { index, symbols: result.symbols, verdict: failed ? 'fail' : result.verdict, shipment: lines };
}

/** A label image: decoded and shown (the symbols' text and place), nothing to match. */
async function checkImage(service: LabelService, request: CheckRequest, run: RunOptions): Promise<LabelCheckReply> {
  // Only the header is read here: too large is refused before it takes a render worker; the pixels
  // are decoded in the pool (pixel data that does not decode is a 422 from there).
  const tooLarge = imageHeaderProblem(request.body);
  if (tooLarge) throw new HttpError(422, tooLarge);
  const { width, height } = pngDimensions(request.body) ?? { width: 0, height: 0 };
  const [decoded = []] = await service.decode([request.body], run);
  const result = decodedOnly(decoded, { dpmm: request.dpmm, widthDots: width, heightDots: height });
  const label = withShipment(0, result, request.shipments?.[0]);
  return {
    source: 'image',
    dpmm: request.dpmm,
    widthDots: width,
    heightDots: height,
    verdict: label.verdict,
    labels: [label],
  };
}
