import { randomInt } from 'node:crypto';
import { PASSWORD_SPECIAL_CHARACTERS } from '@domain/constants';
import { hashPassword, passwordRuleViolations, type ScryptParams } from '../../auth/password';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const CLASSES = [LOWER, UPPER, DIGITS, PASSWORD_SPECIAL_CHARACTERS] as const;
const ALL = CLASSES.join('');

/** 16 characters from 65 symbols: about 96 bits, drawn with the operating system's CSPRNG. */
export const TEMPORARY_PASSWORD_LENGTH = 16;

/**
 * A temporary password that meets every rule of spec 1 §5 (a lower-case letter, an upper-case letter, a digit, one of
 * !@#$%^&*, at least 8 characters). One character of each class, the rest from all of them, then shuffled; look-alike
 * characters (l, 1, 0, O, I) are left out because the password is read off a screen and typed in.
 */
export function generateTemporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  const chars = CLASSES.map((set) => set[randomInt(set.length)]);
  while (chars.length < length) chars.push(ALL[randomInt(ALL.length)]);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  // A letter first: a password starting with '@' would be taken for a formula when the bulk-load answer is opened
  // in a spreadsheet, and is easy to misread.
  const letter = chars.findIndex((c) => LOWER.includes(c) || UPPER.includes(c));
  [chars[0], chars[letter]] = [chars[letter], chars[0]];
  const password = chars.join('');
  if (passwordRuleViolations(password).length) throw new Error('generated temporary password breaks the password rules');
  return password;
}

/**
 * scrypt cost for the temporary passwords of a bulk load only. A temporary password made one at a time (create,
 * reset, unlock) is hashed like every other password (auth/password.ts, N=16384). At that cost a hash takes ~100 ms
 * of a core, so the 10,000 rows of a bulk load would take minutes, far past the 30 s target (README, "Bulk load of
 * users"). Key stretching protects guessable human passwords; a 96-bit random secret cannot be guessed whatever the
 * cost, and it lives only until the first sign-in replaces it with a chosen password hashed at full cost.
 */
export const BULK_TEMPORARY_PASSWORD_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 };

export interface TemporaryCredential { password: string; hash: string }

/** A new temporary password and its hash: at the cost of every password unless `params` says otherwise (bulk loads). */
export async function newTemporaryCredential(params?: ScryptParams): Promise<TemporaryCredential> {
  const password = generateTemporaryPassword();
  return { password, hash: await hashPassword(password, params) };
}
