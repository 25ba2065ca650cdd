/**
 * A ZPL the engine fails on ("poison" label): said in our words — the label could not be rendered
 * and the last command the engine read before it failed — with the engine's own message as detail.
 * The command is found by rendering ever shorter beginnings of the ZPL (each closed with ^XZ),
 * a binary search: about log2(commands) renders, paid only when a render fails.
 */
import { z } from 'zod';
import { parseZpl, positionOfByte, type ZplCommand } from '@lab/core/labels/zpl';
import { bytesToText } from '@lab/core/json';
import { RenderError } from './pool.js';

/** The command the engine read last before it failed, where it is in the ZPL. */
export interface LastCommand {
  /** `^GF`, as written with the default prefixes. */
  name: string;
  /** The command as written (at most 40 characters). */
  text: string;
  /** Byte offset, and 1-based line and column. */
  offset: number;
  line: number;
  column: number;
}

export class LabelNotRenderedError extends RenderError {
  override name = 'LabelNotRenderedError';
  constructor(
    readonly detail: string,
    readonly lastCommand: LastCommand | undefined,
  ) {
    super(
      lastCommand
        ? `The label could not be rendered: the engine failed after ${lastCommand.name} at line ${lastCommand.line}, column ${lastCommand.column} (the last command it read)`
        : 'The label could not be rendered: the engine failed',
    );
  }
}

/** The 4xx body of a render route: the message, and for a label that could not be rendered the engine's words and the last command. */
export const renderFailureReply = z.object({
  message: z.string(),
  code: z.literal('label-not-rendered').optional(),
  detail: z.string().optional(),
  lastCommand: z
    .object({
      name: z.string(),
      text: z.string(),
      offset: z.number().int(),
      line: z.number().int(),
      column: z.number().int(),
    })
    .optional(),
});

export function renderFailureBody(err: Error): z.input<typeof renderFailureReply> {
  if (!(err instanceof LabelNotRenderedError)) return { message: err.message };
  return {
    message: err.message,
    code: 'label-not-rendered',
    detail: err.detail,
    ...(err.lastCommand ? { lastCommand: err.lastCommand } : {}),
  };
}

/**
 * The engine failing inside (a Go runtime error: `Unexpected error: runtime error: integer divide
 * by zero`), as opposed to the engine refusing input in words of its own (`Error rendering: …
 * invalid qr barcode data`, answered as they are) and our own refusals.
 */
export const isEngineFailure = (err: unknown): err is RenderError =>
  err instanceof RenderError &&
  !(err instanceof LabelNotRenderedError) &&
  /^Unexpected error\b|runtime error/.test(err.message);

/**
 * The last command before the engine fails: the shortest beginning of the ZPL whose render fails
 * ends with it. `fails(zpl)` renders a beginning; undefined when even the whole ZPL renders then.
 */
export async function lastCommandBeforeFailure(
  zpl: Uint8Array,
  fails: (zpl: string) => Promise<boolean>,
): Promise<LastCommand | undefined> {
  const text = bytesToText(zpl);
  const commands = parseZpl(zpl).tokens.filter((t): t is ZplCommand => t.type === 'command');
  const bytes = zpl;
  const upTo = (k: number) => {
    const end = commands[k]!.offset + commands[k]!.length;
    return `${bytesToText(bytes.subarray(0, end))}^XZ`;
  };
  let lo = 0;
  let hi = commands.length - 1;
  if (hi < 0 || !(await fails(upTo(hi)))) return undefined;
  // Invariant: the beginning up to `hi` fails; find the smallest such `hi`.
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (await fails(upTo(mid))) hi = mid;
    else lo = mid + 1;
  }
  const command = commands[hi]!;
  const written = bytesToText(bytes.subarray(command.offset, command.offset + command.length));
  const { line, column } = positionOfByte(text, command.offset);
  return {
    name: command.name,
    text: written.length > 40 ? `${written.slice(0, 39)}…` : written,
    offset: command.offset,
    line,
    column,
  };
}
