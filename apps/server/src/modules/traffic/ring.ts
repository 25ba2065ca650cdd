/** One kept value and the bytes it counts. */
export interface Slot<T> {
  readonly value: T;
  bytes: number;
  /** False once evicted or cleared. */
  alive: boolean;
}

/**
 * Values kept oldest first, bounded by count and by bytes: past either bound the oldest go. A
 * value's bytes may be recounted once known (`resize`). Adding and evicting are O(1) amortised:
 * evicted slots are cut from the array in batches.
 */
export class BoundedRing<T> {
  private slots: Slot<T>[] = [];
  /** Index of the oldest kept slot. */
  private head = 0;
  private bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  /** Values kept now. */
  size(): number {
    return this.slots.length - this.head;
  }

  /** Keeps a value counted as `bytes` (the oldest go past a bound, this one too if it alone is past them). */
  push(value: T, bytes: number): Slot<T> {
    const slot: Slot<T> = { value, bytes, alive: true };
    this.slots.push(slot);
    this.bytes += bytes;
    this.evict();
    return slot;
  }

  /** Recounts a kept value's bytes (nothing for one already gone). */
  resize(slot: Slot<T>, bytes: number): void {
    if (!slot.alive) return;
    this.bytes += bytes - slot.bytes;
    slot.bytes = bytes;
    this.evict();
  }

  /** Up to `limit` values, newest first. */
  newest(limit: number): T[] {
    const out: T[] = [];
    for (let i = this.slots.length - 1; i >= this.head && out.length < limit; i--) out.push(this.slots[i]!.value);
    return out;
  }

  /** Drops every value; how many there were. */
  clear(): number {
    const n = this.size();
    for (let i = this.head; i < this.slots.length; i++) this.slots[i]!.alive = false;
    this.slots = [];
    this.head = 0;
    this.bytes = 0;
    return n;
  }

  private evict(): void {
    while (this.size() > 0 && (this.size() > this.maxEntries || this.bytes > this.maxBytes)) {
      const oldest = this.slots[this.head]!;
      this.bytes -= oldest.bytes;
      oldest.alive = false;
      this.slots[this.head] = undefined as never;
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.slots.length) {
      this.slots.splice(0, this.head);
      this.head = 0;
    }
  }
}
