/**
 * A command's parameters read the way a printer reads them, against the command table: an enum takes
 * as many characters as its value has, a number its leading digits (as C's atoi does), and a value out
 * of range is clamped. Each correction is a warning.
 */
import { commandSpec } from './commands.js';
import type { ZplCommand } from './parse.js';
import { lintText, type Warn } from './warnings.js';

/** A parameter's value as the printer uses it: a number, an enum value or text; undefined = default. */
export type ParamValue = number | string | undefined;

/** Checks every parameter of `command` against the table; returns the values (undefined = default). */
export function checkParams(command: ZplCommand, warn: Warn): ParamValue[] {
  const spec = commandSpec(command.kind, command.code);
  const values: ParamValue[] = [];
  if (!spec) return values;
  spec.params.forEach((p, k) => {
    const param = command.params[k];
    const text = param?.text ?? '';
    if (text === '' || p.type === 'text') {
      values.push(text === '' ? undefined : text);
      return;
    }
    const label = `${p.name}`;
    if (p.type === 'enum') {
      // Printers read as many characters as the value takes and ignore the rest.
      const upper = text.toUpperCase();
      const v =
        upper.length > 1 ? [...p.values].sort((a, b) => b.length - a.length).find((x) => upper.startsWith(x)) : upper;
      if (v === undefined || !p.values.includes(v)) {
        const allowed = p.values.join(', ');
        const message =
          p.default !== undefined
            ? lintText('param-choice', { name: label, text, values: allowed, used: p.default })
            : lintText('param-choice-nodefault', { name: label, text, values: allowed });
        warn(command, k + 1, message, param);
        values.push(p.default);
      } else values.push(v);
      return;
    }
    // Printers read the leading number and ignore what follows (as C's atoi does).
    const pattern = p.type === 'int' ? /^[+-]?\d+/ : /^[+-]?(\d+(\.\d*)?|\.\d+)/;
    const lead = pattern.exec(text)?.[0];
    if (lead === undefined) {
      const message =
        p.default !== undefined
          ? lintText('param-number', { name: label, text, used: p.default })
          : lintText('param-number-nodefault', { name: label, text });
      warn(command, k + 1, message, param);
      values.push(p.default);
      return;
    }
    const value = p.type === 'int' ? parseInt(lead, 10) : Number(lead);
    if (value < p.min) {
      warn(command, k + 1, lintText('param-min', { name: label, value: lead, min: p.min }), param);
      values.push(p.min);
    } else if (value > p.max) {
      warn(command, k + 1, lintText('param-max', { name: label, value: lead, max: p.max }), param);
      values.push(p.max);
    } else values.push(value);
  });
  return values;
}
