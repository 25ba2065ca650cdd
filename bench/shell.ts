// Foundation budgets: the shell's first-load JavaScript (gzip) and the server's idle RSS.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot, report, startServer } from './support.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The entry chunk plus every chunk it imports statically: what the browser downloads before any tool. */
export function shellFiles(manifest: Record<string, ManifestChunk>): string[] {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error('no entry in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entry[0]);
  return [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
}

const dist = path.join(repoRoot, 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const files = shellFiles(manifest);
const gzipBytes = files.reduce(
  (sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length,
  0,
);
report(`shell first-load JS, gzip (${files.length} files)`, gzipBytes / 1024, 'KB', { max: 250 });

const server = await startServer();
await new Promise((r) => setTimeout(r, 3000));
const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
report('server idle RSS (3 s after start)', rssKb / 1024, 'MB', { max: 150 });
await server.stop();
