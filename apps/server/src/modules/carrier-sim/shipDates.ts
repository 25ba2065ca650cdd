/**
 * Dates as the carrier judges them (issue 39 item 6, docs/modules/carrier.md "Ship dates"): a ship
 * date may be today or up to 10 days ahead on the twin's clock; the dates the carrier documents'
 * own named example requests carry are accepted too.
 */
import { isCalendarDay } from '@lab/core/carrier';
import { DAY_MS } from '@lab/core/time';
import type { CarrierErrorEntry } from './errors.js';
import { RULE_MESSAGES } from './rules.js';

/** How many days ahead a shipment may be dated (the rate and ship documents: "not … more than 10 days in the future"). */
export const SHIP_DATE_ADVANCE_DAYS = 10;

/**
 * The ship-date rule: a date before the twin's today, or more than 10 days after it, is refused
 * with the carrier's code and message (the reason and the accepted range in parameterList). The
 * twin's convention, in both environments: the dates the operation's own named example requests
 * carry (`documentedDates`) are accepted whatever its clock says (the journey then starts today:
 * storeShipment). The playground's own samples are dated from the twin's clock (core's
 * samples.ts), so they need no exception. No date: today.
 */
export function shipDateProblem(
  date: string,
  today: string,
  documentedDates: ReadonlySet<string> = new Set(),
): CarrierErrorEntry | undefined {
  const day = date.slice(0, 10);
  if (!day || documentedDates.has(day)) return undefined;
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + SHIP_DATE_ADVANCE_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const reason = !isCalendarDay(day)
    ? 'not a date'
    : day < today
      ? 'in the past'
      : day > latest
        ? 'too far ahead'
        : undefined;
  if (!reason) return undefined;
  return {
    code: 'AVAILABILITY.SHIP.DATE.INVALID',
    message: RULE_MESSAGES.shipDate,
    parameterList: [
      { key: 'shipDatestamp', value: day },
      { key: 'reason', value: reason },
      { key: 'accepted', value: `${today} to ${latest}` },
    ],
  };
}
