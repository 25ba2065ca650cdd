import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import tool from './index';
import { messages } from './messages';
import ZebraPrinterPage from './ZebraPrinterPage';

const device = {
  name: 'desk',
  uid: '10.0.0.5:9100',
  connection: 'network',
  deviceType: 'printer',
  version: 3,
  provider: 'lab print-agent',
  manufacturer: 'Zebra Technologies',
};
let agentUp: boolean;
let preset: string | null;
let writes: string[];

beforeEach(() => {
  agentUp = true;
  preset = 'shanghai-desk';
  writes = [];
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
  it('is in the Apps menu after Decode Base64, at /utils/zebraprinter', () => {
    expect(tool).toMatchObject({ path: '/utils/zebraprinter', title: 'Browser Print', group: 'Apps', order: 30 });
  });

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
});
