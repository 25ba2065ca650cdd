/**
 * The labels a ZPL stream prints, with stored formats: between `^XA` and `^XZ` fields collect in order;
 * a label with `^DF` is stored under its name instead of printed, and a label with `^XF` prints that
 * stored format first, its `^FN` fields filled by the label's own `^FNn^FD…^FS` (no origin).
 */
import type { ZplField, ZplLabelData } from './analyze.js';

interface FormatField {
  field: ZplField;
  fieldNumber?: number;
}

/** `R:` is the drive a format name without one is stored on. */
function formatName(text: string): string {
  const t = text.trim().toUpperCase();
  return t.includes(':') ? t : `R:${t}`;
}

export class PrintedLabels {
  readonly labels: ZplLabelData[] = [];
  private readonly formats = new Map<string, FormatField[]>();
  private fields: FormatField[] = [];
  private storeAs: string | undefined;
  private recall: string | undefined;
  private readonly fieldValues = new Map<number, string>();

  /** `^DF`: the current label is stored under this name, not printed. */
  storeFormat(name: string): void {
    this.storeAs = formatName(name);
  }

  /** `^XF`: the current label prints this stored format; answers its full name and whether it was stored. */
  recallFormat(name: string): { name: string; known: boolean } {
    this.recall = formatName(name);
    return { name: this.recall, known: this.formats.has(this.recall) };
  }

  /** True while the current label recalls a format (its `^FN` fields without origin fill that format). */
  get recalling(): boolean {
    return this.recall !== undefined;
  }

  /** The data for field `fieldNumber` of the recalled format. */
  fill(fieldNumber: number, data: string): void {
    this.fieldValues.set(fieldNumber, data);
  }

  add(field: ZplField, fieldNumber: number | undefined): void {
    this.fields.push(fieldNumber === undefined ? { field } : { field, fieldNumber });
  }

  /** `^XZ`: stores or prints the current label; `size` is its `^PW`/`^LL` when they are reported. */
  endLabel(size: { printWidth?: number; labelLength?: number }): void {
    if (this.storeAs) {
      this.formats.set(this.storeAs, this.fields);
    } else {
      let out: ZplField[] = this.fields.map((f) => f.field);
      if (this.recall) {
        const format = this.formats.get(this.recall) ?? [];
        out = [
          ...format.map((t) =>
            t.fieldNumber !== undefined && this.fieldValues.has(t.fieldNumber)
              ? { ...t.field, data: this.fieldValues.get(t.fieldNumber)! }
              : t.field,
          ),
          ...out,
        ];
      }
      this.labels.push({ index: this.labels.length, fields: out, ...size });
    }
    this.fields = [];
    this.storeAs = undefined;
    this.recall = undefined;
    this.fieldValues.clear();
  }
}
