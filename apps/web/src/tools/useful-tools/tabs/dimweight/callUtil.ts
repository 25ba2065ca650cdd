import { errorMessage, isUtilError, postUtil } from '@/lib/api';
import { notify } from '@/lib/notify';

/** The calculators show the server's message/msg in an error toast this long (seconds). */
export const UTIL_ERROR_SECONDS = 3;

/** A required field left empty: the same short toast. */
export function warnRequired(message: string) {
  notify.error(message, UTIL_ERROR_SECONDS);
}

/**
 * POSTs to a utility endpoint and returns its body, or undefined after showing the server's
 * `message`/`msg` (HTTP errors and `tag: "error"` bodies alike) in a 3-second toast.
 */
export async function callUtil<T extends { tag?: string }>(path: string, body: unknown): Promise<T | undefined> {
  try {
    const { status, statusText, data } = await postUtil<T>(path, body);
    if (data?.tag === 'error') {
      notify.error(errorMessage(status, statusText, data), UTIL_ERROR_SECONDS);
      return undefined;
    }
    return data;
  } catch (err) {
    const message = isUtilError(err) ? errorMessage(err.status, err.statusText, err.data) : (err as Error).message;
    notify.error(message, UTIL_ERROR_SECONDS);
    return undefined;
  }
}
