import { carrierLabelEpl2, carrierLabelZpl, LABEL_DPMM, type CarrierLabelData } from '@lab/core/carrier/label';
import type { LabServices } from '../../module.js';
import { shipLabelData, type LabelSpec, type ShipLabelInput } from './labelData.js';
import type { SimLabel } from './state.js';

/**
 * Draws the simulator's labels: one layout (`@lab/core/carrier/label`) written as ZPL II for
 * ZPLII, PDF and PNG (the ZPL rendered by the app's label renderer — the labels module's one render
 * pool — so the simulator's labels are exactly what our label pipeline draws) and as EPL2 for EPL2.
 */
export class SimLabelRenderer {
  constructor(private readonly labels: LabServices['labelRenderer']) {}

  /**
   * Every package's label of a shipment, in the order of its tracking numbers. `client` is the
   * caller of the simulated API: the OAuth client_id its bearer token was issued to. Its renders
   * wait in the pool's fair queue under `carrier-sim:<client_id>`, so one API client's large
   * shipments do not hold up another's, nor a label service user's.
   */
  async shipmentLabels(input: ShipLabelInput & { client: string }): Promise<SimLabel[]> {
    // One after another, as the pool's fair queue would run them anyway: a shipment's first label
    // on a cold pool starts one render thread, not one per package at once.
    const labels: SimLabel[] = [];
    for (const d of shipLabelData(input)) labels.push(await this.draw(d, input.spec, input.client));
    return labels;
  }

  /** One package's label in the spec's image type. */
  async draw(d: CarrierLabelData, spec: LabelSpec, client: string): Promise<SimLabel> {
    if (spec.imageType === 'EPL2') {
      return { contentType: 'application/epl2', ext: 'epl', body: Buffer.from(carrierLabelEpl2(d), 'utf8') };
    }
    if (spec.imageType === 'ZPLII') {
      return { contentType: 'application/zpl', ext: 'zpl', body: Buffer.from(carrierLabelZpl(d), 'utf8') };
    }
    // PDF and PNG: drawn upright from the ZPL (printing orientation is a thermal printer's matter),
    // then turned as labelRotation asks.
    const format = spec.imageType === 'PDF' ? 'pdf' : 'png';
    const out = await this.labels.render(
      {
        zpl: Buffer.from(carrierLabelZpl({ ...d, inverted: false }), 'utf8'),
        dpmm: LABEL_DPMM,
        size: d.size,
        index: 0,
        rotation: spec.rotation,
        format,
      },
      { client: `carrier-sim:${client}` },
    );
    return { contentType: out.contentType, ext: format, body: out.body };
  }
}
