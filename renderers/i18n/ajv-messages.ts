import { TIME_PATTERN } from '@domain/time-pattern';
import type { RendererLocale } from '../form-context';
import { translatorFor, type MessageKey } from './messages';

const TYPE_NAMES: Record<RendererLocale, Record<string, string>> = {
  'it-IT': { string: 'testo', number: 'numero', integer: 'intero', boolean: 'booleano', array: 'lista', object: 'oggetto' },
  'en-US': { string: 'text', number: 'number', integer: 'integer', boolean: 'boolean', array: 'list', object: 'object' },
  'en-GB': { string: 'text', number: 'number', integer: 'integer', boolean: 'boolean', array: 'list', object: 'object' },
};

/** ajv's validation messages in the renderers' locales (ajv-i18n is not in the stack; these are the keywords the translator emits). */
export function ajvMessage(error: { keyword: string; params: Record<string, unknown> }, locale: RendererLocale): string {
  const t = translatorFor(locale);
  const { params } = error;
  switch (error.keyword) {
    case 'required': return t('validation.required');
    case 'minLength':
      // minLength 1 is how the translator marks a required string: say "required", not "at least 1 character".
      return params.limit === 1 ? t('validation.required') : t('validation.minLength', { limit: Number(params.limit) });
    case 'maxLength': case 'minimum': case 'maximum': case 'minItems': case 'maxItems':
      return t(`validation.${error.keyword}` as MessageKey, { limit: Number(params.limit) });
    case 'type': return t('validation.type', { type: TYPE_NAMES[locale][String(params.type)] ?? String(params.type) });
    case 'format': {
      const format = String(params.format);
      return format === 'date' || format === 'date-time' ? t(`validation.format.${format}` as MessageKey) : t('validation.format');
    }
    // A time field's own pattern: what the time widget says of a text that is not a time (one message, not two).
    case 'pattern': return params.pattern === TIME_PATTERN ? t('time.invalid') : t('validation.pattern');
    case 'oneOf': case 'const': case 'enum': case 'uniqueItems':
      return t(`validation.${error.keyword}` as MessageKey);
    default: return t('validation.default');
  }
}
