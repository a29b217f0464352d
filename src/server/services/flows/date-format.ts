/**
 * DATA/ORA of the reference search: an instant written in a time zone with the tokens YYYY MM DD HH mm ss
 * (anything else is copied as it is), e.g. DD/MM/YYYY HH:mm:ss in Europe/Rome.
 */

const cache = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = cache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    cache.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function formatInstant(at: Date, pattern: string, timeZone: string): string {
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  const tokens: Record<string, string> = { YYYY: parts.year, MM: parts.month, DD: parts.day, HH: parts.hour, mm: parts.minute, ss: parts.second };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token]);
}
