// Shows that a render thread whose engine died inside it (a ZPL of 100,000 ^FO fields makes the Go
// runtime exit) is retired, so the next valid request renders on a fresh thread instead of failing
// with "Go program has already exited". Too slow for the test suite (the fatal render alone takes
// ~50 s), so it is a script: npx tsx --conditions=@lab/source scripts/label-engine-death.ts
import { RenderPool } from '@lab/server/bench';

const FIELDS = Number(process.env.FIELDS ?? 100_000);
const pool = new RenderPool({ size: 1, timeoutMs: 300_000 });
const render = (zpl: string) => pool.run({ op: 'render', zpl, widthMm: 101.5, heightMm: 152.3, dpmm: 8 });
const timed = async (name: string, zpl: string) => {
  const t = performance.now();
  try {
    const images = await render(zpl);
    console.log(`${name}: ok, ${images.length} image(s) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return true;
  } catch (err) {
    console.log(`${name}: failed in ${((performance.now() - t) / 1000).toFixed(1)} s: ${(err as Error).message}`);
    return false;
  } finally {
    console.log(`  pool ${JSON.stringify(pool.stats)}`);
  }
};

await timed(`${FIELDS} ^FO fields`, `^XA${'^FO10,10^FDx^FS'.repeat(FIELDS)}^XZ`);
const ok = await timed('next valid label', '^XA^FO50,50^A0N,50,50^FDafter^FS^XZ');
await pool.close();
console.log(ok ? 'PASS: the next request rendered' : 'FAIL: the next request failed');
process.exit(ok ? 0 : 1);
