import type { LabelSize } from '@lab/core/labels';
import type { LabServices } from '../../module.js';
import type { SimLabel, SimParty } from './state.js';

/** Label sizes from the carrier's `labelStockType` (`PAPER_4X6`, `STOCK_4X675_LEADING_DOC_TAB`, `PAPER_85X11_…`). */
export function labelSizeFromStock(stock: unknown): LabelSize {
  const m = /(\d+)X(\d+)/.exec(String(stock ?? ''));
  if (!m) return { widthIn: 4, heightIn: 6 };
  const inches = (d: string) => (d.length === 3 ? Number(`${d[0]}.${d.slice(1)}`) : d === '85' ? 8.5 : Number(d));
  const w = inches(m[1]!);
  const h = inches(m[2]!);
  // Half-sheet label stocks are a 4 × 6 label on letter paper.
  if (w === 8.5) return { widthIn: 4, heightIn: 6 };
  return { widthIn: Math.min(w, 15), heightIn: Math.min(h, 15) };
}

const DPMM = 8;
const clean = (s: string | undefined) => (s ?? '').replace(/[\^~]/g, ' ').toUpperCase();

export interface LabelContent {
  trackingNumber: string;
  sequence: number;
  count: number;
  serviceType: string;
  shipDate: string;
  weight: string;
  shipper: SimParty;
  recipient: SimParty;
  size: LabelSize;
}

/** A carrier-like ZPL label for one package: addresses, service, tracking number and its barcode. */
export function packageZpl(c: LabelContent): string {
  const w = Math.round(c.size.widthIn * 25.4 * DPMM);
  const h = Math.round(c.size.heightIn * 25.4 * DPMM);
  const spaced = c.trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
  const f = (x: number, y: number, font: string, text: string) => `^FO${x},${y}${font}^FD${text}^FS`;
  const from = c.shipper;
  const to = c.recipient;
  return [
    '^XA',
    '^CI28',
    `^PW${w}^LL${h}^LH0,0`,
    f(24, 20, '^A0N,22,22', 'FROM:'),
    f(24, 46, '^A0N,24,24', clean(from.personName ?? from.companyName)),
    f(24, 74, '^A0N,24,24', clean(from.streetLines[0])),
    f(24, 102, '^A0N,24,24', clean(`${from.city} ${from.stateOrProvinceCode} ${from.postalCode} ${from.countryCode}`)),
    f(500, 20, '^A0N,22,22', `SHIP DATE: ${c.shipDate}`),
    f(500, 48, '^A0N,22,22', `WGT: ${clean(c.weight)}`),
    f(500, 76, '^A0N,22,22', `PKG ${c.sequence} OF ${c.count}`),
    '^FO0,140^GB812,3,3^FS',
    f(24, 160, '^A0N,30,30', 'TO'),
    f(80, 158, '^A0N,44,44', clean(to.personName ?? to.companyName)),
    f(80, 208, '^A0N,40,40', clean(to.streetLines[0])),
    f(80, 256, '^A0N,44,44', clean(`${to.city} ${to.stateOrProvinceCode} ${to.postalCode}`)),
    f(80, 306, '^A0N,30,30', clean(to.countryCode)),
    '^FO0,352^GB812,3,3^FS',
    f(24, 372, '^A0N,44,40', clean(c.serviceType.replace(/_/g, ' '))),
    f(24, 430, '^A0N,26,26', 'TRK#'),
    f(100, 422, '^A0N,44,40', spaced),
    `^FO160,500^BY3,3^BCN,200,N,N,N^FD>;${c.trackingNumber}^FS`,
    f(200, 716, '^A0N,30,30', spaced),
    '^XZ',
  ].join('\n');
}

/**
 * Draws PDF and PNG labels with the app's label renderer (the labels module's service, its one
 * render pool), so the simulator's labels are exactly what our label pipeline draws.
 */
export class SimLabelRenderer {
  constructor(private readonly labels: LabServices['labelRenderer']) {}

  /**
   * `client` is the caller of the simulated API: the OAuth client_id its bearer token was issued to
   * (signed into the token). Its renders wait in the pool's fair queue under `carrier-sim:<client_id>`,
   * so one API client's large shipments do not hold up another's, nor a label service user's.
   */
  async render(zpl: string, size: LabelSize, imageType: string, client: string): Promise<SimLabel> {
    if (imageType === 'PDF' || imageType === 'PNG') {
      const format = imageType === 'PDF' ? 'pdf' : 'png';
      const out = await this.labels.render(
        { zpl: Buffer.from(zpl, 'utf8'), dpmm: DPMM, size, index: 0, rotation: 0, format },
        { client: `carrier-sim:${client}` },
      );
      return { contentType: out.contentType, ext: format, body: out.body };
    }
    // ZPLII (and EPL2, which we do not draw): the label program itself.
    return { contentType: 'application/zpl', ext: 'zpl', body: Buffer.from(zpl, 'utf8') };
  }
}
