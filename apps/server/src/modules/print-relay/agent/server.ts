import http from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { PrintDevice } from '@lab/core/print';
import type { PrinterTarget } from './devices.js';

/** Image bytes (PNG, JPEG or BMP) → a ZPL label holding them as one `^GF` graphic. */
export type ImageToZpl = (
  image: Buffer,
  options: { widthDots: number; dither: boolean; threshold?: number },
) => Promise<string>;

export interface PrintAgentOptions {
  printers: PrinterTarget[];
  /** The default printer's name (else the first). */
  defaultName?: string;
  /** Site origins allowed to call the agent (CORS); requests from other origins are refused. */
  allowOrigins: string[];
  convert: ImageToZpl;
  /** Called after each job written, for the command's output. */
  onJob?: (printer: PrintDevice, bytes: number, what: 'write' | 'convert') => void;
  /** Largest request body (default 32 MB). */
  bodyLimitBytes?: number;
}

export interface RunningAgent {
  url: string;
  port: number;
  close(): Promise<void>;
}

class AgentError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new AgentError(413, `request body is over ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseJson(text: string, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // below
  }
  throw new AgentError(400, `${what} must be a JSON object`);
}

/** Loopback names the agent answers to (a Host check stops DNS-rebinding pages). */
function hostAllowed(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host.toLowerCase());
}

/**
 * A Zebra-Browser-Print-compatible agent: GET /available, GET /default?type=printer, POST /write,
 * POST /read, POST /convert. It listens on 127.0.0.1 only, answers CORS for the allowed site
 * origins only (with Chrome's private-network preflight), and refuses any request another origin
 * makes before touching a printer (a text/plain POST needs no preflight, so CORS alone would not
 * stop a page from printing).
 */
export function createPrintAgent(options: PrintAgentOptions): http.Server {
  const limit = options.bodyLimitBytes ?? 32 * 1024 * 1024;
  const allowed = new Set(options.allowOrigins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  const printers = options.printers;
  const byKey = (device: unknown): PrinterTarget => {
    const d = (device ?? {}) as Partial<PrintDevice>;
    const found =
      printers.find((p) => d.uid !== undefined && p.device.uid === d.uid) ??
      printers.find((p) => d.name !== undefined && p.device.name === d.name);
    if (!found) throw new AgentError(404, `Unknown device ${d.uid ?? d.name ?? '(none)'}`);
    return found;
  };
  const defaultPrinter = () =>
    printers.find((p) => p.device.name === options.defaultName) ?? (options.defaultName ? undefined : printers[0]);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, port: number) {
    const url = new URL(req.url ?? '/', 'http://agent');
    const send = (status: number, body: string | object, type = 'text/plain; charset=utf-8') => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, { 'content-type': typeof body === 'string' ? type : 'application/json' });
      res.end(text);
    };

    if (!hostAllowed(req.headers.host, port)) return send(403, 'Host not allowed');
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin.toLowerCase())) return send(403, `Origin ${origin} is not allowed`);
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
      const wanted = req.headers['access-control-request-headers'];
      if (wanted) res.setHeader('access-control-allow-headers', wanted);
      if (req.headers['access-control-request-private-network'] === 'true') {
        res.setHeader('access-control-allow-private-network', 'true');
      }
      res.setHeader('access-control-max-age', '600');
      res.writeHead(204).end();
      return;
    }

    const route = `${req.method} ${url.pathname.replace(/\/+$/, '') || '/'}`;
    switch (route) {
      case 'GET /available':
        return send(200, { printer: printers.map((p) => p.device) });
      case 'GET /default': {
        const type = url.searchParams.get('type') ?? 'printer';
        const p = type === 'printer' ? defaultPrinter() : undefined;
        return p ? send(200, p.device) : send(200, '');
      }
      case 'POST /write': {
        const body = parseJson((await readBody(req, limit)).toString('utf8'), 'the body');
        const printer = byKey(body.device);
        if (typeof body.data !== 'string') throw new AgentError(400, 'data must be a string');
        // Text goes to the printer as UTF-8; `encoding: "latin1"` (our extension, ignored by Zebra's
        // agent) sends each character as one byte, for files that are not UTF-8.
        const bytes = Buffer.from(body.data, body.encoding === 'latin1' ? 'latin1' : 'utf8');
        await printer.write(bytes);
        options.onJob?.(printer.device, bytes.length, 'write');
        return send(200, '');
      }
      case 'POST /read': {
        const body = parseJson((await readBody(req, limit)).toString('utf8'), 'the body');
        const printer = byKey(body.device);
        return send(200, (await printer.read()).toString('latin1'));
      }
      case 'POST /convert': {
        const type = req.headers['content-type'] ?? '';
        if (!type.startsWith('multipart/form-data')) throw new AgentError(400, '/convert takes multipart/form-data');
        const raw = await readBody(req, limit);
        let form: FormData;
        try {
          form = await new Response(Readable.toWeb(Readable.from([raw])) as ReadableStream, {
            headers: { 'content-type': type },
          }).formData();
        } catch {
          throw new AgentError(400, 'the multipart body could not be read');
        }
        const jsonPart = form.get('json');
        const blob = form.get('blob');
        if (jsonPart === null || blob === null || typeof blob === 'string') {
          throw new AgentError(400, '/convert needs a json part and a blob part');
        }
        const json = parseJson(typeof jsonPart === 'string' ? jsonPart : await jsonPart.text(), 'the json part');
        const opts = (json.options ?? {}) as { action?: string; dither?: boolean; threshold?: number; width?: number };
        const printer = json.device === undefined && opts.action === 'return' ? defaultPrinter() : byKey(json.device);
        if (!printer) throw new AgentError(404, 'No default printer');
        const widthDots = typeof opts.width === 'number' && opts.width > 0 ? Math.floor(opts.width) : printer.widthDots;
        let zpl: string;
        try {
          zpl = await options.convert(Buffer.from(await blob.arrayBuffer()), {
            widthDots,
            dither: opts.dither !== false,
            threshold: opts.threshold,
          });
        } catch (err) {
          throw new AgentError(400, `The image could not be converted: ${(err as Error).message}`);
        }
        if (opts.action === 'return') return send(200, zpl);
        const bytes = Buffer.from(zpl, 'latin1');
        await printer.write(bytes);
        options.onJob?.(printer.device, bytes.length, 'convert');
        return send(200, '');
      }
      default:
        return send(404, `No ${route}`);
    }
  }

  const server = http.createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    handle(req, res, port).catch((err: unknown) => {
      const status = err instanceof AgentError ? err.status : 500;
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end((err as Error).message);
    });
  });
  server.on('close', () => void Promise.all(printers.map((p) => p.close())));
  return server;
}

/** Starts the agent on 127.0.0.1 (port 0 = any free port). */
export async function startPrintAgent(options: PrintAgentOptions, port: number): Promise<RunningAgent> {
  const server = createPrintAgent(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
