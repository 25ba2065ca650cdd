import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ZPL_PREVIEW_DEBOUNCE_MS } from '@/components/label-viewer';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import { setZplEditorText, zplEditorText } from '@/test/zplEditor';
import { advanceClock, installFakeClock } from '@/test/fakeClock';
import ZplCreatorPage from '@/tools/zpl-creator/ZplCreatorPage';
import { ZplEditorPanel } from './ZplEditorPanel';
import { EditorView } from '@codemirror/view';
import { placeGraphic } from './placeGraphic';
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
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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

  it('places a graphic in free space of the label before ^XZ, or makes a label of it', () => {
    const g = {
      zpl: '^XA^FO0,0^GFA,1,1,1,FF^FS^XZ',
      command: '^GFA,1,1,1,FF',
      widthDots: 8,
      heightDots: 1,
      bytesPerRow: 1,
      totalBytes: 1,
    };
    // The field ^FDxy sits at 0,0 (12 × 9 dots in the default font): the graphic goes 10 dots beside it.
    expect(placeGraphic('^XA^FDxy^FS^XZ', g)).toEqual({
      zpl: '^XA^FDxy^FS^FO22,10^GFA,1,1,1,FF^FS\n^XZ',
      x: 22,
      y: 10,
      label: 1,
      line: 1,
      where: 'free',
    });
    expect(placeGraphic('', g)).toEqual({ zpl: g.zpl, x: 0, y: 0, label: 1, line: 1, where: 'new-label' });
    // No room on a 20-dot label: below the last field, and said so.
    expect(placeGraphic('^XA^PW20^LL20^FO0,0^GB20,20,20^FS^XZ', g)).toMatchObject({ x: 10, y: 30, where: 'no-room' });
  });

  it('places a graphic at the cursor: after the field the cursor is in, in the label the cursor is in', () => {
    const g = { zpl: '', command: '^GFA,2,2,1,FF00', widthDots: 8, heightDots: 2, bytesPerRow: 1, totalBytes: 2 };
    const two =
      '^XA\n^FO0,0^A0N,40,40^FDFROM^FS\n^FO0,100^A0N,40,40^FDTO^FS\n^XZ\n^XA\n^FO0,0^A0N,40,40^FDSECOND^FS\n^XZ\n';
    expect(placeGraphic(two, g, two.indexOf('ROM'))).toEqual({
      zpl: two.replace('FROM^FS\n', 'FROM^FS\n^FO114,10^GFA,2,2,1,FF00^FS\n'),
      x: 114,
      y: 10,
      label: 1,
      line: 3,
      where: 'free',
    });
    // In the second label: beside SECOND (6 × 26 dots wide), on the line after its field.
    expect(placeGraphic(two, g, two.indexOf('SECOND'))).toMatchObject({ x: 166, y: 10, label: 2, line: 7 });
    // After the last label: into the last label, before its ^XZ.
    expect(placeGraphic(two, g, two.length)).toMatchObject({ label: 2 });
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
    expect(await within(dialog).findByTestId('logo-size')).toHaveTextContent('8 × 2 dots · 2 bytes');
    const call = calls.find((c) => c.url === '/lab/api/labels/v1/graphics')!;
    const form = call.init!.body as FormData;
    expect((form.get('file') as File).name).toBe('logo.png');
    expect(form.get('dither')).toBe('threshold');
    expect(form.get('encoding')).toBe('hex');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert into label' }));
    await waitFor(() => expect(zplEditorText(screen.getByLabelText('ZPL'))).toBe('^XA^FO0,0^GFA,2,2,1,FF00^FS^XZ'));
    expect(screen.getByTestId('logo-placement')).toHaveTextContent(
      'Logo placed at x 0, y 0 of a new label (8 × 2 dots), line 1',
    );
  });

  it('places the logo in free space of the label, clear of the FROM block, where the cursor is, and says where', async () => {
    renderWithProviders(<ZplCreatorPage />);
    const label = '^XA\n^FO0,0^A0N,40,40^FDFROM: ACME^FS\n^FO0,100^A0N,40,40^FDTO^FS\n^XZ\n';
    const editor = screen.getByLabelText('ZPL');
    setZplEditorText(editor, label);
    // The cursor in the FROM field: the logo's field goes right after it.
    const view = EditorView.findFromDOM(editor)!;
    act(() => view.dispatch({ selection: { anchor: label.indexOf('ACME') } }));
    fireEvent.click(screen.getByRole('button', { name: /Logo → ZPL/ }));
    const dialog = await screen.findByRole('dialog');
    const file = new File([PNG_HEAD], 'logo.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Choose a PNG, JPEG or BMP image'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await within(dialog).findByTestId('logo-size');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert into label' }));
    await waitFor(() =>
      expect(zplEditorText(screen.getByLabelText('ZPL'))).toBe(
        label.replace('ACME^FS\n', 'ACME^FS\n^FO270,10^GFA,2,2,1,FF00^FS\n'),
      ),
    );
    expect(screen.getByTestId('logo-placement')).toHaveTextContent(
      'Logo placed at x 270, y 10 (8 × 2 dots) in free space of label 1, line 3',
    );
  });

  it('says where the logo went in Chinese', async () => {
    renderWithProviders(<ZplCreatorPage />, { lang: 'zh' });
    setZplEditorText(screen.getByLabelText('ZPL'), '^XA^PW20^LL20^FO0,0^GB20,20,20^FS^XZ');
    fireEvent.click(screen.getByRole('button', { name: /图标 → ZPL/ }));
    const dialog = await screen.findByRole('dialog');
    const file = new File([PNG_HEAD], 'logo.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('选择 PNG、JPEG 或 BMP 图片'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: /转\s?换/ }));
    await within(dialog).findByTestId('logo-size');
    fireEvent.click(within(dialog).getByRole('button', { name: '插入到标签' }));
    expect(await screen.findByTestId('logo-placement')).toHaveTextContent(
      '标签 1 上没有 8 × 2 点的空位：图标放在最后一个字段下方 x 10, y 30（第 1 行），请用它的 ^FO 调整位置',
    );
  });

  it('downloads the PDF on a sheet with the X-Page-* headers', async () => {
    // A fake clock from the first render: the preview's debounce passes in no wall-clock time.
    installFakeClock();
    renderWithProviders(<ZplCreatorPage />);
    setZplEditorText(screen.getByLabelText('ZPL'), '^XA^FO10,10^FDx^FS^XZ');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Print on sheet' }));
    await advanceClock(ZPL_PREVIEW_DEBOUNCE_MS);
    expect(screen.getByTestId('label-image')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /PDF/ }));
    await advanceClock(0);
    expect(calls.some((c) => new Headers(c.init?.headers).get('x-page-layout') === '2x3')).toBe(true);
    const pdfCall = calls.find((c) => new Headers(c.init?.headers).get('x-page-size') === 'A4')!;
    expect(new Headers(pdfCall.init?.headers).get('accept')).toBe('application/pdf');
    expect(new Headers(pdfCall.init?.headers).get('x-label-border')).toBe('Dashed');
  });
});
