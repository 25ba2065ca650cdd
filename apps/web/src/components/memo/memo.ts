import { secureStorage } from '@/lib/secureStorage';

/** One memo line. `key` is the creation timestamp (ms), kept so rows stay stable when edited. */
export interface MemoRow {
  key: number;
  nickname: string;
  value: string;
}

export const MEMO_STORAGE_KEY = 'memo';
export const MEMO_NICKNAME_MAX = 15;
export const MEMO_VALUE_MAX = 40;
export const MEMO_SAVED_MESSAGE = 'Your memo saved to browser cache with encryption';
export const TEXT_COPIED_MESSAGE = 'text copied to clipboard';

function isMemoRow(v: unknown): v is MemoRow {
  const r = v as MemoRow;
  return (
    !!r &&
    typeof r === 'object' &&
    typeof r.key === 'number' &&
    typeof r.nickname === 'string' &&
    typeof r.value === 'string'
  );
}

/** The saved memo; absent is an empty memo. */
export async function loadMemo(): Promise<MemoRow[]> {
  return (await readMemo()).rows;
}

/**
 * The saved memo, and whether a stored memo could not be read (corrupt, another browser's key,
 * not memo rows): such a memo is removed, so the next save starts clean, and `reset` says so.
 */
export async function readMemo(): Promise<{ rows: MemoRow[]; reset: boolean }> {
  const saved = await secureStorage.get<unknown>(MEMO_STORAGE_KEY);
  if (!Array.isArray(saved) || !saved.every(isMemoRow)) {
    const reset = secureStorage.has(MEMO_STORAGE_KEY);
    if (reset) await secureStorage.remove(MEMO_STORAGE_KEY);
    return { rows: [], reset };
  }
  const rows = saved.map((r) => ({
    key: r.key,
    nickname: r.nickname.slice(0, MEMO_NICKNAME_MAX),
    value: r.value.slice(0, MEMO_VALUE_MAX),
  }));
  return { rows, reset: false };
}

export function saveMemo(rows: MemoRow[]): Promise<void> {
  return secureStorage.set(MEMO_STORAGE_KEY, rows);
}

/** A new empty row keyed by `now` (ms), bumped past existing keys so two quick adds differ. */
export function newMemoRow(rows: MemoRow[], now: number): MemoRow {
  const last = rows.reduce((max, r) => Math.max(max, r.key), 0);
  return { key: now > last ? now : last + 1, nickname: '', value: '' };
}
