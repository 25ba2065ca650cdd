/**
 * Bar code decoding (zxing-cpp compiled to WebAssembly, `zxing-wasm`), run where jobs run: a render
 * worker of the pool, or the CLI's own thread. The `.wasm` is read from the installed package, so
 * nothing is fetched (the library's default would load it from a CDN).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as ZXing from 'zxing-wasm/reader';
import type { ReaderOptions } from 'zxing-wasm/reader';
import { symbologyOfFormat, type DecodedSymbol } from '@lab/core/labels/check';

type Reader = typeof ZXing;
let reader: Promise<Reader> | undefined;

function loadReader(): Promise<Reader> {
  reader ??= (async () => {
    const zxing = await import('zxing-wasm/reader');
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const wasm = await readFile(wasmPath);
    await zxing.prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
      fireImmediately: true,
    });
    return zxing;
  })();
  return reader;
}

/**
 * Every symbology the reader knows, looked for hard (rotations, inverted prints), as plain text:
 * FNC1 as GS, GS1 symbols without their parenthesised application identifiers.
 */
const OPTIONS: ReaderOptions = {
  formats: [],
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: false,
  maxNumberOfSymbols: 255,
  textMode: 'Plain',
};

/** The symbols on one label image (PNG, JPEG…), boxes in pixels (= dots of a rendered label). */
export async function decodeSymbols(image: Uint8Array): Promise<DecodedSymbol[]> {
  const zxing = await loadReader();
  const results = await zxing.readBarcodes(image, OPTIONS);
  return results
    .filter((r) => r.isValid)
    .map((r) => {
      const p = r.position;
      const xs = [p.topLeft.x, p.topRight.x, p.bottomLeft.x, p.bottomRight.x];
      const ys = [p.topLeft.y, p.topRight.y, p.bottomLeft.y, p.bottomRight.y];
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      return {
        symbology: symbologyOfFormat(r.format),
        text: r.text,
        box: { x, y, width: Math.max(...xs) - x + 1, height: Math.max(...ys) - y + 1 },
      };
    });
}
