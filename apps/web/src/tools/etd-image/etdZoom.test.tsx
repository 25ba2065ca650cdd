import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CropperProps } from 'react-easy-crop';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import EtdImagePage from './EtdImagePage';

// jsdom lays nothing out and loads no image: the cropper is replaced by a stand-in that keeps the
// props the page gives it, and the test tells the page what the real cropper would measure.
const cropper: { props?: Partial<CropperProps> } = {};
vi.mock('react-easy-crop', () => ({
  default: (props: Partial<CropperProps>) => {
    cropper.props = props;
    return <div data-testid="cropper" />;
  },
}));

beforeEach(() => {
  cropper.props = undefined;
  fakeServer({ 'GET /config': () => ({ body: clientConfig() }) });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:image', revokeObjectURL: () => {} }));
});

async function uploadSignature() {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(input, new File([new Uint8Array([1])], 'signature.png', { type: 'image/png' }));
  // A 600×200 image shown at its own size in the 720×400 cropper (not scaled down).
  act(() => cropper.props!.onMediaLoaded!({ width: 600, height: 200, naturalWidth: 600, naturalHeight: 200 }));
  await userEvent.click(screen.getByText('Signature'));
}

/** Clicks Zoom out until it is disabled (at most `limit` times); returns how many clicks it took. */
async function zoomOutFully(limit = 30) {
  const button = screen.getByRole('button', { name: /Zoom out/ });
  let clicks = 0;
  while (!(button as HTMLButtonElement).disabled && clicks < limit) {
    await userEvent.click(button);
    clicks++;
  }
  return clicks;
}

describe('ETD image zoom', () => {
  it('with Lock Size, zooms a 600×200 signature out until the whole image fits the 100×25 frame', async () => {
    renderWithProviders(<EtdImagePage />);
    await uploadSignature();
    await userEvent.click(screen.getByRole('switch', { name: 'Lock Size' }));
    expect(cropper.props!.cropSize).toEqual({ width: 100, height: 25 });
    expect(screen.getByTestId('etd-zoom')).toHaveTextContent('Zoom 100 %');

    const clicks = await zoomOutFully();
    expect(clicks).toBeLessThan(30);
    // 200 px tall into a 25 px frame: 1/8. The image may leave the frame's edges free, so the
    // position is no longer held inside the image.
    expect(cropper.props!.zoom).toBeCloseTo(0.125, 6);
    expect(cropper.props!.minZoom).toBeCloseTo(0.125, 6);
    expect(cropper.props!.restrictPosition).toBe(false);
    expect(cropper.props!.crop).toEqual({ x: 0, y: 0 });
    expect(screen.getByTestId('etd-zoom')).toHaveTextContent('Zoom 13 % (whole image)');
    expect(screen.getByRole('button', { name: /Zoom in/ })).toBeEnabled();
  });

  it('without Lock Size, stops where the whole image fits the frame the cropper drew', async () => {
    renderWithProviders(<EtdImagePage />);
    await uploadSignature();
    // The unlocked frame at 4:1 in the 600×200 image: 600×150; the whole image fits at 150/200.
    act(() => cropper.props!.onCropSizeChange!({ width: 600, height: 150 }));
    await zoomOutFully();
    expect(cropper.props!.zoom).toBeCloseTo(0.75, 6);
    // Locking a smaller frame lets it go further; unlocking brings the zoom back to what fits.
    await userEvent.click(screen.getByRole('switch', { name: 'Lock Size' }));
    await zoomOutFully();
    expect(cropper.props!.zoom).toBeCloseTo(0.125, 6);
    await userEvent.click(screen.getByRole('switch', { name: 'Lock Size' }));
    expect(cropper.props!.zoom).toBeCloseTo(0.75, 6);
  });

  it('speaks Chinese', async () => {
    renderWithProviders(<EtdImagePage />, { lang: 'zh' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File([new Uint8Array([1])], 'signature.png', { type: 'image/png' }));
    expect(screen.getByTestId('etd-zoom')).toHaveTextContent('缩放 100 %');
  });
});
