import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { bytesToText } from '@lab/core/json';
import { labelPixelSize, pdfPageSize, type Dpmm, type LabelSize, type Rotation } from '@lab/core/labels';
import type { DecodedSymbol } from '@lab/core/labels/check';
import type { GraphicOptions, LabelQuality, SheetOptions, ZplGraphic } from '@lab/core/labels/zpl';
import { RenderCancelledError, RenderError, RenderPool, type JobRunner, type RunOptions } from './pool.js';
import { isEngineFailure, LabelNotRenderedError, lastCommandBeforeFailure } from './renderFailure.js';
import type { LabelSettings } from './settings.js';

export type LabelFormat = 'png' | 'pdf';

/** The label `warmUp` renders, turns into a PDF and decodes. */
export const WARM_UP_ZPL = '^XA^FO20,20^BY2^BCN,80^FD123456^FS^XZ';

export const LABEL_CONTENT_TYPES: Record<LabelFormat, string> = { png: 'image/png', pdf: 'application/pdf' };

export interface LabelRequest {
  zpl: Uint8Array;
  dpmm: Dpmm;
  size: LabelSize;
  /** Base 0. PNG without an index is the first label; PDF without an index holds every label. */
  index: number | undefined;
  rotation: Rotation;
  format: LabelFormat;
  /** PDF only: labels on office paper (X-Page-* headers) instead of one page per label. */
  sheet?: SheetOptions | undefined;
  /** PNG only: `Bitonal` cuts every pixel to black or white. */
  quality?: LabelQuality | undefined;
}

export interface LabelOutput {
  body: Buffer;
  /** Labels in the whole ZPL. */
  total: number;
  contentType: string;
}

/** The index asked for is past the last label. */
export class LabelIndexError extends Error {
  override name = 'LabelIndexError';
  constructor(
    readonly index: number,
    readonly total: number,
  ) {
    super(`label index ${index} is out of range: the ZPL holds ${total} label${total === 1 ? '' : 's'}`);
  }
}

/** The request would draw more dots (width × height × labels) than LABEL_MAX_DOTS allows. */
export class LabelTooLargeError extends Error {
  override name = 'LabelTooLargeError';
}

/** Labels a ZPL asks for: its `^XA` openings (at least one), known before any rendering. */
export function countLabelOpenings(zpl: Uint8Array): number {
  let n = 0;
  for (let i = 0; i + 2 < zpl.length; i++) {
    // ^XA or ^xa (ZPL commands are case-insensitive)
    if (zpl[i] === 0x5e && (zpl[i + 1]! | 0x20) === 0x78 && (zpl[i + 2]! | 0x20) === 0x61) n++;
  }
  return Math.max(1, n);
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export interface LabelServiceOptions {
  /** Where jobs run: a RenderPool (server) or `inProcessRunner` (CLI). Closed with the service. */
  runner: JobRunner;
  cacheBytes: number;
  /** Most dots (width × height × labels) one request may draw; unset = no limit (the CLI). */
  maxDots?: number;
}

interface SharedRender {
  promise: Promise<Buffer[]>;
  controller: AbortController;
  waiters: number;
}

/**
 * Renders labels through the worker pool and keeps recent results: whole label sets (so paging
 * through a multi-label ZPL renders once) and finished responses keyed by
 * (ZPL hash, dpmm, size, index, rotation, format).
 */
export class LabelService {
  private readonly runner: JobRunner;
  private readonly outputs: LRUCache<string, LabelOutput>;
  private readonly labelSets: LRUCache<string, Buffer[]>;
  private readonly inFlight = new Map<string, SharedRender>();
  private readonly maxDots: number;

  constructor(options: LabelServiceOptions) {
    this.runner = options.runner;
    this.maxDots = options.maxDots ?? Infinity;
    const half = Math.max(1, Math.floor(options.cacheBytes / 2));
    this.outputs = new LRUCache({ maxSize: half, sizeCalculation: (o) => Math.max(1, o.body.byteLength) });
    this.labelSets = new LRUCache({
      maxSize: half,
      sizeCalculation: (set) =>
        Math.max(
          1,
          set.reduce((n, png) => n + png.byteLength, 0),
        ),
    });
  }

  /**
   * Renders (or answers from the cache). `client` is the key the jobs wait under in the pool's
   * fair queue (the caller's client: see RunOptions); a label set another request is already
   * rendering is waited for, not rendered again, and stays in its first requester's line.
   * `signal` aborts when the client has gone or the request's deadline has passed: waiting work
   * is dropped and a render no other request waits for is stopped.
   */
  async render(request: LabelRequest, run: RunOptions = {}): Promise<LabelOutput & { cached: boolean }> {
    const setKey = this.setKey(request);
    const sheetKey = request.sheet ? JSON.stringify(request.sheet) : '';
    const outputKey = `${setKey}|${request.index ?? 'all'}|${request.rotation}|${request.format}|${sheetKey}|${request.quality ?? ''}`;
    const hit = this.outputs.get(outputKey);
    if (hit) return { ...hit, cached: true };

    const rendered = await this.labelSet(setKey, request, run);
    const total = rendered.length;
    if (total === 0) throw new RenderError('the ZPL holds no label (no ^XA … ^XZ block)');
    const index = request.index ?? (request.format === 'png' ? 0 : undefined);
    if (index !== undefined && index >= total) throw new LabelIndexError(index, total);
    const chosen = index === undefined ? rendered : [rendered[index]!];

    let body: Buffer;
    if (request.format === 'pdf' && request.sheet) {
      const label = pdfPageSize(request.size, request.rotation);
      const job = { op: 'sheet' as const, pngs: chosen, rotation: request.rotation, label, sheet: request.sheet };
      body = asBuffer((await this.runner.run(job, run))[0]!);
    } else if (request.format === 'png' && request.quality === 'Bitonal') {
      body = asBuffer((await this.runner.run({ op: 'bitonal', png: chosen[0]!, rotation: request.rotation }, run))[0]!);
    } else if (request.format === 'pdf') {
      const page = pdfPageSize(request.size, request.rotation);
      body = asBuffer((await this.runner.run({ op: 'pdf', pngs: chosen, rotation: request.rotation, page }, run))[0]!);
    } else if (request.rotation !== 0) {
      body = asBuffer((await this.runner.run({ op: 'rotate', png: chosen[0]!, rotation: request.rotation }, run))[0]!);
    } else {
      body = chosen[0]!;
    }
    const output: LabelOutput = { body, total, contentType: LABEL_CONTENT_TYPES[request.format] };
    this.outputs.set(outputKey, output);
    return { ...output, cached: false };
  }

  /**
   * Every label of a ZPL as rendered PNGs (unturned), from the cache or the pool like a render;
   * the label check decodes them.
   */
  async labelImages(request: Pick<LabelRequest, 'zpl' | 'dpmm' | 'size'>, run: RunOptions = {}): Promise<Buffer[]> {
    const set = await this.labelSet(this.setKey(request), request, run);
    if (set.length === 0) throw new RenderError('the ZPL holds no label (no ^XA … ^XZ block)');
    return set;
  }

  /** The bar codes on label images (PNG, JPEG…), decoded in the pool like a render. */
  async decode(images: Uint8Array[], run: RunOptions = {}): Promise<DecodedSymbol[][]> {
    if (images.length === 0) return [];
    const answers = await this.runner.run({ op: 'decode', images }, run);
    return answers.map((json) => JSON.parse(Buffer.from(json).toString('utf8')) as DecodedSymbol[]);
  }

  /** The label set's cache key; refuses a request that would draw more than LABEL_MAX_DOTS. */
  private setKey(request: Pick<LabelRequest, 'zpl' | 'dpmm' | 'size'>): string {
    const px = labelPixelSize(request.size, request.dpmm);
    const labels = countLabelOpenings(request.zpl);
    const dots = px.width * px.height * labels;
    if (dots > this.maxDots) {
      throw new LabelTooLargeError(
        `the request would draw ${dots} dots (${px.width} × ${px.height} × ${labels} label${labels === 1 ? '' : 's'}); the limit is ${this.maxDots} (LABEL_MAX_DOTS): use a smaller size, density or fewer labels`,
      );
    }
    const hash = createHash('sha256').update(request.zpl).digest('hex');
    return `${hash}|${request.dpmm}|${request.size.widthIn}x${request.size.heightIn}`;
  }

  /** Image (PNG/JPEG/BMP bytes) → ZPL graphic, in the pool like a render (`client` as for render). */
  async graphic(image: Uint8Array, options: GraphicOptions, run: RunOptions = {}): Promise<ZplGraphic> {
    const [json] = await this.runner.run({ op: 'graphic', image, options }, run);
    return JSON.parse(Buffer.from(json!).toString('utf8')) as ZplGraphic;
  }

  /**
   * Loads in a render worker what a first use needs — the engine, the PDF writer and the bar code
   * decoder — by one small render, PDF and decode (`serve` runs it after start, in the background).
   */
  async warmUp(): Promise<void> {
    const run = { client: 'warm-up' };
    const [png] = await this.runner.run({ op: 'render', zpl: WARM_UP_ZPL, widthMm: 50, heightMm: 25, dpmm: 8 }, run);
    await this.runner.run({ op: 'pdf', pngs: [png!], rotation: 0, page: { width: 144, height: 72 } }, run);
    await this.runner.run({ op: 'decode', images: [png!] }, run);
  }

  close(): Promise<void> {
    this.outputs.clear();
    this.labelSets.clear();
    return this.runner.close();
  }

  private labelSet(
    key: string,
    request: Pick<LabelRequest, 'zpl' | 'dpmm' | 'size'>,
    { client, signal }: RunOptions,
  ): Promise<Buffer[]> {
    const cached = this.labelSets.get(key);
    if (cached) return Promise.resolve(cached);
    let shared = this.inFlight.get(key);
    if (!shared) {
      const px = labelPixelSize(request.size, request.dpmm);
      const controller = new AbortController();
      // Half a dot under the target keeps the engine's round-up on exactly `px` dots.
      const renderOf = (zpl: string) =>
        this.runner.run(
          {
            op: 'render',
            zpl,
            widthMm: (px.width - 0.5) / request.dpmm,
            heightMm: (px.height - 0.5) / request.dpmm,
            dpmm: request.dpmm,
          },
          { client, signal: controller.signal },
        );
      const promise = renderOf(bytesToText(request.zpl))
        .then((images) => {
          const set = images.map(asBuffer);
          this.labelSets.set(key, set);
          return set;
        })
        .catch(async (err: unknown) => {
          if (!isEngineFailure(err)) throw err;
          // A label the engine fails on: find the last command it read, in our words.
          const fails = (zpl: string) =>
            renderOf(zpl).then(
              () => false,
              (e: unknown) => {
                if (isEngineFailure(e)) return true;
                throw e;
              },
            );
          throw new LabelNotRenderedError(err.message, await lastCommandBeforeFailure(request.zpl, fails));
        })
        .finally(() => this.inFlight.delete(key));
      shared = { promise, controller, waiters: 0 };
      this.inFlight.set(key, shared);
    }
    return this.wait(shared, signal);
  }

  /** Waits for a shared render; the render itself is stopped only when every waiter has gone. */
  private wait(shared: SharedRender, signal: AbortSignal | undefined): Promise<Buffer[]> {
    shared.waiters += 1;
    if (!signal) return shared.promise;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        shared.waiters -= 1;
        if (shared.waiters === 0) shared.controller.abort(signal.reason);
        reject(
          signal.reason instanceof Error && signal.reason.name !== 'AbortError'
            ? signal.reason
            : new RenderCancelledError('the request was cancelled'),
        );
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(
        (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
        (e: unknown) => (signal.removeEventListener('abort', onAbort), reject(e as Error)),
      );
    });
  }
}

/**
 * The app's one label renderer (the `labelRenderer` service): one pool of LABEL_WORKERS render
 * workers, started on the first job, with the limits, time outs and cache of the LABEL_* settings,
 * shared by every module that renders (the labels routes and the simulators), each job waiting in
 * its client's line of the pool's fair queue.
 */
export function appLabelRenderer(settings: LabelSettings): LabelService {
  return new LabelService({
    runner: new RenderPool({
      size: settings.labelWorkers,
      timeoutMs: settings.labelRenderTimeoutMs,
      idleMs: settings.labelWorkerIdleMs,
      maxHeapMb: settings.labelWorkerMaxHeapMb,
    }),
    cacheBytes: settings.labelCacheBytes,
    maxDots: settings.labelMaxDots,
  });
}
