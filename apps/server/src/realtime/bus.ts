import { EventEmitter } from 'node:events';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';

export type BusHandler = (data: unknown, topic: string) => void;

/**
 * Publish/subscribe by topic. One in-process implementation (a single server on SQLite) and one
 * over PostgreSQL LISTEN/NOTIFY (several servers sharing one database deliver each other's
 * events). Messages are small JSON summaries: a NOTIFY payload is limited to 8,000 bytes, so
 * publishers send ids and list fields, and readers fetch the rest.
 */
export interface Bus {
  publish(topic: string, data: unknown): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

export const TOPIC_PATTERN = /^[a-z0-9][a-z0-9/_-]{0,99}$/;
export const MAX_MESSAGE_BYTES = 7_900;

export class BusMessageTooLargeError extends Error {
  override name = 'BusMessageTooLargeError';
}

function encode(topic: string, data: unknown, origin: string): string {
  if (!TOPIC_PATTERN.test(topic)) throw new Error(`invalid topic: ${topic}`);
  const text = JSON.stringify({ topic, data, origin });
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) {
    throw new BusMessageTooLargeError(`bus message on ${topic} is over ${MAX_MESSAGE_BYTES} bytes`);
  }
  return text;
}

export class MemoryBus implements Bus {
  private readonly emitter = new EventEmitter();
  private readonly id = randomUUID();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(topic: string, data: unknown): Promise<void> {
    // Encode/decode so in-process delivery has exactly the semantics of the PostgreSQL bus.
    const message = JSON.parse(encode(topic, data, this.id)) as { data: unknown };
    this.emitter.emit(topic, message.data, topic);
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** The NOTIFY channel every Shipping Lab instance on one database listens to. */
export const PG_CHANNEL = 'lab_events';

/**
 * The channel of the instances whose tables live in `schema`: NOTIFY reaches every session of the
 * database whatever its search_path, so instances in sibling schemas (the tests use one schema per
 * app) get a channel each, and never deliver each other's events. The default schema keeps PG_CHANNEL.
 */
export function pgChannel(schema?: string): string {
  if (!schema) return PG_CHANNEL;
  const channel = `${PG_CHANNEL}_${schema}`;
  // A channel is an identifier: at most 63 bytes (longer ones are cut by LISTEN and refused by pg_notify).
  return Buffer.byteLength(channel) <= 63
    ? channel
    : `${PG_CHANNEL}_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

export class PostgresBus implements Bus {
  private readonly local = new EventEmitter();
  private readonly id = randomUUID();
  private listener: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly clientConfig: pg.ClientConfig,
    private readonly log: (msg: string, err?: unknown) => void,
    private readonly notify: ((payload: string) => Promise<void>) | undefined,
    private readonly channel: string,
  ) {
    this.local.setMaxListeners(0);
  }

  /**
   * `notify` sends one NOTIFY through a connection pool (the app passes its database pool), so a
   * flood of publishes is not serialised on the single LISTEN connection; without it the listener
   * connection sends them. `channel`: pgChannel of the database's schema.
   */
  static async connect(
    clientConfig: pg.ClientConfig,
    log: (msg: string, err?: unknown) => void = () => {},
    notify?: (payload: string) => Promise<void>,
    channel: string = PG_CHANNEL,
  ) {
    const bus = new PostgresBus(clientConfig, log, notify, channel);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client(this.clientConfig);
    client.on('notification', (n) => {
      if (n.channel !== this.channel || !n.payload) return;
      try {
        const msg = JSON.parse(n.payload) as { topic: string; data: unknown };
        this.local.emit(msg.topic, msg.data, msg.topic);
      } catch (err) {
        this.log('ignored a malformed bus notification', err);
      }
    });
    client.on('error', (err) => {
      this.log('bus listener connection lost; reconnecting', err);
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN "${this.channel.replaceAll('"', '""')}"`);
    this.listener = client;
  }

  private scheduleReconnect() {
    if (this.closed || this.reconnectTimer) return;
    void this.listener?.end().catch(() => {});
    this.listener = undefined;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.listen().catch((err) => {
        this.log('bus reconnect failed', err);
        this.scheduleReconnect();
      });
    }, 1000);
    this.reconnectTimer.unref();
  }

  async publish(topic: string, data: unknown): Promise<void> {
    const payload = encode(topic, data, this.id);
    // Delivery to this instance's own subscribers also comes back through NOTIFY: one path for
    // local and remote subscribers alike.
    if (this.notify) return this.notify(payload);
    const client = this.listener;
    if (!client) throw new Error('realtime bus is not connected');
    await client.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    this.local.on(topic, handler);
    return () => this.local.off(topic, handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.local.removeAllListeners();
    await this.listener?.end().catch(() => {});
  }
}
