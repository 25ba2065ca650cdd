import type { TransactionDefinition } from '@lab/core/transactions';

/** Where the bookmarks live in the browser (the key existing users' bookmarks are under). */
export const FAVORITES_STORAGE_KEY = 'transaction_tranqueryFavorites';

const isDefinition = (v: unknown): v is TransactionDefinition =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as TransactionDefinition).id === 'number' &&
  typeof (v as TransactionDefinition).description === 'string';

/** The stored bookmarks; unreadable data reads as an empty list. */
export function loadFavorites(): TransactionDefinition[] {
  try {
    const saved = JSON.parse(localStorage.getItem(FAVORITES_STORAGE_KEY) ?? '[]') as unknown;
    if (!Array.isArray(saved) || !saved.every(isDefinition)) return [];
    return saved.filter((d, i) => saved.findIndex((o) => o.id === d.id) === i);
  } catch {
    return [];
  }
}

export function saveFavorites(list: TransactionDefinition[]): void {
  localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(list));
}

/** Adds the definition, or removes the bookmark with its id (bookmarks are matched by id). */
export function toggleFavorite(list: TransactionDefinition[], def: TransactionDefinition): TransactionDefinition[] {
  return list.some((d) => d.id === def.id) ? list.filter((d) => d.id !== def.id) : [...list, def];
}

/** Drawer width for the viewport: 80% under 500 px, 50% under 1000 px, else 30%. */
export function drawerWidth(viewportWidth: number): string {
  if (viewportWidth < 500) return '80%';
  if (viewportWidth < 1000) return '50%';
  return '30%';
}
