import { PDFDocument, rgb } from 'pdf-lib';
import { sheetLayout, type SheetOptions } from '@lab/core/labels/zpl';
import { decodeGray } from '../../images/decode.js';
import { encodeGray } from './images.js';

/**
 * Labels on office paper: `cols × rows` labels a page of the chosen size, each at its real size
 * (`label`, points; the grid scaled down as a whole when it does not fit), optionally framed.
 */
export async function pngsToSheetPdf(
  pngs: Uint8Array[],
  label: { width: number; height: number },
  sheet: SheetOptions,
): Promise<Uint8Array> {
  const layout = sheetLayout(sheet, label);
  const doc = await PDFDocument.create();
  doc.setTitle('Labels');
  doc.setProducer('Shipping Lab label service');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const perPage = layout.cells.length;
  for (let first = 0; first < pngs.length; first += perPage) {
    const page = doc.addPage([layout.page.width, layout.page.height]);
    const batch = pngs.slice(first, first + perPage);
    for (let k = 0; k < batch.length; k++) {
      const cell = layout.cells[k]!;
      page.drawImage(await doc.embedPng(batch[k]!), cell);
      if (sheet.border !== 'None') {
        page.drawRectangle({
          ...cell,
          borderColor: rgb(0, 0, 0),
          borderWidth: 0.5,
          ...(sheet.border === 'Dashed' ? { borderDashArray: [4, 3] } : {}),
        });
      }
    }
  }
  return doc.save();
}

/** Every pixel black or white (cut at mid-gray): `X-Quality: Bitonal`. */
export function bitonalPng(png: Uint8Array): Uint8Array {
  const img = decodeGray(png);
  for (let i = 0; i < img.gray.length; i++) img.gray[i] = img.gray[i]! < 128 ? 0 : 255;
  return encodeGray(img);
}
