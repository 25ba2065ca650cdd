/**
 * An ISO timestamp as the screens write it, `YYYY-MM-DD HH:mm:ss` in one time zone (the webhook
 * list in Asia/Shanghai, the print history in UTC); text that is not a date is shown as it came.
 */
export function dateTimeIn(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  return (iso) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : format.format(d);
  };
}
