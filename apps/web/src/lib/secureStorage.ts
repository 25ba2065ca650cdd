/**
 * Secrets kept in the browser (credentials, memo, webhook token), encrypted with AES-GCM under a
 * per-browser key that is generated once, is not extractable, and lives in IndexedDB. Ciphertexts
 * live in localStorage under `secure:<key>`. Anything unreadable (corrupt, other key, no
 * IndexedDB) reads as absent, never as an error.
 */
const DB_NAME = 'lab-secure';
const STORE = 'keys';
const KEY_ID = 'aes-gcm-v1';
const PREFIX = 'secure:';

let keyPromise: Promise<CryptoKey> | undefined;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

async function openDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

async function loadOrCreateKey(): Promise<CryptoKey> {
  const db = await openDb();
  try {
    const existing = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY_ID));
    if (existing) return existing as CryptoKey;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const tx = db.transaction(STORE, 'readwrite');
    // `add` fails if another tab created a key first; then read theirs.
    try {
      await request(tx.objectStore(STORE).add(key, KEY_ID));
      return key;
    } catch {
      const again = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY_ID));
      if (again) return again as CryptoKey;
      throw new Error('could not store the encryption key');
    }
  } finally {
    db.close();
  }
}

function getKey(): Promise<CryptoKey> {
  keyPromise ??= loadOrCreateKey().catch((err: unknown) => {
    keyPromise = undefined;
    throw err;
  });
  return keyPromise;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export const secureStorage = {
  async get<T>(key: string): Promise<T | undefined> {
    const stored = localStorage.getItem(PREFIX + key);
    if (!stored) return undefined;
    try {
      const { iv, data } = JSON.parse(stored) as { iv: string; data: string };
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64(iv) },
        await getKey(),
        fromBase64(data),
      );
      return JSON.parse(new TextDecoder().decode(plain)) as T;
    } catch {
      return undefined;
    }
  },

  async set(key: string, value: unknown): Promise<void> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const plain = new TextEncoder().encode(JSON.stringify(value));
    const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await getKey(), plain));
    localStorage.setItem(PREFIX + key, JSON.stringify({ iv: toBase64(iv), data: toBase64(data) }));
  },

  /** Whether something is stored under the key (readable or not). */
  has(key: string): boolean {
    return localStorage.getItem(PREFIX + key) !== null;
  },

  async remove(key: string): Promise<void> {
    localStorage.removeItem(PREFIX + key);
  },
};

/** For tests: forget the cached key handle (as a new page load would). */
export function resetSecureStorageCache() {
  keyPromise = undefined;
}
