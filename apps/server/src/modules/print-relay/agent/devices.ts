import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PrintDevice } from '@lab/core/print';
import { AVAILABILITY_PROBE } from '@lab/core/print';

/** A printer the agent forwards bytes to. */
export interface PrinterTarget {
  readonly device: PrintDevice;
  /** Label width in dots (for /convert): inches × 25.4 × dpmm. */
  readonly widthDots: number;
  write(bytes: Buffer): Promise<void>;
  /** What the printer sent back (e.g. after `~HS`), waiting up to the read timeout for the first byte. */
  read(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface TcpTimeouts {
  connectMs: number;
  writeMs: number;
  readMs: number;
  /**
   * The socket is closed after this long without a job: many printers serve one connection on
   * port 9100 at a time, so holding it would lock out every other computer.
   */
  idleMs?: number;
}

export const DEFAULT_TIMEOUTS: TcpTimeouts = { connectMs: 5_000, writeMs: 15_000, readMs: 2_000, idleMs: 10_000 };
/** After the first byte of an answer, more bytes are awaited this long before /read answers. */
const READ_QUIET_MS = 150;

export class PrinterError extends Error {
  override name = 'PrinterError';
}

const PROVIDER = 'lab print-agent';
const MANUFACTURER = 'Zebra Technologies';

/**
 * A network printer taking raw ZPL on TCP (port 9100). One socket per device, opened on first use
 * and kept while the printer keeps it; jobs on it run one after another (so a `/read` after a
 * `~HS` write reads that answer). Connect and write have their own timeouts.
 */
export class TcpPrinter implements PrinterTarget {
  readonly device: PrintDevice;
  private socket: net.Socket | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private incoming: Buffer[] = [];
  private onData: (() => void) | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    name: string,
    private readonly host: string,
    private readonly port: number,
    readonly widthDots: number,
    private readonly timeouts: TcpTimeouts = DEFAULT_TIMEOUTS,
    /** Opens the connection (tests pass one that never connects). */
    private readonly dial: (host: string, port: number) => net.Socket = (host, port) => net.connect({ host, port }),
  ) {
    this.device = {
      name,
      uid: `${host}:${port}`,
      connection: 'network',
      deviceType: 'printer',
      version: 3,
      provider: PROVIDER,
      manufacturer: MANUFACTURER,
    };
  }

  /** Runs jobs on the device strictly one after another; the idle clock restarts after each. */
  private serial<T>(job: () => Promise<T>): Promise<T> {
    const guarded = async () => {
      clearTimeout(this.idleTimer);
      try {
        return await job();
      } finally {
        this.armIdle();
      }
    };
    const run = this.chain.then(guarded, guarded);
    this.chain = run.catch(() => {});
    return run;
  }

  private armIdle() {
    const idleMs = this.timeouts.idleMs;
    if (!idleMs || !this.socket) return;
    const socket = this.socket;
    this.idleTimer = setTimeout(() => {
      if (this.socket === socket) this.socket = undefined;
      this.incoming = [];
      socket.end();
    }, idleMs);
    this.idleTimer.unref();
  }

  private connect(): Promise<net.Socket> {
    if (this.socket && !this.socket.destroyed) return Promise.resolve(this.socket);
    return new Promise((resolve, reject) => {
      const where = `${this.host}:${this.port}`;
      const socket = this.dial(this.host, this.port);
      socket.setNoDelay(true);
      // A printer switched off leaves a half-open socket: keepalive finds out.
      socket.setKeepAlive(true, 30_000);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(
          new PrinterError(
            `Printer ${this.device.name} (${where}) did not answer within ${this.timeouts.connectMs} ms`,
          ),
        );
      }, this.timeouts.connectMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        this.socket = socket;
        resolve(socket);
      });
      socket.on('data', (chunk: Buffer) => {
        this.incoming.push(chunk);
        this.onData?.();
      });
      socket.on('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(new PrinterError(`Printer ${this.device.name} (${where}): ${err.code ?? err.message}`));
      });
      socket.on('close', () => {
        if (this.socket === socket) this.socket = undefined;
      });
    });
  }

  write(bytes: Buffer): Promise<void> {
    return this.serial(async () => {
      const socket = await this.connect();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          socket.destroy();
          reject(
            new PrinterError(`Printer ${this.device.name} did not take the data within ${this.timeouts.writeMs} ms`),
          );
        }, this.timeouts.writeMs);
        socket.write(bytes, (err) => {
          clearTimeout(timer);
          if (err) {
            socket.destroy();
            reject(
              new PrinterError(`Printer ${this.device.name}: ${(err as NodeJS.ErrnoException).code ?? err.message}`),
            );
          } else resolve();
        });
      });
    });
  }

  read(): Promise<Buffer> {
    return this.serial(async () => {
      await this.connect();
      if (this.incoming.length === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, this.timeouts.readMs);
          function done() {
            clearTimeout(timer);
            resolve();
          }
          this.onData = done;
        });
      }
      if (this.incoming.length > 0) {
        // The answer may come in several segments: wait for the line to go quiet.
        let before = -1;
        while (before !== this.incoming.length) {
          before = this.incoming.length;
          await new Promise((r) => setTimeout(r, READ_QUIET_MS));
        }
      }
      this.onData = undefined;
      const out = Buffer.concat(this.incoming);
      this.incoming = [];
      return out;
    });
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    this.socket?.destroy();
    this.socket = undefined;
  }
}

/**
 * A virtual printer: each job becomes a file `job-<UTC time>-<n>.zpl` in a folder (for tests and
 * for people without a printer). The availability probe `000000` is not written.
 */
export class FilePrinter implements PrinterTarget {
  readonly device: PrintDevice;
  private count = 0;

  constructor(
    name: string,
    readonly dir: string,
    readonly widthDots: number,
  ) {
    this.device = {
      name,
      uid: `file:${dir}`,
      connection: 'file',
      deviceType: 'printer',
      version: 3,
      provider: PROVIDER,
      manufacturer: MANUFACTURER,
    };
  }

  async write(bytes: Buffer): Promise<void> {
    if (bytes.toString('latin1') === AVAILABILITY_PROBE) return;
    this.count += 1;
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await fs.promises.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `job-${stamp}-${String(this.count).padStart(4, '0')}.zpl`);
    await fs.promises.writeFile(file, bytes);
  }

  async read(): Promise<Buffer> {
    return Buffer.alloc(0);
  }

  async close(): Promise<void> {}
}

export interface PrinterSpec {
  name: string;
  kind: 'tcp' | 'file';
  host?: string;
  port?: number;
  dir?: string;
  dpmm: number;
  /** Label width in inches. */
  widthInches: number;
}

/**
 * `NAME=tcp://HOST[:PORT][?dpmm=8&width=4]` or `NAME=file:DIR[?dpmm=8&width=4]`. The port defaults
 * to 9100; labels are 4 inches wide at 8 dots/mm unless the query says otherwise.
 */
export function parsePrinterSpec(text: string): PrinterSpec {
  const eq = text.indexOf('=');
  const name = eq > 0 ? text.slice(0, eq).trim() : '';
  const target = eq > 0 ? text.slice(eq + 1).trim() : '';
  if (!name || !target) throw new Error(`--printer ${text}: use NAME=tcp://HOST:9100 or NAME=file:DIR`);
  const q = target.indexOf('?');
  const where = q === -1 ? target : target.slice(0, q);
  const params = new URLSearchParams(q === -1 ? '' : target.slice(q + 1));
  const dpmm = Number(params.get('dpmm') ?? 8);
  const widthInches = Number(params.get('width') ?? 4);
  if (![6, 8, 12, 24].includes(dpmm)) throw new Error(`--printer ${name}: dpmm is 6, 8, 12 or 24`);
  if (!(widthInches > 0 && widthInches <= 15)) throw new Error(`--printer ${name}: width is 0 to 15 inches`);
  if (where.startsWith('file:')) {
    const dir = where.slice('file:'.length);
    if (!dir) throw new Error(`--printer ${name}: file: needs a folder, e.g. file:var/labels`);
    return { name, kind: 'file', dir: path.resolve(dir), dpmm, widthInches };
  }
  const m = /^tcp:\/\/(\[[^\]]+\]|[^:/]+)(?::(\d{1,5}))?\/?$/.exec(where);
  if (!m) throw new Error(`--printer ${name}: use tcp://HOST:9100 or file:DIR, got ${where}`);
  const port = m[2] === undefined ? 9100 : Number(m[2]);
  if (port < 1 || port > 65535) throw new Error(`--printer ${name}: port ${port} is out of range`);
  return { name, kind: 'tcp', host: m[1]!.replace(/^\[|\]$/g, ''), port, dpmm, widthInches };
}

export function widthInDots(spec: Pick<PrinterSpec, 'dpmm' | 'widthInches'>): number {
  return Math.floor(spec.widthInches * 25.4 * spec.dpmm);
}

export function openPrinter(spec: PrinterSpec, timeouts: TcpTimeouts = DEFAULT_TIMEOUTS): PrinterTarget {
  return spec.kind === 'file'
    ? new FilePrinter(spec.name, spec.dir!, widthInDots(spec))
    : new TcpPrinter(spec.name, spec.host!, spec.port!, widthInDots(spec), timeouts);
}
