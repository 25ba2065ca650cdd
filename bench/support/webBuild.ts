// The built web app (apps/web/dist, `npm run build`): its Vite manifest and chunk sizes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from '../support.ts';

export const webDist = path.join(repoRoot, 'apps/web/dist');

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  const file = path.join(webDist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error('no apps/web/dist: build first (npm run build)');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The manifest keys of `key` and every chunk it imports statically. */
export function staticClosure(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const dep of manifest[k]?.imports ?? []) visit(dep);
  };
  visit(key);
  return seen;
}

/** The entry's manifest key. */
export function entryKey(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  return entry[0];
}

/** The entry chunk plus every chunk it imports statically: the JS the browser downloads before any tool. */
export function shellFiles(manifest: Manifest): string[] {
  return [...staticClosure(manifest, entryKey(manifest))]
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js'));
}

/** Gzip size (level 9) of built files (paths inside apps/web/dist), in KB. */
export function gzipKb(files: string[]): number {
  let bytes = 0;
  for (const f of files) bytes += zlib.gzipSync(fs.readFileSync(path.join(webDist, f)), { level: 9 }).length;
  return bytes / 1024;
}

/** Raw size of built files, in KB. */
export function rawKb(files: string[]): number {
  return files.reduce((sum, f) => sum + fs.statSync(path.join(webDist, f)).size, 0) / 1024;
}
