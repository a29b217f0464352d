/**
 * What a typed time means. `valid` carries the stored form (`HH:mm`, or `HH:mm:ss` when seconds were typed);
 * `incomplete` can still become a time with more keystrokes ("14:3"); `impossible` cannot ("25:61", "ab").
 */
export type TimeText = { kind: 'empty' } | { kind: 'valid'; value: string } | { kind: 'incomplete' } | { kind: 'impossible' };

const pad = (n: number) => String(n).padStart(2, '0');
// Digits alone: H, HH (on the hour), HMM, HHMM, HHMMSS. With a separator (":" or the Italian "."): H:MM, HH:MM:SS,
// and a trailing separator after the hour ("14:").
const DIGITS = /^(\d{1,2}|\d{3,4}|\d{6})$/;
const SEPARATED = /^(\d{1,2})(?:[:.](\d{2})(?:[:.](\d{2}))?|[:.])$/;
const PARTIAL = /^(\d{1,2})[:.](\d?|\d{2}[:.]\d?)$|^\d{5}$/;

function timeOf(h: number, m: number, s: number | undefined): TimeText {
  if (h > 23 || m > 59 || (s !== undefined && s > 59)) return { kind: 'impossible' };
  return { kind: 'valid', value: `${pad(h)}:${pad(m)}${s === undefined ? '' : `:${pad(s)}`}` };
}

/** One regex or two per keystroke: the widget runs this on every change. */
export function readTime(input: string): TimeText {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  if (DIGITS.test(text)) {
    if (text.length <= 2) return timeOf(Number(text), 0, undefined);
    const h = text.length === 3 ? 1 : 2;
    return timeOf(Number(text.slice(0, h)), Number(text.slice(h, h + 2)), text.length === 6 ? Number(text.slice(4)) : undefined);
  }
  const m = SEPARATED.exec(text);
  if (m) return timeOf(Number(m[1]), m[2] === undefined ? 0 : Number(m[2]), m[3] === undefined ? undefined : Number(m[3]));
  const p = PARTIAL.exec(text);
  if (!p) return { kind: 'impossible' };
  // "25:", "14:7": no digit typed next can make these a time.
  if (p[1] !== undefined && (Number(p[1]) > 23 || /^[6-9]/.test(p[2]))) return { kind: 'impossible' };
  return { kind: 'incomplete' };
}

/** `HH:mm[:ss]` one step on: hours when `part` is 'hours', minutes otherwise, wrapping around the day. */
export function stepTime(value: string, part: 'hours' | 'minutes', delta: 1 | -1): string {
  const [h, m, s] = value.split(':').map(Number);
  const total = (((h * 60 + m + (part === 'hours' ? 60 * delta : delta)) % 1440) + 1440) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}${s === undefined ? '' : `:${pad(s)}`}`;
}
