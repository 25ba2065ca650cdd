/** `a[0].b` → ['a', '0', 'b']; `$` → []. */
export function problemPath(path: string): string[] {
  if (path === '$' || path === '') return [];
  return path.split(/\.|\[(\d+)\]/).filter((p): p is string => p !== undefined && p !== '');
}

/** ['a', '0', 'b'] → `a[0].b`. */
export function toDisplayPath(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (acc, k) => (/^\d+$/.test(String(k)) ? `${acc}[${k}]` : acc ? `${acc}.${k}` : String(k)),
    '',
  );
}
