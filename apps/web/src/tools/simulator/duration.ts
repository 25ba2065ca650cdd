import { parseIsoDuration } from '@lab/core/simulator';
import { fillMessage } from '@/lib/i18n';
import type { SimulatorMessages } from './messages';

/** The message for a duration typed in the clock's free field, undefined when it can be sent. */
export function durationProblem(m: SimulatorMessages, text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return m.durationRequired;
  const ms = parseIsoDuration(trimmed);
  if (ms === undefined) return fillMessage(m.durationMalformed, { text: trimmed });
  if (ms <= 0) return m.durationZero;
  return undefined;
}
