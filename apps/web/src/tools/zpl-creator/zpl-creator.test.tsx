import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { seededRandom } from '@lab/core/labels';
import { isValidExpressTracking } from '@lab/core/shipping';
import { ZPL_PREVIEW_DEBOUNCE_MS } from '@/components/label-viewer';
import { renderWithProviders } from '@/test/render';
import { clientConfig, fakeServer } from '@/test/fakeServer';
import { zplEditorText } from '@/test/zplEditor';
import { advanceClock, installFakeClock } from '@/test/fakeClock';
import ZplCreatorPage from './ZplCreatorPage';

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let bodies: string[];

beforeEach(() => {
  bodies = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:label', revokeObjectURL: () => {} }));
  fakeServer(
    { 'GET /config': () => ({ body: clientConfig({ labelServiceUrl: '/lab/api/labels' }) }) },
    {
      // The label renderer (PNG, outside the route table).
      elsewhere: async (_url, init) => {
        bodies.push(String(init?.body));
        return new Response(PNG_HEAD, { headers: { 'content-type': 'image/png', 'x-total-count': '1' } });
      },
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ZPL creator', () => {
  it('fills a different valid sample label on every test! click and previews it', async () => {
    // A fake clock from the first render: the preview's debounce passes in no wall-clock time.
    installFakeClock();
    renderWithProviders(<ZplCreatorPage random={seededRandom(11)} now={() => new Date('2026-11-22T08:00:00Z')} />);
    fireEvent.click(screen.getByRole('button', { name: /test!/ }));
    const area = screen.getByLabelText('ZPL');
    const first = zplEditorText(area);
    expect(first).toMatch(/^\^XA/);
    expect(first).toContain('SHIP DATE: 22NOV26');
    const tracking = screen.getByTestId('sample-tracking').textContent!.replace('tracking ', '');
    expect(isValidExpressTracking(tracking)).toBe(true);
    expect(first).toContain(`^FD>;${tracking}^FS`);
    await advanceClock(ZPL_PREVIEW_DEBOUNCE_MS);
    expect(screen.getByTestId('label-image')).toBeInTheDocument();
    expect(bodies).toContain(first);

    fireEvent.click(screen.getByRole('button', { name: /test!/ }));
    expect(zplEditorText(area)).not.toBe(first);
    expect(screen.getByRole('button', { name: /Download ZPL/ })).toBeEnabled();
  });
});
