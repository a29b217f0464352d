import { PASSWORD_MIN_LENGTH } from '@domain/constants';
import { NEW_PASSWORD_RULES } from '@domain/api/auth';
import { say, type Said } from '../server-messages';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt parameters stored with every hash, so they can be raised later without breaking old hashes. */
const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

const derive = (password: string, salt: Buffer, options: ScryptOptions, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export interface ScryptParams { N: number; r: number; p: number }

/**
 * `scrypt$N$r$p$salt$hash` (salt and hash base64url). `params` other than the default only for secrets that need no
 * stretching: a generated temporary password (services/users/temporary-password.ts).
 */
export async function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params, KEY_LENGTH);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, compared against when the username is unknown so both cases take as long. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(12).toString('hex')));

const RULE_MESSAGES = { lowercase: 'passwordLowercase', uppercase: 'passwordUppercase', digit: 'passwordDigit', special: 'passwordSpecial' } as const;

/** The new-password rules of spec 1 §5, each with what a refusal says of it (NEW_PASSWORD_RULES' message in English). */
export const PASSWORD_RULE_MESSAGES = NEW_PASSWORD_RULES.map((rule) => ({ pattern: rule.pattern, message: say(RULE_MESSAGES[rule.key]) }));

/** The new-password rules of spec 1 §5; the route schema enforces them too, this guards every other caller. */
export function passwordRuleViolations(password: string): Said[] {
  const problems: Said[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(say('passwordTooShort', { min: PASSWORD_MIN_LENGTH }));
  for (const rule of PASSWORD_RULE_MESSAGES) if (!new RegExp(rule.pattern).test(password)) problems.push(rule.message);
  return problems;
}
