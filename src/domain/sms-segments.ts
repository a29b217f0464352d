/**
 * How many SMS a text takes (spec 3 §2, the preview's counter). A text of GSM 03.38 characters (7 bits each; the
 * extension table's ^ { } \ [ ] ~ | € count twice) fits 160 characters in one SMS and 153 per part when split; any
 * other character makes the whole text UCS-2: 70 in one SMS, 67 per part (UTF-16 code units, so an emoji counts 2).
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;
export type SmsEncoding = keyof typeof SMS_LIMITS;

export interface SmsSize {
  encoding: SmsEncoding;
  /** Characters as the text shows them. */
  characters: number;
  /** Units the encoding counts: septets for GSM-7 (extension characters are two), UTF-16 code units for UCS-2. */
  units: number;
  segments: number;
  /** Units per SMS at this length: the single-SMS limit, or the per-part one once the text is split. */
  perSegment: number;
}

export function smsSize(text: string): SmsSize {
  const characters = [...text].length;
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (basic.has(ch)) septets += 1;
    else if (extended.has(ch)) septets += 2;
    else { gsm = false; break; }
  }
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const units = gsm ? septets : text.length;
  const limits = SMS_LIMITS[encoding];
  const split = units > limits.single;
  const segments = units === 0 ? 0 : split ? Math.ceil(units / limits.part) : 1;
  return { encoding, characters, units, segments, perSegment: split ? limits.part : limits.single };
}
