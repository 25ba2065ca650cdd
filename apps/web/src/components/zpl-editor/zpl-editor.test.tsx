import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import { setZplEditorText, zplEditorText } from '@/test/zplEditor';
import ZplCreatorPage from '@/tools/zpl-creator/ZplCreatorPage';
import { ZplEditorPanel } from './ZplEditorPanel';
import { insertGraphic } from './LogoDialog';
import { charIndexOfByte, warningLineColumn } from './positions';
import { sheetHeaders } from './SheetPicker';

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let calls: Array<{ url: string; init?: RequestInit | undefined }>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:label', revokeObjectURL: () => {} }));
  fakeServer(
    { 'GET /config': () => ({ body: clientConfig({ labelServiceUrl: '/lab/api/labels' }) }) },
    {
      // The label renderer and the image converter (outside the route table).
      elsewhere: async (url, init) => {
        calls.push({ url, init });
        if (url.endsWith('/v1/graphics')) {
          return Response.json({
            zpl: '^XA^FO0,0^GFA,2,2,1,FF00^FS^XZ',
            command: '^GFA,2,2,1,FF00',
            widthDots: 8,
            heightDots: 2,
            bytesPerRow: 1,
            totalBytes: 2,
          });
        }
        return new Response(PNG_HEAD, { headers: { 'content-type': 'image/png', 'x-total-count': '1' } });
      },
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function Harness({ initial }: { initial: string }) {
  const [zpl, setZpl] = useState(initial);
  return <ZplEditorPanel value={zpl} onChange={setZpl} debounceMs={0} />;
}

describe('ZPL editor panel', () => {
  it('lists the linter warnings with line and column, and marks them in the text', async () => {
    renderWithProviders(<Harness initial={'^XA\n^FO50,50\n^BY20^BCN,100^FD12345678^FS\n^XZ'} />);
    const item = await screen.findByTestId('zpl-warning');
    expect(item).toHaveTextContent('line 3, column 4');
    expect(item).toHaveTextContent('^BY');
    expect(item).toHaveTextContent('parameter 1');
    expect(item).toHaveTextContent('module width 20 is greater than the maximum 10; 10 is used instead');
    await waitFor(() => expect(document.querySelector('.cm-lintRange-warning')).not.toBeNull());
    expect(document.querySelector('.cm-lintRange-warning')!.textContent).toBe('20');
  });

  it('follows edits: a fixed label has no warnings', async () => {
    renderWithProviders(<Harness initial={'^XA^BY20^XZ'} />);
    expect(await screen.findByTestId('zpl-warning')).toBeInTheDocument();
    setZplEditorText(screen.getByLabelText('ZPL'), '^XA^BY2^XZ');
    expect(await screen.findByText('No warnings')).toBeInTheDocument();
  });

  it('shows the fields of each label in the Data panel', async () => {
    renderWithProviders(<Harness initial={'^XA^FO10,20^A0N,30^FDHello^FS^FO30,40^BCN,80^FD12345678^FS^XZ'} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Data' }));
    const data = await screen.findByTestId('zpl-data');
    const rows = within(data).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['10, 20textHello', '30, 40Code 12812345678']);
  });
});

describe('positions', () => {
  it('turns byte offsets into characters, lines and columns', () => {
    const text = 'é\n^BY20';
    expect(charIndexOfByte(text, 2)).toBe(1);
    expect(
      warningLineColumn(text, { byteIndex: 6, byteSize: 2, command: '^BY', parameterNumber: 1, message: '' }),
    ).toEqual({
      line: 2,
      column: 4,
    });
  });
});

describe('sheet and logo helpers', () => {
  it('sends the sheet as X-Page-* headers', () => {
    expect(sheetHeaders(undefined)).toEqual({});
    expect(sheetHeaders({ pageSize: 'A4', orientation: 'Portrait', layout: '2x3', border: 'Dashed' })).toEqual({
      'x-page-size': 'A4',
      'x-page-orientation': 'Portrait',
      'x-page-layout': '2x3',
      'x-label-border': 'Dashed',
    });
  });

  it('inserts a graphic before ^XZ, or makes a label of it', () => {
    const g = {
      zpl: '^XA^FO0,0^GFA,1,1,1,FF^FS^XZ',
      command: '^GFA,1,1,1,FF',
      widthDots: 8,
      heightDots: 1,
      bytesPerRow: 1,
      totalBytes: 1,
    };
    expect(insertGraphic('^XA^FDx^FS^XZ', g)).toBe('^XA^FDx^FS^FO0,0^GFA,1,1,1,FF^FS\n^XZ');
    expect(insertGraphic('', g)).toBe(g.zpl);
  });
});

describe('ZPL creator: Logo → ZPL and Print on sheet', () => {
  it('converts an image through the service and inserts it into the label', async () => {
    renderWithProviders(<ZplCreatorPage />);
    fireEvent.click(screen.getByRole('button', { name: /Logo → ZPL/ }));
    const dialog = await screen.findByRole('dialog');
    const file = new File([PNG_HEAD], 'logo.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Choose a PNG, JPEG or BMP image'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
    expect(await within(dialog).findByTestId('logo-size', {}, { timeout: 30_000 })).toHaveTextContent(
      '8 × 2 dots · 2 bytes',
    );
    const call = calls.find((c) => c.url === '/lab/api/labels/v1/graphics')!;
    const form = call.init!.body as FormData;
    expect((form.get('file') as File).name).toBe('logo.png');
    expect(form.get('dither')).toBe('threshold');
    expect(form.get('encoding')).toBe('hex');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert into label' }));
    await waitFor(() => expect(zplEditorText(screen.getByLabelText('ZPL'))).toBe('^XA^FO0,0^GFA,2,2,1,FF00^FS^XZ'), {
      timeout: 30_000,
    });
  });

  it('downloads the PDF on a sheet with the X-Page-* headers', async () => {
    renderWithProviders(<ZplCreatorPage />);
    setZplEditorText(screen.getByLabelText('ZPL'), '^XA^FO10,10^FDx^FS^XZ');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Print on sheet' }));
    await screen.findByTestId('label-image', {}, { timeout: 30_000 });
    fireEvent.click(screen.getByRole('button', { name: /PDF/ }));
    await waitFor(
      () => expect(calls.some((c) => new Headers(c.init?.headers).get('x-page-layout') === '2x3')).toBe(true),
      { timeout: 30_000 },
    );
    const pdfCall = calls.find((c) => new Headers(c.init?.headers).get('x-page-size') === 'A4')!;
    expect(new Headers(pdfCall.init?.headers).get('accept')).toBe('application/pdf');
    expect(new Headers(pdfCall.init?.headers).get('x-label-border')).toBe('Dashed');
  });
});
