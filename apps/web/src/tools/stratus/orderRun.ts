import type { StratusOrderReply, StratusOrderRequest, StratusOrderState } from '@lab/core/contract';
import {
  base64ToBytes,
  base64ToText,
  errorBodyText,
  orderLabels,
  zplFieldText,
  type LabelItem,
  type LabelNames,
} from './ship';
import { StratusCallError } from './stratusApi';

/** First check 2 s after a successful post, then every 2 s while the order is PENDING. */
export const POLL_MS = 2_000;

export type StepStatus = 'wait' | 'process' | 'finish' | 'error';

/** A label ready to show: the PDF to preview, and the ZPL it came from when it was ZPL. */
export interface ShownLabel extends LabelItem {
  pdf: Blob;
  zpl?: string;
  /** The rotation the ZPL was converted with. */
  rotation: 0 | 180;
}

/** Why Stratus refused the order: its words and the transaction it judged. */
export interface Rejection {
  messages: string[];
  transaction: string;
}

/**
 * Steps: 0 post order; 1 get order; 2 after a non-pending state; 3 after the labels are converted
 * or rendered. `status` is that of the current step (error when it failed).
 */
export interface RunState {
  step: number;
  status: StepStatus;
  /** GETs of the order so far. */
  tries: number;
  orderId?: string;
  orderState?: StratusOrderState;
  labels: ShownLabel[];
  rejection?: Rejection;
  running: boolean;
}

export const IDLE: RunState = { step: -1, status: 'wait', tries: 0, labels: [], running: false };

export interface RunInput {
  request: StratusOrderRequest;
  output: 'PDF' | 'ZPL';
  rotation: 0 | 180;
  showErrorLabel: boolean;
  names: LabelNames;
}

export interface RunDeps {
  postOrder: (body: StratusOrderRequest, signal: AbortSignal) => Promise<{ Id: string }>;
  getOrder: (id: string, signal: AbortSignal) => Promise<StratusOrderReply>;
  /** ZPL → PDF through the label service (8 dpmm, 4×6, X-Rotation). */
  convertZpl: (zpl: string, rotation: 0 | 180, signal: AbortSignal) => Promise<Blob>;
  /** A failed call's notice (status, status text, body), shown 10 s. */
  onError: (message: string) => void;
}

/**
 * One order at a time: post, poll every 2 s while PENDING, then turn the labels into PDFs. `stop`
 * (leaving the page, or a new order) cancels the timer and ignores whatever is still in flight.
 */
export class OrderRun {
  private state: RunState = IDLE;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | undefined;

  constructor(
    private readonly deps: RunDeps,
    private readonly onChange: (state: RunState) => void,
  ) {}

  get current(): RunState {
    return this.state;
  }

  private set(patch: Partial<RunState>) {
    this.state = { ...this.state, ...patch };
    this.onChange(this.state);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = undefined;
    if (this.state.running) this.set({ running: false });
  }

  start(input: RunInput): void {
    this.stop();
    const controller = new AbortController();
    this.controller = controller;
    const live = () => this.controller === controller && !controller.signal.aborted;
    // Replaced, not merged: the last order's id, state and rejection must not show (issue 31).
    this.state = { ...IDLE, step: 0, status: 'process', running: true };
    this.onChange(this.state);

    const fail = (err: unknown, step: number) => {
      if (!live()) return;
      const message = err instanceof Error ? err.message : String(err);
      this.deps.onError(message);
      const rejection =
        step === 0 && err instanceof StratusCallError && (err.status === 400 || err.status === 422)
          ? { messages: [errorBodyText(err.body)], transaction: input.request.Transaction }
          : undefined;
      this.set({ step, status: 'error', running: false, rejection });
    };

    const finish = async (order: StratusOrderReply) => {
      this.set({ step: 2, status: 'process', orderState: order.State });
      const items = orderLabels(order, input.showErrorLabel, input.names);
      const rejection =
        order.State === 'FAILED'
          ? { messages: failureMessages(order), transaction: input.request.Transaction }
          : undefined;
      // Converted side by side (the label service renders in a worker pool); the labels are listed
      // in order as soon as each one and those before it are ready, so the first shows first.
      const slots: (ShownLabel | undefined)[] = items.map(() => undefined);
      const publish = () => {
        const ready = slots.findIndex((l) => l === undefined);
        const prefix = (ready === -1 ? slots : slots.slice(0, ready)) as ShownLabel[];
        if (prefix.length > this.state.labels.length) this.set({ labels: prefix });
      };
      await Promise.all(
        items.map(async (item, i) => {
          if (item.imgType !== 'ZPL') {
            slots[i] = { ...item, pdf: new Blob([base64ToBytes(item.data)], { type: 'application/pdf' }), rotation: 0 };
          } else {
            const zpl = base64ToText(item.data);
            const pdf = await this.deps.convertZpl(zpl, input.rotation, controller.signal);
            slots[i] = { ...item, pdf, zpl, rotation: input.rotation };
          }
          if (live()) publish();
        }),
      );
      if (!live()) return;
      const labels = slots as ShownLabel[];
      this.set({ step: 3, status: 'finish', labels, rejection, running: false });
    };

    const poll = async (id: string) => {
      this.timer = undefined;
      this.set({ tries: this.state.tries + 1 });
      let order: StratusOrderReply;
      try {
        order = await this.deps.getOrder(id, controller.signal);
      } catch (err) {
        return fail(err, 1);
      }
      if (!live()) return;
      this.set({ orderState: order.State });
      if (order.State === 'PENDING') {
        this.timer = setTimeout(() => void poll(id), POLL_MS);
        return;
      }
      try {
        await finish(order);
      } catch (err) {
        fail(err, 2);
      }
    };

    void (async () => {
      let created: { Id: string };
      try {
        created = await this.deps.postOrder(input.request, controller.signal);
      } catch (err) {
        return fail(err, 0);
      }
      if (!live()) return;
      this.set({ step: 1, status: 'process', orderId: created.Id });
      this.timer = setTimeout(() => void poll(created.Id), POLL_MS);
    })();
  }
}

/** What a FAILED order says about why: its message if it has one, and the text of ZPL error labels. */
export function failureMessages(order: StratusOrderReply): string[] {
  const out: string[] = [];
  if (order.Message) out.push(order.Message);
  for (const l of order.Labels) {
    if (l.ImageType !== 'ZPL') continue;
    try {
      out.push(...zplFieldText(base64ToText(l.Data)));
    } catch {
      // not base64: nothing to read
    }
  }
  return out;
}
