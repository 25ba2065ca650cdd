import type { PrintDevice } from '@lab/core/print';
import { AGENT_URL_HTTP, AGENT_URL_HTTPS, AVAILABILITY_PROBE } from '@lab/core/print';

/**
 * The Browser Print agent contract (Zebra's desktop agent, or `lab print-agent`), reimplemented:
 * GET /available, GET /default?type=printer, POST /write and /read with a text/plain JSON body
 * (a simple request: no custom headers, so no CORS preflight), POST /convert multipart.
 */

export type { PrintDevice };

/** A failed agent call; `message` is the agent's response body (what the screen shows). */
export class AgentError extends Error {
  constructor(
    message: string,
    /** 0 when the agent could not be reached. */
    readonly status: number,
    /** For status 0: the browser's own reason (e.g. "Failed to fetch"). */
    readonly detail = '',
  ) {
    super(message);
    this.name = 'AgentError';
  }
}

/** The words a screen shows for a failure: the agent's answer, or "not reachable" in the screen's language. */
export function agentErrorText(err: unknown, notReachable: string, base: string): string {
  if (err instanceof AgentError && err.status === 0) return `${notReachable} ${base}: ${err.detail}`;
  return (err as Error).message;
}

/** Zebra's port for the page's scheme: 9100 for http pages, 9101 (TLS) for https pages. */
export function defaultAgentUrl(protocol: string): string {
  return protocol === 'https:' ? AGENT_URL_HTTPS : AGENT_URL_HTTP;
}

const join = (base: string, path: string) => `${base.trim().replace(/\/+$/, '')}${path}`;

async function call(base: string, path: string, init?: RequestInit): Promise<string> {
  let res: Response;
  try {
    res = await fetch(join(base, path), init);
  } catch (err) {
    throw new AgentError(
      `Browser Print is not reachable at ${base}: ${(err as Error).message}`,
      0,
      (err as Error).message,
    );
  }
  const text = await res.text();
  if (!res.ok) throw new AgentError(text.trim() || `${res.status} ${res.statusText}`.trim(), res.status);
  return text;
}

const textPlain = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'text/plain;charset=UTF-8' },
  body: JSON.stringify(body),
});

/** GET /default?type=printer — the default printer, or null when none is configured (empty body). */
export async function getDefaultDevice(base: string): Promise<PrintDevice | null> {
  const text = await call(base, '/default?type=printer');
  if (!text.trim()) return null;
  return JSON.parse(text) as PrintDevice;
}

/** GET /available — every printer the agent knows. */
export async function getAvailablePrinters(base: string): Promise<PrintDevice[]> {
  const body = JSON.parse(await call(base, '/available')) as { printer?: PrintDevice[] };
  return body.printer ?? [];
}

/** What /write takes: text (sent as UTF-8), or the bytes of a file that is not UTF-8 (one character a byte). */
export type PrintData = { text: string } | { bytes: Uint8Array };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A file's bytes as /write data: UTF-8 text when they are UTF-8 (the agent writes the same bytes back). */
export function printDataOf(bytes: Uint8Array): PrintData {
  try {
    return { text: strictUtf8.decode(bytes) };
  } catch {
    return { bytes };
  }
}

/** POST /write {device, data}. Non-UTF-8 bytes go one character a byte with `encoding: "latin1"`. */
export async function writeToDevice(base: string, device: PrintDevice, data: PrintData | string): Promise<void> {
  const d = typeof data === 'string' ? { text: data } : data;
  if ('text' in d) {
    await call(base, '/write', textPlain({ device, data: d.text }));
    return;
  }
  let latin1 = '';
  for (const b of d.bytes) latin1 += String.fromCharCode(b);
  await call(base, '/write', textPlain({ device, data: latin1, encoding: 'latin1' }));
}

/** POST /read {device} — what the printer answered (e.g. after ~HS). */
export const readFromDevice = (base: string, device: PrintDevice) => call(base, '/read', textPlain({ device }));

/** POST /convert: a PNG converted by the agent to the printer's language and printed. */
export async function convertAndPrint(base: string, device: PrintDevice, png: Blob): Promise<void> {
  const form = new FormData();
  form.append('json', JSON.stringify({ options: { action: 'print', fromFormat: 'png' }, device }));
  form.append('blob', png, 'label.png');
  await call(base, '/convert', { method: 'POST', body: form });
}

/** The three flags the screen shows as tags; printing needs all three. */
export interface Readiness {
  connected: boolean;
  configured: boolean;
  available: boolean;
}

export const NOT_READY: Readiness = { connected: false, configured: false, available: false };

export const canPrint = (r: Readiness) => r.connected && r.configured && r.available;

export interface PrinterState {
  readiness: Readiness;
  device: PrintDevice | null;
  /** Why a flag is off: the agent's answer, or the network failure. */
  error: string | null;
  /** The failure itself, for the screen's wording (agentErrorText). */
  cause?: unknown;
}

/**
 * Connected = the agent answered /default; configured = it named a default printer; available =
 * a write of `000000` to it succeeded.
 */
export async function checkPrinter(base: string): Promise<PrinterState> {
  let device: PrintDevice | null;
  try {
    device = await getDefaultDevice(base);
  } catch (err) {
    return { readiness: NOT_READY, device: null, error: (err as Error).message, cause: err };
  }
  if (!device) return { readiness: { connected: true, configured: false, available: false }, device, error: null };
  try {
    await writeToDevice(base, device, AVAILABILITY_PROBE);
    return { readiness: { connected: true, configured: true, available: true }, device, error: null };
  } catch (err) {
    return {
      readiness: { connected: true, configured: true, available: false },
      device,
      error: (err as Error).message,
    };
  }
}

/** A write failed: the printer is marked unavailable and the agent's answer is the error. */
export function afterWriteFailure(state: PrinterState, err: unknown): PrinterState {
  return { ...state, readiness: { ...state.readiness, available: false }, error: (err as Error).message, cause: err };
}

/** What an upload is, by its extension: ZPL text, an image, or a PDF. */
export type UploadKind = 'zpl' | 'image' | 'pdf';
export const UPLOAD_ACCEPT = '.zpl,.txt,.jpg,.jpeg,.bmp,.png,.pdf';

export function uploadKind(fileName: string): UploadKind | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'zpl' || ext === 'txt') return 'zpl';
  if (ext === 'jpg' || ext === 'jpeg' || ext === 'bmp' || ext === 'png') return 'image';
  if (ext === 'pdf') return 'pdf';
  return null;
}
