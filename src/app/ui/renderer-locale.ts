import type { RendererLocale } from '@renderers/form-context';

/** The renderers' locale for the app's language: en-US and en-GB as they are, any other English as en-US, else it-IT. */
export const localeOf = (language: string): RendererLocale =>
  language === 'en-US' || language === 'en-GB' ? language : language.startsWith('en') ? 'en-US' : 'it-IT';
