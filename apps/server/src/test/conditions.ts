/**
 * Waits on conditions over state that changes as things arrive (stream chunks, bytes at a fake
 * printer): `until(check)` resolves once `check` holds, re-checked on every `changed()`. Without a
 * deadline the test's timeout bounds the wait.
 */
export class Conditions {
  private readonly waiting = new Set<() => void>();

  changed() {
    for (const w of [...this.waiting]) w();
  }

  /** With `deadline`, rejects with its message after its milliseconds, and `check` is not run again. */
  until(check: () => boolean, deadline?: { ms: number; message: string }): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = deadline
        ? setTimeout(() => {
            this.waiting.delete(w);
            reject(new Error(deadline.message));
          }, deadline.ms)
        : undefined;
      const w = () => {
        if (!check()) return;
        this.waiting.delete(w);
        clearTimeout(timer);
        resolve();
      };
      this.waiting.add(w);
      w();
    });
  }
}
