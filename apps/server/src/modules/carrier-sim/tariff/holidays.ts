/**
 * Public holidays of a country, from the maintained `date-holidays` library (its rules per country,
 * not a hand-written list): the days the twin neither picks up nor delivers on. Only the library's
 * whole-day `public` holidays count (half days such as China's Women's Day afternoon do not).
 * Each country's year is computed once per process.
 */
import Holidays from 'date-holidays';

const byCountryYear = new Map<string, ReadonlyMap<string, string>>();

function holidaysOf(country: string, year: number): ReadonlyMap<string, string> {
  const key = `${country}|${year}`;
  let days = byCountryYear.get(key);
  if (!days) {
    const found = new Map<string, string>();
    // A country the library does not know has no holidays.
    for (const h of new Holidays(country).getHolidays(year)) {
      if (h.type !== 'public' || !h.date.endsWith(' 00:00:00')) continue;
      const date = h.date.slice(0, 10);
      if (!found.has(date)) found.set(date, h.name);
    }
    days = found;
    byCountryYear.set(key, days);
  }
  return days;
}

/** The name of the public holiday `isoDate` (YYYY-MM-DD) is in `country` (ISO alpha-2), or undefined. */
export function holidayName(country: string, isoDate: string): string | undefined {
  return holidaysOf(country.toUpperCase(), Number(isoDate.slice(0, 4))).get(isoDate.slice(0, 10));
}

export const isHoliday = (country: string, isoDate: string): boolean => holidayName(country, isoDate) !== undefined;
