import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NO_RECEIVER_MESSAGE } from '@lab/core/print';
import { renderWithProviders } from '@/test/render';
import { stubEventSource } from '@/test/fakeEventSource';
import { DESK_PRINTER } from '@/test/printAgent';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import { messages } from './messages';
import ZebraPrinterPage from './ZebraPrinterPage';

const device = DESK_PRINTER;
let agentUp: boolean;
let preset: string | null;
let writes: string[];
/** Receivers the relay counts on the listen id (on every instance). */
let receiversNow: number;
let sent: { listenId: string; printData: string }[];
let logged: Record<string, unknown>[];

const TASK = '3b241101-e2bb-4255-8caf-4136c566a962';
const jobOf = (printData: string, status: 'pending' | 'delivered' | 'printed' | 'failed', taskId = TASK) => ({
  taskId,
  remoteId: 'shanghai-desk',
  subscribeId: 'REMOTE_XY2',
  printData,
  created: '2026-11-23T01:02:03.000Z',
  expiresAt: '2026-11-23T02:02:03.000Z',
  size: printData.length,
  status,
  deliveredAt: status === 'pending' ? null : '2026-11-23T01:02:04.000Z',
});

beforeEach(() => {
  agentUp = true;
  preset = 'shanghai-desk';
  writes = [];
  receiversNow = 0;
  sent = [];
  logged = [];
  localStorage.clear();
  fakeServer(
    {
      'GET /config': () => ({ body: clientConfig() }),
      'GET /print-relay/config': () => ({
        body: {
          presetListenId: preset,
          remoteZplSample: '^XA^FDsample^FS^XZ',
          agentOrigins: ['http://127.0.0.1:9100'],
          maxJobBytes: 1048576,
          jobTtlSeconds: 3600,
          historySize: 20,
        },
      }),
      'POST /print-relay/listen-ids': () => ({ body: { listenId: 'abcdefghijklmnopqrstuvwxyz' } }),
      'POST /print-relay/:listenId/jobs': (body, _url, params) => {
        sent.push({ listenId: params.listenId, printData: body.printData });
        return {
          body: {
            ...jobOf(
              body.printData,
              receiversNow > 0 ? 'delivered' : 'pending',
              `00000000-0000-4000-8000-00000000000${sent.length}`,
            ),
            remoteId: params.listenId,
            receivers: receiversNow,
          },
        };
      },
      'POST /print-relay/:listenId/logs': (body, _url, params) => {
        logged.push({ listenId: params.listenId, ...body });
        return {
          body: {
            id: 9,
            nodeId: body.nodeId,
            subscribeId: 'REMOTE_XY2',
            isPrinted: body.isPrinted,
            taskId: body.taskId,
            remoteId: params.listenId,
            printData: '',
            size: 0,
            message: body.message,
            created: '2026-11-23T01:02:05.000Z',
          },
        };
      },
      'GET /print-relay/:listenId/jobs': () => ({
        body: {
          receivers: receiversNow,
          items: sent.map((j, i) =>
            jobOf(
              j.printData,
              receiversNow > 0 ? 'delivered' : 'pending',
              `00000000-0000-4000-8000-00000000000${i + 1}`,
            ),
          ),
        },
      }),
      'GET /print-relay/:listenId/history': () => ({
        body: {
          items: [
            {
              id: 7,
              nodeId: 'PRINTER_AB1',
              subscribeId: 'REMOTE_XY2',
              isPrinted: false,
              taskId: '3b241101-e2bb-4255-8caf-4136c566a962',
              remoteId: 'shanghai-desk',
              printData: '^XA^FDsample^FS^XZ',
              size: 18,
              message: 'Zebra Print not connected',
              created: '2026-11-23T01:02:03.000Z',
            },
            {
              id: 6,
              nodeId: 'RELAY',
              subscribeId: 'REMOTE_XY2',
              isPrinted: false,
              taskId: TASK,
              remoteId: 'shanghai-desk',
              printData: '^XA^FDsample^FS^XZ',
              size: 18,
              message: NO_RECEIVER_MESSAGE,
              created: '2026-11-23T01:02:00.000Z',
            },
          ],
        },
      }),
    },
    {
      // The local Zebra agent.
      elsewhere: async (url, init) => {
        if (url.startsWith('http://127.0.0.1:9100')) {
          if (!agentUp) throw new TypeError('Failed to fetch');
          if (url.endsWith('/default?type=printer')) return Response.json(device);
          if (url.endsWith('/write')) {
            writes.push(JSON.parse(String(init?.body)).data as string);
            return new Response('');
          }
        }
        return new Response('not found', { status: 404 });
      },
    },
  );
  vi.stubGlobal('EventSource', undefined);
});
afterEach(() => vi.unstubAllGlobals());

const tag = (name: string) => screen.getByLabelText(new RegExp(`^${name}: (yes|no)$`));

describe('Browser Print screen', () => {
  it('shows the three readiness tags, all on after a 000000 write to the default printer', async () => {
    renderWithProviders(<ZebraPrinterPage />);
    expect(screen.getByRole('tab', { name: 'Local Print' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Remote Print' })).toBeTruthy();
    expect((screen.getByLabelText('Browser Print base URL') as HTMLInputElement).value).toBe('http://127.0.0.1:9100');
    await waitFor(() => expect(tag('Default printer available').getAttribute('aria-label')).toMatch(/yes$/));
    expect(tag('Browser Print connected').getAttribute('aria-label')).toMatch(/yes$/);
    expect(tag('Default printer configured').getAttribute('aria-label')).toMatch(/yes$/);
    expect(writes).toEqual(['000000']);
    expect(screen.getByText('Default printer: desk (10.0.0.5:9100)')).toBeTruthy();
  });

  it('says Printer is not ready when the agent is not there, and No file input found without a file', async () => {
    agentUp = false;
    renderWithProviders(<ZebraPrinterPage />);
    await waitFor(() => expect(screen.getByText(/^Browser Print is not reachable/)).toBeTruthy());
    expect(tag('Browser Print connected').getAttribute('aria-label')).toMatch(/no$/);
    expect(screen.getByText('Printer is not ready')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Print$/ }));
    await waitFor(() => expect(screen.getByText('No file input found')).toBeTruthy());
  });

  it('keeps the agent URL per browser', async () => {
    renderWithProviders(<ZebraPrinterPage />);
    fireEvent.change(screen.getByLabelText('Browser Print base URL'), { target: { value: 'http://127.0.0.1:9200' } });
    expect(localStorage.getItem('zebraPrinter.agentUrl')).toBe('http://127.0.0.1:9200');
  });

  it('Run as Receiver switches to Remote Print with the pre-set id, and unticking clears it', async () => {
    renderWithProviders(<ZebraPrinterPage />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Run as Receiver' }));
    await waitFor(() => expect((screen.getByLabelText('Listen id') as HTMLInputElement).value).toBe('shanghai-desk'));
    expect(screen.getByText(messages.en.warning)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Enter receiver mode')).toBeTruthy());
    expect((screen.getByLabelText('ZPL') as HTMLTextAreaElement).value).toBe('^XA^FDsample^FS^XZ');
    await waitFor(() => expect(screen.getByText('Zebra Print not connected')).toBeTruthy());
    expect(screen.getByText('2026-11-23 01:02:03')).toBeTruthy();
    expect(screen.getByText('PRINTER_AB1')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Run as Receiver' }));
    await waitFor(() => expect((screen.getByLabelText('Listen id') as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(screen.getByText('Exit receiver mode')).toBeTruthy());
  });

  it('Run as Receiver never leaves the listen id empty: the pre-set id again, or a new one when none is pre-set', async () => {
    renderWithProviders(<ZebraPrinterPage />);
    const box = () => screen.getByRole('checkbox', { name: 'Run as Receiver' });
    const id = () => (screen.getByLabelText('Listen id') as HTMLInputElement).value;
    fireEvent.click(box());
    await waitFor(() => expect(id()).toBe('shanghai-desk'));
    fireEvent.click(box());
    await waitFor(() => expect(id()).toBe(''));
    fireEvent.click(box());
    await waitFor(() => expect(id()).toBe('shanghai-desk'));
  });

  it('a new listen id while receiving shows one receiver-mode notice, not one per change', async () => {
    renderWithProviders(<ZebraPrinterPage />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Run as Receiver' }));
    await waitFor(() => expect((screen.getByLabelText('Listen id') as HTMLInputElement).value).toBe('shanghai-desk'));
    await waitFor(() => expect(screen.getByText('Enter receiver mode')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'New listen id' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Listen id') as HTMLInputElement).value).toBe('abcdefghijklmnopqrstuvwxyz'),
    );
    await waitFor(() => expect(screen.getAllByText('Enter receiver mode')).toHaveLength(1));
    expect(screen.queryByText('Exit receiver mode')).toBeNull();
  });

  it('issues a new listen id on Run as Receiver when the site has no pre-set id', async () => {
    preset = null;
    renderWithProviders(<ZebraPrinterPage />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Run as Receiver' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Listen id') as HTMLInputElement).value).toBe('abcdefghijklmnopqrstuvwxyz'),
    );
    await waitFor(() => expect(screen.getByText('Enter receiver mode')).toBeTruthy());
  });

  it('speaks Chinese', async () => {
    renderWithProviders(<ZebraPrinterPage />, { lang: 'zh' });
    expect(screen.getByRole('tab', { name: '本地打印' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '作为接收端运行' })).toBeTruthy();
  });

  it('says a job is pending when no receiver listens — not "Send out" — and lists it as Pending', async () => {
    renderWithProviders(<ZebraPrinterPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Remote Print' }));
    await waitFor(() => expect((screen.getByLabelText('Listen id') as HTMLInputElement).value).toBe('shanghai-desk'));
    await waitFor(() =>
      expect(screen.getByLabelText('Receivers connected').textContent).toBe('Receivers connected: 0'),
    );
    fireEvent.click(screen.getByRole('button', { name: /Send$/ }));
    await waitFor(() =>
      expect(
        screen.getByText('No receiver is listening on this id: the job is pending until a receiver connects'),
      ).toBeTruthy(),
    );
    expect(screen.queryByText(/^Send out/)).toBeNull();
    expect(sent).toEqual([{ listenId: 'shanghai-desk', printData: '^XA^FDsample^FS^XZ' }]);
    const jobs = within(screen.getByRole('table', { name: 'Jobs' }));
    await waitFor(() => expect(jobs.getByText('Pending')).toBeTruthy());
    // The history's row of the relay says nobody was listening.
    const history = within(screen.getByRole('table', { name: 'History' }));
    await waitFor(() =>
      expect(history.getByText('Nobody was listening: the job is pending until a receiver connects')).toBeTruthy(),
    );
  });

  it('says "Send out" with the number of receivers connected when someone listens, and lists the job as Delivered', async () => {
    receiversNow = 2;
    renderWithProviders(<ZebraPrinterPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Remote Print' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Receivers connected').textContent).toBe('Receivers connected: 2'),
    );
    fireEvent.click(screen.getByRole('button', { name: /Send$/ }));
    await waitFor(() => expect(screen.getByText('Send out · Receivers connected: 2')).toBeTruthy());
    expect(
      screen.queryByText('No receiver is listening on this id: the job is pending until a receiver connects'),
    ).toBeNull();
    const jobs = within(screen.getByRole('table', { name: 'Jobs' }));
    await waitFor(() => expect(jobs.getByText('Delivered')).toBeTruthy());
  });

  it('says the same in Chinese', async () => {
    renderWithProviders(<ZebraPrinterPage />, { lang: 'zh' });
    fireEvent.click(screen.getByRole('tab', { name: '远程打印' }));
    await waitFor(() => expect(screen.getByLabelText('已连接的接收端').textContent).toBe('已连接的接收端: 0'));
    fireEvent.click(screen.getByRole('button', { name: /发送$/ }));
    await waitFor(() => expect(screen.getByText('此 ID 没有接收端在监听：任务将保留，直到有接收端连接')).toBeTruthy());
    expect(screen.queryByText(/^已发送/)).toBeNull();
    await waitFor(() => expect(screen.getByText('待接收')).toBeTruthy());
    expect(screen.getByText('当时没有接收端在监听：任务将保留，直到有接收端连接')).toBeTruthy();
  });

  it("counts the receiver whose stream says ready while the list's first read is still on its way", async () => {
    const streams = stubEventSource();
    // The first read of the list is answered before the receiver is counted (0), and reaches the
    // page only after the stream's `ready`: what a new listen id meets when its stream is quick.
    const answer = globalThis.fetch;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstRead = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await answer(input, init);
      if (firstRead && /\/print-relay\/shanghai-desk\/jobs$/.test(String(input))) {
        firstRead = false;
        await held;
      }
      return res;
    });
    renderWithProviders(<ZebraPrinterPage />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Run as Receiver' }));
    const receiverStream = () =>
      streams.find(
        (s) => !s.closed && /\/print-relay\/shanghai-desk\/receive\?nodeId=PRINTER_[A-Z0-9]{3}$/.test(s.url),
      );
    await waitFor(() => expect(receiverStream()).toBeDefined());
    await waitFor(() => expect(firstRead).toBe(false));
    receiversNow = 1;
    receiverStream()!.emit('print-relay/shanghai-desk', { type: 'ready', receivers: 1, pending: 0 });
    release();
    await waitFor(() =>
      expect(screen.getByLabelText('Receivers connected').textContent).toBe('Receivers connected: 1'),
    );
  });

  it('a receiver prints what its own stream gives it (pending jobs first), once each, and logs it', async () => {
    const streams = stubEventSource();
    renderWithProviders(<ZebraPrinterPage />);
    await waitFor(() => expect(tag('Default printer available').getAttribute('aria-label')).toMatch(/yes$/));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Run as Receiver' }));
    const receiverStream = () =>
      streams.find(
        (s) => !s.closed && /\/print-relay\/shanghai-desk\/receive\?nodeId=PRINTER_[A-Z0-9]{3}$/.test(s.url),
      );
    await waitFor(() => expect(receiverStream()).toBeDefined());
    const job = { type: 'job', ...jobOf('^XA^FDwaited^FS^XZ', 'delivered') };
    const emit = (data: unknown) => receiverStream()!.emit('print-relay/shanghai-desk', data);
    emit(job);
    emit(job);
    emit({ type: 'ready', receivers: 1, pending: 1 });
    await waitFor(() => expect(logged).toHaveLength(1));
    expect(writes).toEqual(['000000', '^XA^FDwaited^FS^XZ']);
    expect(logged[0]).toMatchObject({
      listenId: 'shanghai-desk',
      taskId: TASK,
      isPrinted: true,
      message: 'printed on desk',
    });
    // A job announced on the topic (to every page watching the id) is not printed from there.
    const topic = streams.find((s) => s.url.includes('/realtime?topics='))!;
    topic.emit('print-relay/shanghai-desk', { ...job, taskId: '00000000-0000-4000-8000-000000000009' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Run as Receiver' }));
    await waitFor(() => expect(receiverStream()).toBeUndefined());
    expect(writes).toEqual(['000000', '^XA^FDwaited^FS^XZ']);
  });
});
