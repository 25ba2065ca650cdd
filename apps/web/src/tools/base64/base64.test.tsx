import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { INVALID_BASE64_MESSAGE, bytesToBase64 } from '@lab/core/text';
import { ZPL_PREVIEW_DEBOUNCE_MS } from '@/components/label-viewer';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import { setZplEditorText, zplEditorText } from '@/test/zplEditor';
import { advanceClock, installFakeClock } from '@/test/fakeClock';
import Base64Page from './Base64Page';

const PNG_HEAD = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 3, 45, 0, 0, 4, 196,
]);
const b64 = (text: string) => bytesToBase64(new TextEncoder().encode(text));

type Call = { url: string; init: RequestInit | undefined };
let calls: Call[];
let labelReply: (call: Call) => Response;

beforeEach(() => {
  calls = [];
  labelReply = () =>
    new Response(PNG_HEAD, { status: 200, headers: { 'content-type': 'image/png', 'x-total-count': '1' } });
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:label-${n++}`, revokeObjectURL: () => {} }));
  fakeServer(
    { 'GET /config': () => ({ body: clientConfig({ labelServiceUrl: '/lab/api/labels' }) }) },
    {
      // The label renderer (PNG/PDF, outside the route table).
      elsewhere: async (url, init) => {
        const call = { url, init };
        calls.push(call);
        return labelReply(call);
      },
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function paste(text: string, button: string) {
  fireEvent.change(screen.getByLabelText('Base64 input'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('Base64 Tools', () => {
  it('has the five tabs', () => {
    renderWithProviders(<Base64Page />, { route: '/utils/base64' });
    for (const name of ['Base64 Decode', 'Base64 PDF', 'Base64 PNG', 'Base64 ZPL', 'Raw ZPL']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
  });

  it('refuses text that is not base64 with the product message', async () => {
    renderWithProviders(<Base64Page />, { route: '/utils/base64?tab=decode' });
    paste('not base64!', 'Decode');
    expect(await screen.findByText(INVALID_BASE64_MESSAGE, { selector: '.ant-message *' })).toBeInTheDocument();
    expect(screen.getByTestId('base64-error')).toHaveTextContent(INVALID_BASE64_MESSAGE);
    expect(screen.queryByTestId('base64-hint')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Decoded text')).not.toBeInTheDocument();
  });

  it('hints at URL-safe or unpadded base64 under the error and normalises it with one click', async () => {
    renderWithProviders(<Base64Page />, { route: '/utils/base64?tab=decode' });
    const standard = b64('??>>~~ hello?');
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(urlSafe).not.toBe(standard);
    paste(urlSafe, 'Decode');
    expect(await screen.findByTestId('base64-error')).toHaveTextContent(INVALID_BASE64_MESSAGE);
    expect(screen.getByTestId('base64-hint')).toHaveTextContent(
      'This looks like URL-safe base64 (- and _ instead of + and /) without its = padding.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Normalise to standard base64' }));
    expect(await screen.findByLabelText('Decoded text')).toHaveValue('??>>~~ hello?');
    expect(screen.getByLabelText('Base64 input')).toHaveValue(standard);
    expect(screen.queryByTestId('base64-error')).not.toBeInTheDocument();

    paste('QQ', 'Decode');
    expect(await screen.findByTestId('base64-hint')).toHaveTextContent('This looks like base64 without its = padding.');
  });

  it('decodes text after stripping a data: prefix and line breaks, in UTF-8 or GBK', async () => {
    renderWithProviders(<Base64Page />, { route: '/utils/base64?tab=decode' });
    paste(`data:text/plain;base64,${b64('Grüße, 你好').replace(/(.{8})/g, '$1\n')}`, 'Decode');
    expect(await screen.findByLabelText('Decoded text')).toHaveValue('Grüße, 你好');
    paste('xOO6ww==', 'Decode');
    fireEvent.mouseDown(screen.getByLabelText('Text encoding'));
    fireEvent.click(await screen.findByTitle('GBK'));
    await waitFor(() => expect(screen.getByLabelText('Decoded text')).toHaveValue('你好'));
  });

  it('shows a PNG with its pixel and byte size', async () => {
    renderWithProviders(<Base64Page />, { route: '/utils/base64?tab=png' });
    paste(bytesToBase64(PNG_HEAD), 'Preview');
    expect(await screen.findByText('813 × 1220 px · 24 bytes')).toBeInTheDocument();
    expect(screen.getByTestId('label-image')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(screen.getByRole('button', { name: /PNG/ })).toBeInTheDocument();
  });

  it('decodes base64 ZPL, shows it for editing and renders it through the label service', async () => {
    // A fake clock from the first render: the preview's debounce passes in no wall-clock time.
    installFakeClock();
    renderWithProviders(<Base64Page />, { route: '/utils/base64?tab=zpl' });
    const zpl = '^XA^FO50,50^A0N,50,50^FDHello^FS^XZ';
    paste(b64(zpl), 'Decode');
    await advanceClock(ZPL_PREVIEW_DEBOUNCE_MS);
    expect(zplEditorText(screen.getByLabelText('ZPL'))).toBe(zpl);
    expect(screen.getByTestId('label-image')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/lab/api/labels/v1/printers/8dpmm/labels/4x6/0/');
    expect(calls[0]!.init?.body).toBe(zpl);
    expect(new Headers(calls[0]!.init?.headers).get('x-rotation')).toBe('0');

    fireEvent.click(screen.getByRole('button', { name: /Rotate 180/ }));
    await advanceClock(0);
    expect(new Headers(calls.at(-1)!.init?.headers).get('x-rotation')).toBe('180');

    setZplEditorText(screen.getByLabelText('ZPL'), '^XA^FDbroken');
    labelReply = () => Response.json({ message: 'Error rendering: no labels parsed' }, { status: 422 });
    await advanceClock(ZPL_PREVIEW_DEBOUNCE_MS);
    expect(screen.getByText('Error rendering: no labels parsed')).toBeInTheDocument();
  });

  it('shows every label of a multi-label raw ZPL', async () => {
    labelReply = (call) =>
      new Response(PNG_HEAD, {
        status: 200,
        headers: { 'content-type': 'image/png', 'x-total-count': '3', 'x-index': call.url },
      });
    installFakeClock();
    renderWithProviders(<Base64Page />, { route: '/utils/base64?tab=raw' });
    setZplEditorText(screen.getByLabelText('ZPL'), '^XA^FDa^FS^XZ^XA^FDb^FS^XZ^XA^FDc^FS^XZ');
    await advanceClock(ZPL_PREVIEW_DEBOUNCE_MS);
    expect(screen.getByTestId('label-page')).toHaveTextContent('Label 1 of 3');
    expect(calls.map((c) => c.url)).toEqual([0, 1, 2].map((i) => `/lab/api/labels/v1/printers/8dpmm/labels/4x6/${i}/`));
    expect(screen.getAllByRole('button', { name: /Show label/ })).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Next label' }));
    expect(screen.getByTestId('label-page')).toHaveTextContent('Label 2 of 3');
  });
});
