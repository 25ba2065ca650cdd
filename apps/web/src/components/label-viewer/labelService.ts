import { useClientConfig } from '@/lib/config';

/** A failed render with the service's answer (`RenderFailure` words a label the engine fails on from it). */
export class LabelServiceError extends Error {
  constructor(
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'LabelServiceError';
  }
}

/** Our own conversion service; a site may point the app elsewhere (LABEL_SERVICE_URL). */
export const DEFAULT_LABEL_SERVICE_URL = '/lab/api/labels';

/** Labels fetched for one preview; a ZPL with more still reports its total. */
export const MAX_PREVIEW_LABELS = 50;

export type LabelRotation = 0 | 90 | 180 | 270;
export type LabelFormat = 'png' | 'pdf';

export interface ZplRenderOptions {
  dpmm: number;
  /** Inches, e.g. `4x6`. */
  size: string;
  rotation: LabelRotation;
  format: LabelFormat;
  /** Base 0; PDF without an index holds every label. */
  index?: number;
  /** More request headers of the service (e.g. X-Page-* for a PDF on office paper). */
  headers?: Record<string, string>;
}

export function useLabelServiceUrl(): string {
  const { data } = useClientConfig();
  return data?.labelServiceUrl || DEFAULT_LABEL_SERVICE_URL;
}

/** …/v1/printers/8dpmm/labels/4x6/0/ — the public ZPL API's URL shape. */
export function labelUrl(baseUrl: string, options: ZplRenderOptions): string {
  const index = options.index === undefined ? '' : `${options.index}/`;
  return `${baseUrl.replace(/\/+$/, '')}/v1/printers/${options.dpmm}dpmm/labels/${options.size}/${index}`;
}

async function failure(res: Response): Promise<Error> {
  let message = `${res.status} ${res.statusText}`.trim();
  let body: unknown;
  try {
    body = await res.json();
    const said = (body as { message?: unknown }).message;
    if (typeof said === 'string' && said) message = said;
  } catch {
    // not JSON: keep the status line
  }
  return new LabelServiceError(message, body);
}

/** One render: the PNG of one label or a PDF, with the label count of the whole ZPL. */
export async function renderZpl(
  baseUrl: string,
  zpl: string,
  options: ZplRenderOptions,
  signal?: AbortSignal,
): Promise<{ blob: Blob; total: number }> {
  let res: Response;
  try {
    res = await fetch(labelUrl(baseUrl, options), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: options.format === 'pdf' ? 'application/pdf' : 'image/png',
        'x-rotation': String(options.rotation),
        ...options.headers,
      },
      body: zpl,
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new Error(`the label service could not be reached: ${(err as Error).message}`, { cause: err });
  }
  if (!res.ok) throw await failure(res);
  const total = Number(res.headers.get('x-total-count') ?? '1') || 1;
  const blob = await res.blob();
  return {
    blob: blob.type ? blob : new Blob([blob], { type: options.format === 'pdf' ? 'application/pdf' : 'image/png' }),
    total,
  };
}

export interface RenderedLabels {
  format: LabelFormat;
  /** PNG: one image per label (up to MAX_PREVIEW_LABELS). PDF: one document holding every label. */
  blobs: Blob[];
  total: number;
}

/** Every label of a ZPL for preview: all PNGs one by one (the service renders the set once), or one PDF. */
export async function renderAllLabels(
  baseUrl: string,
  zpl: string,
  options: Omit<ZplRenderOptions, 'index'>,
  signal?: AbortSignal,
): Promise<RenderedLabels> {
  if (options.format === 'pdf') {
    const { blob, total } = await renderZpl(baseUrl, zpl, options, signal);
    return { format: 'pdf', blobs: [blob], total };
  }
  const first = await renderZpl(baseUrl, zpl, { ...options, index: 0 }, signal);
  const blobs = [first.blob];
  for (let i = 1; i < Math.min(first.total, MAX_PREVIEW_LABELS); i++) {
    blobs.push((await renderZpl(baseUrl, zpl, { ...options, index: i }, signal)).blob);
  }
  return { format: 'png', blobs, total: first.total };
}
