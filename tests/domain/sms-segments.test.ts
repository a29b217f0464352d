import { smsSize } from '@domain/sms-segments';

/** The SMS preview's counter (spec 3 §2; issue 16): GSM-7 160/153, UCS-2 70/67. */
describe('smsSize', () => {
  it('counts nothing for an empty text', () => {
    expect(smsSize('')).toEqual({ encoding: 'GSM-7', characters: 0, units: 0, segments: 0, perSegment: 160 });
  });

  it('GSM-7: 160 characters in one SMS, then parts of 153', () => {
    expect(smsSize('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', units: 161, segments: 2, perSegment: 153 });
    expect(smsSize('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSize('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it("Italian accented letters of the GSM alphabet stay GSM-7; the extension table's characters count twice", () => {
    expect(smsSize('Perché è già là, città')).toMatchObject({ encoding: 'GSM-7', characters: 22, units: 22 });
    expect(smsSize('Prezzo: 20€ [promo]')).toMatchObject({ encoding: 'GSM-7', characters: 19, units: 22 });
    expect(smsSize('€'.repeat(80))).toMatchObject({ units: 160, segments: 1 });
    expect(smsSize('€'.repeat(81))).toMatchObject({ units: 162, segments: 2 });
  });

  it('any other character makes the text UCS-2: 70 in one SMS, then parts of 67', () => {
    expect(smsSize('È'.repeat(70))).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1, perSegment: 70 });
    expect(smsSize(`${'a'.repeat(70)}ó`)).toMatchObject({ encoding: 'UCS-2', units: 71, segments: 2, perSegment: 67 });
    expect(smsSize('a'.repeat(134) + 'ł')).toMatchObject({ units: 135, segments: 3 });
    // An emoji is two UTF-16 units: one character, two units.
    expect(smsSize('ciao 😀')).toMatchObject({ encoding: 'UCS-2', characters: 6, units: 7, segments: 1 });
  });
});
