/**
 * Browser Print rules shared by the screen, the remote-print relay and `lab print-agent`: the
 * device shape of the Zebra Browser Print agent contract, the relay's listen ids and node ids, and
 * the product's fixed words and defaults. No I/O here.
 */

/** A device as the Browser Print agent answers it (`/available`, `/default`) and takes it (`/write`). */
export interface PrintDevice {
  name: string;
  uid: string;
  connection: string;
  deviceType: string;
  version: number;
  provider: string;
  manufacturer: string;
}

/** Zebra's agent listens here for http pages… */
export const AGENT_URL_HTTP = 'http://127.0.0.1:9100';
/** …and here for https pages. */
export const AGENT_URL_HTTPS = 'https://127.0.0.1:9101';
export const DEFAULT_AGENT_ORIGINS = [AGENT_URL_HTTP, AGENT_URL_HTTPS] as const;

/** What the screen writes to test that the default printer takes data. */
export const AVAILABILITY_PROBE = '000000';

/** PDF pages are drawn at this scale (X-offset 0) before they are sent as PNG. */
export const PDF_PRINT_SCALE = 2.7;

/** Remote print history: the newest rows of a listen id. */
export const PRINT_HISTORY_SIZE = 20;

/** The log message of a job received while no default printer is connected. */
export const ZEBRA_NOT_CONNECTED = 'Zebra Print not connected';

/** The history row of a job sent while no receiver was connected (node id RELAY_NODE_ID). */
export const NO_RECEIVER_MESSAGE = 'No receiver was listening: the job is pending until a receiver connects';
/** The node id of the relay's own history rows. */
export const RELAY_NODE_ID = 'RELAY';

/**
 * A listen id names the remote printer a sender targets and the realtime topic its receiver
 * listens on: lower-case letters, digits, `_` and `-`, 1 to 64 characters.
 */
export const LISTEN_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Generated listen ids: 26 base-32 characters = 130 random bits. */
export const GENERATED_LISTEN_ID_LENGTH = 26;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 26 base-32 characters from 17 random bytes (the caller supplies them: crypto on either side). */
export function listenIdFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 17) throw new Error('a listen id needs 17 random bytes');
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < GENERATED_LISTEN_ID_LENGTH) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** The realtime topic of a listen id: jobs and log rows are announced there. */
export const printRelayTopic = (listenId: string) => `print-relay/${listenId}`;

export type NodeRole = 'PRINTER' | 'REMOTE';
const NODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `PRINTER_` (a receiver) or `REMOTE_` (a sender) plus 3 random characters. */
export function nodeId(role: NodeRole, random: () => number = Math.random): string {
  let suffix = '';
  for (let i = 0; i < 3; i++) suffix += NODE_CHARS[Math.floor(random() * NODE_CHARS.length)];
  return `${role}_${suffix}`;
}

export const NODE_ID_PATTERN = /^(PRINTER|REMOTE)_[A-Z0-9]{3}$/;

/** The site's remote sample ZPL unless PRINT_RELAY_REMOTE_ZPL_SAMPLE says otherwise. */
export const DEFAULT_REMOTE_ZPL_SAMPLE = [
  '^XA',
  '^CF0,60',
  '^FO50,50^FDShipping Lab^FS',
  '^CF0,30',
  '^FO50,130^FDRemote print test label^FS',
  '^FO50,180^GB700,3,3^FS',
  '^BY3,2,120',
  '^FO100,230^BC^FD123456789012^FS',
  '^XZ',
].join('\n');
