import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { textOf } from '@/test/blobs';
import { renderWithProviders } from '@/test/render';
import { fakeServer } from '@/test/fakeServer';
import type { LabelCheckReply } from './labelCheck';
import { LabelViewer } from './LabelViewer';
import { LabelServiceError, labelUrl } from './labelService';

let created: Blob[];
let opened: string[];
let clicked: Array<{ href: string; download: string }>;

beforeEach(() => {
  created = [];
  opened = [];
  clicked = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        created.push(b);
        return `blob:${created.length}`;
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(window, 'open').mockImplementation((url) => {
    opened.push(String(url));
    return null;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const png = (n: number) => new Blob([`png ${n}`], { type: 'image/png' });

describe('LabelViewer', () => {
  it('zooms in steps, turns the image 180°, pages through labels and opens the current one in a new tab', async () => {
    const onRotation = vi.fn();
    const second = png(2);
    renderWithProviders(<LabelViewer kind="png" blobs={[png(1), second]} onRotationChange={onRotation} />);
    expect(screen.getByRole('button', { name: 'Actual size' })).toHaveTextContent('50%');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByRole('button', { name: 'Actual size' })).toHaveTextContent('67%');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByRole('button', { name: 'Actual size' })).toHaveTextContent('33%');

    fireEvent.click(screen.getByRole('button', { name: /Rotate 180/ }));
    expect(onRotation).toHaveBeenCalledWith(180);
    expect(screen.getByTestId('label-holder').style.transform).toBe('rotate(180deg)');

    expect(screen.getByTestId('label-page')).toHaveTextContent('Label 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next label' }));
    expect(screen.getByTestId('label-page')).toHaveTextContent('Label 2 of 2');
    expect(screen.getByTestId('label-image')).toHaveAttribute('alt', 'label 2');
    fireEvent.click(screen.getByRole('button', { name: /Open in new tab/ }));
    expect(opened).toHaveLength(1);
    expect(created.at(-1)).toBe(second);
  });

  it('leaves turning to the service when rotation is controlled, and saves downloads made on demand', async () => {
    const pdf = new Blob(['%PDF-'], { type: 'application/pdf' });
    renderWithProviders(
      <LabelViewer
        kind="png"
        blobs={[png(1)]}
        total={1}
        rotation={180}
        onRotationChange={() => {}}
        downloads={[
          { key: 'zpl', label: 'ZPL', fileName: 'label.zpl', blob: new Blob(['^XA^XZ']) },
          { key: 'pdf', label: 'PDF', fileName: (page) => `label-${page + 1}.pdf`, blob: async () => pdf },
        ]}
      />,
    );
    expect(screen.getByTestId('label-holder').style.transform).toBe('');
    expect(screen.queryByTestId('label-page')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download ZPL' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked.map((c) => c.download)).toEqual(['label.zpl', 'label-1.pdf']));
    expect(created).toContain(pdf);
  });

  it('words a label the engine fails on: could not be rendered, the last command, the engine message as detail', () => {
    const error = new LabelServiceError('The label could not be rendered', {
      message: 'The label could not be rendered',
      code: 'label-not-rendered',
      detail: 'Unexpected error: runtime error: integer divide by zero',
      lastCommand: { name: '^GF', text: '^GFA,0,0,0,', offset: 39, line: 3, column: 9 },
    });
    const { unmount } = renderWithProviders(<LabelViewer kind="png" blobs={[]} error={error} />);
    expect(screen.getByTestId('label-error')).toHaveTextContent(
      'The label could not be rendered: the engine failed after ^GF at line 3, column 9 (the last command it read)',
    );
    expect(screen.getByTestId('label-error-detail')).toHaveTextContent(
      'Engine message: Unexpected error: runtime error: integer divide by zero',
    );
    unmount();
    renderWithProviders(<LabelViewer kind="png" blobs={[]} error={error} />, { lang: 'zh' });
    expect(screen.getByTestId('label-error')).toHaveTextContent(
      '无法渲染此标签：渲染引擎在第 3 行第 9 列的 ^GF 之后出错（这是它读取的最后一条命令）',
    );
    expect(screen.getByTestId('label-error-detail')).toHaveTextContent(
      '引擎消息：Unexpected error: runtime error: integer divide by zero',
    );
  });

  it('shows the service error instead of a label', () => {
    renderWithProviders(<LabelViewer kind="png" blobs={[]} error="Error rendering: no labels parsed" />);
    expect(screen.getByTestId('label-error')).toHaveTextContent('Error rendering: no labels parsed');
  });
});

describe('LabelViewer Check', () => {
  const reply: LabelCheckReply = {
    source: 'zpl',
    dpmm: 8,
    widthDots: 813,
    heightDots: 1220,
    verdict: 'fail',
    labels: [
      {
        index: 0,
        verdict: 'fail',
        symbols: [
          {
            symbology: 'Code 128',
            text: '794000000014',
            box: { x: 100, y: 200, width: 400, height: 150 },
            field: {
              x: 100,
              y: 200,
              symbology: 'Code 128',
              data: '>;794000000014',
              byteIndex: 20,
              expected: '794000000014',
            },
            verdict: 'pass',
            warnings: [],
          },
          {
            symbology: 'QR Code',
            text: null,
            box: null,
            field: { x: 700, y: 100, symbology: 'QR Code', data: 'QA,HELLO', byteIndex: 60, expected: 'HELLO' },
            verdict: 'fail',
            warnings: ['the QR Code symbol does not decode: it is at least 126 dots wide'],
          },
        ],
        shipment: [
          {
            item: 'trackingNumber',
            expected: '794000000014',
            found: '794000000014',
            ok: true,
            message: 'a symbol carries the tracking number 794000000014',
          },
        ],
      },
    ],
  };

  it('sends the ZPL and the shipment reply, draws the boxes over the label and lists each symbol ✓/✗', async () => {
    const { fetchMock } = fakeServer({ 'POST /labels/v1/printers/:dpmm/labels/:size/check': () => ({ body: reply }) });
    const shipment = { reply: { output: { transactionShipments: [] } }, trackingNumber: '794000000014' };
    renderWithProviders(
      <LabelViewer
        kind="png"
        blobs={[png(1)]}
        check={{ kind: 'zpl', zpl: '^XA^FO100,200^BCN^FD>;794000000014^FS^XZ', dpmm: 8, size: '4x6', shipment }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Check/ }));
    await screen.findByTestId('check-results');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/lab/api/labels/v1/printers/8dpmm/labels/4x6/check');
    const form = init!.body as FormData;
    const file = form.get('file') as File;
    const text = await textOf(file);
    expect([file.name, text]).toEqual(['label.zpl', '^XA^FO100,200^BCN^FD>;794000000014^FS^XZ']);
    expect(form.get('reply')).toBe(JSON.stringify(shipment.reply));
    expect(form.get('trackingNumber')).toBe('794000000014');

    // At the default 50% zoom a dot is half a pixel.
    const boxes = screen.getAllByTestId('check-box');
    expect(boxes).toHaveLength(1);
    expect([boxes[0]!.style.left, boxes[0]!.style.top, boxes[0]!.style.width]).toEqual(['50px', '100px', '200px']);
    expect(boxes[0]).toHaveAttribute('data-verdict', 'pass');
    expect(boxes[0]).toHaveTextContent('✓');

    expect(screen.getByTestId('check-summary')).toHaveTextContent('1 of 2 symbols fail');
    const lines = screen.getAllByTestId('check-symbol');
    expect(lines.map((l) => l.getAttribute('data-verdict'))).toEqual(['pass', 'fail']);
    expect(lines[0]).toHaveTextContent('✓Code 128 794000000014');
    expect(lines[0]).toHaveTextContent('ZPL field at 100,200: >;794000000014');
    expect(lines[1]).toHaveTextContent('✗QR Code not decoded');
    expect(lines[1]).toHaveTextContent('the QR Code symbol does not decode: it is at least 126 dots wide');
    expect(screen.getByTestId('check-shipment')).toHaveTextContent(
      '✓a symbol carries the tracking number 794000000014',
    );
  });

  it('sends the shown PNG for a label without ZPL, and shows the service message when the check fails', async () => {
    const { fetchMock } = fakeServer({
      'POST /labels/v1/printers/:dpmm/labels/:size/check': () => ({
        status: 422,
        body: { message: 'Error rendering' },
      }),
    });
    const shown = png(1);
    renderWithProviders(<LabelViewer kind="png" blobs={[shown]} check={{ kind: 'image' }} />);
    fireEvent.click(screen.getByRole('button', { name: /Check/ }));
    expect(await screen.findByText('The check failed: Error rendering')).toBeInTheDocument();
    expect(((fetchMock.mock.calls[0]![1]!.body as FormData).get('file') as Blob).size).toBe(shown.size);
  });

  it('checks every label at once and keeps each label’s results with it while paging', async () => {
    const symbol = (text: string) => ({ ...reply.labels[0]!.symbols[0]!, text });
    const twoLabels: LabelCheckReply = {
      ...reply,
      verdict: 'pass',
      labels: [
        { index: 0, verdict: 'pass', symbols: [symbol('794000000014')] },
        { index: 1, verdict: 'pass', symbols: [symbol('794000000025')] },
      ],
    };
    const { fetchMock } = fakeServer({
      'POST /labels/v1/printers/:dpmm/labels/:size/check': () => ({ body: twoLabels }),
    });
    renderWithProviders(
      <LabelViewer
        kind="png"
        blobs={[png(1), png(2)]}
        check={{ kind: 'zpl', zpl: '^XA^FD1^FS^XZ^XA^FD2^FS^XZ', dpmm: 8, size: '4x6' }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Check/ }));
    expect(await screen.findByTestId('check-symbol')).toHaveTextContent('794000000014');
    fireEvent.click(screen.getByRole('button', { name: 'Next label' }));
    expect(screen.getByTestId('check-symbol')).toHaveTextContent('794000000025');
    fireEvent.click(screen.getByRole('button', { name: 'Previous label' }));
    expect(screen.getByTestId('check-symbol')).toHaveTextContent('794000000014');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('checks every PNG label of a shipment, each against its own piece', async () => {
    const pieces = ['794000000014', '794000000025'];
    let call = 0;
    const { fetchMock } = fakeServer({
      'POST /labels/v1/printers/:dpmm/labels/:size/check': () => {
        const piece = pieces[call++]!;
        return {
          body: {
            ...reply,
            source: 'image' as const,
            labels: [
              { index: 0, verdict: 'pass' as const, symbols: [{ ...reply.labels[0]!.symbols[0]!, text: piece }] },
            ],
          },
        };
      },
    });
    renderWithProviders(
      <LabelViewer
        kind="png"
        blobs={[png(1), png(2)]}
        check={{ kind: 'image', shipment: { trackingNumber: '794000000014,794000000025' } }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Check/ }));
    expect(await screen.findByTestId('check-symbol')).toHaveTextContent('794000000014');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map((c) => (c[1]!.body as FormData).get('trackingNumber'))).toEqual(pieces);
    fireEvent.click(screen.getByRole('button', { name: 'Next label' }));
    expect(await screen.findByTestId('check-symbol')).toHaveTextContent('794000000025');
  });

  it('offers no Check without a source', () => {
    renderWithProviders(<LabelViewer kind="png" blobs={[png(1)]} />);
    expect(screen.queryByRole('button', { name: /Check/ })).not.toBeInTheDocument();
  });
});

describe('labelUrl', () => {
  it('builds the public ZPL API shape under the configured base', () => {
    expect(labelUrl('/lab/api/labels', { dpmm: 8, size: '4x6', rotation: 0, format: 'png', index: 0 })).toBe(
      '/lab/api/labels/v1/printers/8dpmm/labels/4x6/0/',
    );
    expect(labelUrl('https://labels.example.test/', { dpmm: 12, size: '4x6.75', rotation: 180, format: 'pdf' })).toBe(
      'https://labels.example.test/v1/printers/12dpmm/labels/4x6.75/',
    );
  });
});
