import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard } from './clipboard';

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('copyToClipboard', () => {
  it('uses the Clipboard API when present', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await expect(copyToClipboard('794644790798')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('794644790798');
  });

  it('falls back to a hidden textarea when the Clipboard API is missing, and cleans up', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    let copied = '';
    document.execCommand = vi.fn(() => {
      copied =
        (document.activeElement as HTMLTextAreaElement | null)?.value ??
        document.querySelector('textarea')?.value ??
        '';
      return true;
    });
    await expect(copyToClipboard('hello')).resolves.toBe(true);
    expect(copied).toBe('hello');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back when the Clipboard API rejects (insecure context), and reports failure when both fail', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    document.execCommand = vi.fn(() => false);
    await expect(copyToClipboard('x')).resolves.toBe(false);
  });
});
