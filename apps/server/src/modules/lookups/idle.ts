import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | undefined;

/**
 * Runs a full garbage collection. Dropping a large value frees nothing by itself on a quiet server
 * (no allocation, so no collection): idle memory would stay at its peak. V8's `gc` is exposed for
 * this one call site without a command-line flag.
 */
export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}

/**
 * A value built on first use and dropped after `idleMs` without use (e.g. the city table): idle
 * memory returns to its resting size, and the next use builds it again. A build's own garbage
 * (a large one: the city data file, its strings before packing) is collected once it is done, so
 * memory settles at the value's size instead of the build's peak.
 */
export class IdleCache<T> {
  private value: Promise<T> | undefined;
  /** The held value has finished building. */
  private built = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly build: () => Promise<T>,
    private readonly idleMs: number,
  ) {}

  /** The value (built now if not held). */
  get(): Promise<T> {
    this.value ??= this.build().then(
      (value) => {
        collectGarbage();
        this.built = true;
        return value;
      },
      (err: unknown) => {
        this.value = undefined;
        throw err;
      },
    );
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.value = undefined;
      this.built = false;
      collectGarbage();
    }, this.idleMs);
    this.timer.unref();
    return this.value;
  }

  /** Drops the value now, and its timer. */
  clear(): void {
    clearTimeout(this.timer);
    this.value = undefined;
    this.built = false;
  }

  /** Whether the value is held now (tests). */
  get held(): boolean {
    return this.value !== undefined;
  }

  /** Whether the value is built and held: a `get()` now answers without building. */
  get ready(): boolean {
    return this.value !== undefined && this.built;
  }
}
