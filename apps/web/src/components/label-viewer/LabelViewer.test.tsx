import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { LabelViewer } from './LabelViewer';
import { labelUrl } from './labelService';

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
    expect(screen.getByTestId('label-image').style.transform).toBe('rotate(180deg)');

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
    expect(screen.getByTestId('label-image').style.transform).toBe('');
    expect(screen.queryByTestId('label-page')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download ZPL' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked.map((c) => c.download)).toEqual(['label.zpl', 'label-1.pdf']));
    expect(created).toContain(pdf);
  });

  it('shows the service error instead of a label', () => {
    renderWithProviders(<LabelViewer kind="png" blobs={[]} error="Error rendering: no labels parsed" />);
    expect(screen.getByTestId('label-error')).toHaveTextContent('Error rendering: no labels parsed');
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
