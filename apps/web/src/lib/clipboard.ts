import { notify } from './notify';

/**
 * Copies text; falls back to a hidden textarea + execCommand where the Clipboard API is missing
 * (plain-http intranet hosts are not a secure context). Resolves false when both fail.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // fall through to the legacy path
    }
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export const COPY_FAILED_MESSAGE = 'copy failed: the browser did not allow it';

/** Copies text and says so (`done`), or says the browser refused. Used by the memo and the tool tabs. */
export async function copyWithNotice(text: string, done: string, seconds?: number): Promise<void> {
  if (await copyToClipboard(text)) notify.success(done, seconds);
  else notify.error(COPY_FAILED_MESSAGE);
}
