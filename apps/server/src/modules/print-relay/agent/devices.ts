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
  /** Writing a job and the printer's clean close of the connection after it, together. */
  writeMs: number;
  /** How long /read waits for an answer when no job's connection brought one. */
  readMs: number;
}

export const DEFAULT_TIMEOUTS: TcpTimeouts = { connectMs: 5_000, writeMs: 15_000, readMs: 2_000 };

export class PrinterError extends Error {
  override name = 'PrinterError';
}

const PROVIDER = 'lab print-agent';
const MANUFACTURER = 'Zebra Technologies';

/**
 * A network printer taking raw ZPL on TCP (port 9100). Each job is one connection: the bytes are
 * written, the write side is ended (FIN), and the job succeeds only when the printer closes its
 * side cleanly after reading everything. A printer that closes without reading makes the kernel
 * answer RST (ECONNRESET): the job fails instead of being reported printed. What the printer sends
 * back on a job's connection (the answer to `~HS`) is kept for the next `/read`. Jobs on a device
 * run one after another; connect and write (+ close) have their own timeouts. Closing after each
 * job also frees the printer for other computers (many serve one connection on 9100 at a time).
 */
export class TcpPrinter implements PrinterTarget {
  readonly device: PrintDevice;
  private chain: Promise<unknown> = Promise.resolve();
  private incoming: Buffer[] = [];
  private readonly open = new Set<net.Socket>();

  constructor(
    name: string,
    private readonly host: string,
    private readonly port: number,
    readonly widthDots: number,
    private readonly timeouts: TcpTimeouts = DEFAULT_TIMEOUTS,
    /** Opens the connection (tests pass one that never connects). */
    private readonly dial: (host: string, port: number) => net.Socket = (host, port) =>
      net.connect({ host, port, allowHalfOpen: true }),
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

  /** Runs jobs on the device strictly one after another. */
  private serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.chain.then(job, job);
    this.chain = run.catch(() => {});
    return run;
  }

  private connect(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const where = `${this.host}:${this.port}`;
      const socket = this.dial(this.host, this.port);
      this.open.add(socket);
      socket.once('close', () => this.open.delete(socket));
      socket.setNoDelay(true);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(
          new PrinterError(
            `Printer ${this.device.name} (${where}) did not answer within ${this.timeouts.connectMs} ms`,
          ),
        );
      }, this.timeouts.connectMs);
      const failed = (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        socket.destroy();
        reject(new PrinterError(`Printer ${this.device.name} (${where}): ${err.code ?? err.message}`));
      };
      socket.once('error', failed);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.off('error', failed);
        resolve(socket);
      });
    });
  }

  /**
   * One job's connection: write `bytes` (none for a bare /read), end the write side, and wait
   * until the printer has closed its side and the socket closed without an error, within `ms`.
   * Resolves with what the printer sent back; rejects with a PrinterError naming the printer.
   */
  private exchange(
    socket: net.Socket,
    bytes: Buffer | undefined,
    ms: number,
    /** The failure at the deadline; undefined: the deadline ends the exchange with what came back. */
    timeoutText: string | undefined,
  ): Promise<Buffer> {
    const name = this.device.name;
    return new Promise<Buffer>((resolve, reject) => {
      const back: Buffer[] = [];
      let finished = false;
      let peerEnded = false;
      let failure: PrinterError | undefined;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        if (timeoutText !== undefined) failure ??= new PrinterError(timeoutText);
        socket.destroy();
      }, ms);
      socket.on('data', (chunk: Buffer) => back.push(chunk));
      socket.on('finish', () => (finished = true));
      socket.on('end', () => {
        peerEnded = true;
        // A printer that hangs up before our last byte left did not take the whole job.
        if (!finished) failure ??= new PrinterError(`Printer ${name} closed the connection before taking the data`);
        socket.end();
      });
      socket.on('error', (err: NodeJS.ErrnoException) => {
        const code = err.code ?? err.message;
        failure ??= new PrinterError(
          code === 'ECONNRESET' || code === 'EPIPE'
            ? `Printer ${name} reset the connection (${code}): the data was not taken`
            : `Printer ${name}: ${code}`,
        );
      });
      socket.on('close', (hadError) => {
        clearTimeout(timer);
        if (!failure && timedOut) return resolve(Buffer.concat(back));
        if (!failure && (hadError || !peerEnded)) failure = new PrinterError(`Printer ${name}: connection lost`);
        if (failure) reject(failure);
        else resolve(Buffer.concat(back));
      });
      if (bytes !== undefined && bytes.length > 0) socket.write(bytes);
      socket.end();
    });
  }

  write(bytes: Buffer): Promise<void> {
    return this.serial(async () => {
      const socket = await this.connect();
      const back = await this.exchange(
        socket,
        bytes,
        this.timeouts.writeMs,
        `Printer ${this.device.name} did not take the data within ${this.timeouts.writeMs} ms`,
      );
      if (back.length > 0) this.incoming.push(back);
    });
  }

  /**
   * What the printer sent back on the connections of earlier jobs (a `~HS` answer arrives before the
   * printer closes the job's connection); with nothing kept, a connection of its own, up to the
   * read timeout.
   */
  read(): Promise<Buffer> {
    return this.serial(async () => {
      if (this.incoming.length === 0) {
        const socket = await this.connect();
        const back = await this.exchange(socket, undefined, this.timeouts.readMs, undefined);
        if (back.length > 0) this.incoming.push(back);
      }
      const out = Buffer.concat(this.incoming);
      this.incoming = [];
      return out;
    });
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    this.open.clear();
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
