import { STATUS_TEXTS } from './status-texts';

/**
 * Formats the insight screens share (spec 3 §9): tables show DD/MM/YYYY HH:mm:ss in every language, reports send
 * YYYY-MM-DD days; charts show DD/MM HH:mm hours and DD/MM/YYYY days; figures follow the language (numbers).
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY HH:mm:ss in the browser's time zone: the one table format (ui/date-time.ts). */
export { formatDateTime } from './date-time';

/** A chart's hour (DD/MM HH:mm) and day (DD/MM/YYYY): the spec's day-month order and 24-hour clock in every language. */
export const formatChartHour = (value: string): string => {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : `${pad(d.getDate())}/${pad(d.getMonth() + 1)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
export const formatChartDay = (day: string): string => {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}/${m}/${y}` : day;
};

/** YYYY-MM-DD of a local date. */
export const isoDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The local midnight starting `day` (YYYY-MM-DD), and the last millisecond of it. */
export const startOfDay = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 0, 0, 0, 0);
};
export const endOfDay = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59, 999);
};

/** The browser's IANA time zone, which the server counts days and hours in. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Rome';
  } catch {
    return 'Europe/Rome';
  }
};

export const numberFormat = (language: string, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(language, options);

/** The text of an HTTP status, as browsers show it (HTTP/2 answers carry none of their own). */
export const statusText = (status: number | null | undefined): string => (status ? (STATUS_TEXTS[status] ?? `HTTP ${status}`) : '');
