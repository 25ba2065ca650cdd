import { copyToClipboard } from '@/lib/clipboard';
import { notify } from '@/lib/notify';

export const COPY_FAILED_MESSAGE = 'copy failed: the browser did not allow it';

/** Copies text and says so (`done`), or says the browser refused. Used by the memo and the tool tabs. */
export async function copyWithNotice(text: string, done: string, seconds?: number): Promise<void> {
  if (await copyToClipboard(text)) notify.success(done, seconds);
  else notify.error(COPY_FAILED_MESSAGE);
}
