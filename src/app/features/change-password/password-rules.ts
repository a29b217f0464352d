import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '@domain/constants';

/** The change-password rules of spec 1 §5, one message key each (under changePassword.*). */
export const NEW_PASSWORD_RULE_KEYS = {
  lowercase: 'newPasswordNeedsLowerCase',
  uppercase: 'newPasswordNeedsUpperCase',
  digit: 'newPasswordNeedsDigit',
  special: 'newPasswordNeedsSpecialCharacter',
  length: 'newPasswordTooShort',
} as const;
export type NewPasswordRule = keyof typeof NEW_PASSWORD_RULE_KEYS;
export type ChangePasswordMessageKey =
  | (typeof NEW_PASSWORD_RULE_KEYS)[NewPasswordRule]
  | 'usernameCantBeEmpty'
  | 'oldPasswordCantBeEmpty'
  | 'oldPasswordAndNewPasswordDontMatch'
  | 'newPasswordSameAsOld';

const escaped = PASSWORD_SPECIAL_CHARACTERS.replace(/[\\^\]-]/g, '\\$&');
const TESTS: Record<NewPasswordRule, (value: string) => boolean> = {
  lowercase: (value) => /[a-z]/.test(value),
  uppercase: (value) => /[A-Z]/.test(value),
  digit: (value) => /[0-9]/.test(value),
  special: (value) => new RegExp(`[${escaped}]`).test(value),
  length: (value) => value.length >= PASSWORD_MIN_LENGTH,
};

/** The keys of every rule the new password breaks, in the spec's order. */
export const brokenNewPasswordRules = (value: string): Array<(typeof NEW_PASSWORD_RULE_KEYS)[NewPasswordRule]> =>
  (Object.keys(TESTS) as NewPasswordRule[]).filter((rule) => !TESTS[rule](value)).map((rule) => NEW_PASSWORD_RULE_KEYS[rule]);

/** react-hook-form `validate` map: each rule reports its own key, so every broken rule shows its own message. */
export const newPasswordValidators = Object.fromEntries(
  (Object.keys(TESTS) as NewPasswordRule[]).map((rule) => [rule, (value: string) => TESTS[rule](value) || NEW_PASSWORD_RULE_KEYS[rule]]),
) as Record<NewPasswordRule, (value: string) => true | string>;
