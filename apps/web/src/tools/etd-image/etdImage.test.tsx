import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import EtdImagePage from './EtdImagePage';

beforeEach(() => {
  fakeServer({ 'GET /config': () => ({ body: clientConfig() }) });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:image', revokeObjectURL: () => {} }));
});

async function upload(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(input, file, { applyAccept: false });
}

const controls = () => [
  screen.getByRole('button', { name: /Zoom in/ }),
  screen.getByRole('button', { name: /Zoom out/ }),
  screen.getByRole('radio', { name: 'Letter head' }),
  screen.getByRole('radio', { name: 'Signature' }),
  screen.getByRole('switch', { name: 'Lock Size' }),
  screen.getByRole('switch', { name: 'Recommended Size' }),
];

describe('ETD image cropper', () => {
  it('shows every control from the start, disabled until an image is chosen', async () => {
    renderWithProviders(<EtdImagePage />);
    for (const c of controls()) expect(c).toBeDisabled();
    expect(screen.getByRole('button', { name: /Download/ })).toBeDisabled();
    // Sending to the playground needs a cropped result too (the e2e test follows it to the Image Upload form).
    expect(screen.getByRole('button', { name: /Send to FAPI Playground/ })).toBeDisabled();
    expect(screen.getByTestId('etd-output-size')).toHaveTextContent('Output 200×50 PNG');

    await upload(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    for (const c of controls()) expect(c).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Letter head' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Recommended Size' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Lock Size' })).not.toBeChecked();
  });

  it('alerts with the allowed types for any other file', async () => {
    renderWithProviders(<EtdImagePage />);
    await upload(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only gif, jpg, jpeg, png and bmp images are allowed');
    for (const c of controls()) expect(c).toBeDisabled();
  });

  it('switches the output size with Letter head / Signature and Recommended Size', async () => {
    renderWithProviders(<EtdImagePage />);
    await upload(new File([new Uint8Array([1])], 'sig.JPG', { type: 'image/jpeg' }));
    const output = screen.getByTestId('etd-output-size');
    // antd's button-style radios hide their input: click the visible button.
    await userEvent.click(screen.getByText('Signature'));
    expect(output).toHaveTextContent('Output 100×25 PNG');
    await userEvent.click(screen.getByRole('switch', { name: 'Recommended Size' }));
    expect(output).toHaveTextContent('Output 240×25 PNG');
    await userEvent.click(screen.getByText('Letter head'));
    expect(output).toHaveTextContent('Output 700×50 PNG');
    // The preview canvas is the result at its real pixel size.
    const preview = screen.getByTestId('etd-preview');
    expect([preview.getAttribute('width'), preview.getAttribute('height')]).toEqual(['700', '50']);
  });

  it('speaks Chinese', () => {
    renderWithProviders(<EtdImagePage />, { lang: 'zh' });
    expect(screen.getByRole('radio', { name: '签名' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: '推荐尺寸' })).toBeDisabled();
  });
});
