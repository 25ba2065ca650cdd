import type { Rotation } from '@lab/core/labels';
import type { GraphicOptions, SheetOptions } from '@lab/core/labels/zpl';

/** Messages between the render pool and its worker threads. */
export type WorkerJob =
  | { op: 'render'; zpl: string; widthMm: number; heightMm: number; dpmm: number }
  | { op: 'rotate'; png: Uint8Array; rotation: Rotation }
  | { op: 'pdf'; pngs: Uint8Array[]; rotation: Rotation; page: { width: number; height: number } }
  /** Labels laid out on office paper (X-Page-* headers); `label` = one label's size in points, as turned. */
  | {
      op: 'sheet';
      pngs: Uint8Array[];
      rotation: Rotation;
      label: { width: number; height: number };
      sheet: SheetOptions;
    }
  /** X-Quality: Bitonal. */
  | { op: 'bitonal'; png: Uint8Array; rotation: Rotation }
  /** Image (PNG/JPEG/BMP) → ZPL graphic; answers one UTF-8 JSON document (ZplGraphic). */
  | { op: 'graphic'; image: Uint8Array; options: GraphicOptions }
  /** Bar codes on label images (PNG…); answers one UTF-8 JSON document (DecodedSymbol[]) per image. */
  | { op: 'decode'; images: Uint8Array[] };

export type WorkerRequest = { id: number; job: WorkerJob };

export type WorkerResponse =
  | { type: 'ready' }
  | { type: 'done'; id: number; images: Uint8Array[] }
  | { type: 'failed'; id: number; message: string; fatal: boolean };
