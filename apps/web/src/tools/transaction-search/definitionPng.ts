import { splitAllValues, type TransactionDefinition } from '@lab/core/transactions';

/** The detail card's lines, label and value, as shown on screen and drawn into the PNG. */
export type DefinitionLabel =
  'ID' | 'Description' | 'Type' | 'Value Type' | 'Max Length' | 'Occurrences' | 'Details' | 'All Possible Values';

export function definitionLines(def: TransactionDefinition): [DefinitionLabel, string][] {
  return [
    ['ID', String(def.id)],
    ['Description', def.description],
    ['Type', def.type],
    ['Value Type', def.valueType ?? ''],
    ['Max Length', def.length ?? ''],
    ['Occurrences', def.occurrences ?? ''],
    ['Details', def.details ?? ''],
    ['All Possible Values', splitAllValues(def.allValues).join('\n')],
  ];
}

/** `1273-packaging_type.png`: the field id and name, safe as a file name. */
export function pngFileName(def: TransactionDefinition): string {
  const name = def.description.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '');
  return `${def.id}-${name || 'field'}.png`;
}

const WIDTH = 720;
const PAD = 24;
const LABEL_W = 180;
const LINE_H = 22;
const FONT = '15px system-ui, sans-serif';

function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && ctx.measureText(next).width > width) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}

/** Draws the definition card on a canvas and resolves its PNG bytes. */
export async function definitionPng(
  def: TransactionDefinition,
  canvas = document.createElement('canvas'),
): Promise<Blob> {
  const measure = canvas.getContext('2d');
  if (!measure) throw new Error('this browser cannot draw images');
  measure.font = FONT;
  const rows = definitionLines(def).map(([label, value]) => ({
    label,
    lines: wrap(measure, value || '-', WIDTH - PAD * 2 - LABEL_W),
  }));
  canvas.width = WIDTH;
  canvas.height = PAD * 2 + rows.reduce((h, r) => h + r.lines.length * LINE_H + 6, 0);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.font = FONT;
  ctx.textBaseline = 'top';
  let y = PAD;
  for (const r of rows) {
    ctx.fillStyle = '#595959';
    ctx.fillText(r.label, PAD, y);
    ctx.fillStyle = '#141414';
    for (const line of r.lines) {
      ctx.fillText(line, PAD + LABEL_W, y);
      y += LINE_H;
    }
    y += 6;
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the image could not be made'))), 'image/png'),
  );
}

/** Saves a blob as a download with the given file name. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
