import type { RendererLocale } from '../form-context';

/** Interface texts of the renderers. Italian is the reference; the spec's Italian labels stay as written in it-IT. */
const IT = {
  'common.yes': 'Sì',
  'common.no': 'No',
  'common.empty': '—',
  'common.loading': 'Caricamento…',
  'common.select': 'Seleziona…',
  'common.noResults': 'Nessun risultato',
  'common.cancel': 'Annulla',
  'common.save': 'Salva',
  'common.close': 'Chiudi',
  'common.remove': 'Rimuovi',
  'common.requiredMark': 'obbligatorio',
  'panel.INPUTS': 'INPUTS',
  'panel.OUTPUTS': 'OUTPUTS',
  'panel.MEDIA': 'MEDIA',
  'panel.SCRIPT': 'SCRIPT',
  'address.edit': 'MODIFICA',
  'address.unlock': 'SBLOCCA',
  'address.cancel': 'ANNULLA',
  'address.province': 'Provincia',
  'address.province_acr': 'Sigla provincia',
  'address.city': 'Comune',
  'address.street': 'Indirizzo',
  'address.zip': 'CAP',
  'address.civic': 'Civico',
  'array.add': 'Aggiungi',
  'array.edit': 'Modifica',
  'array.newItem': 'Nuovo elemento',
  'array.counter': '{count} (min: {min} max: {max})',
  'array.empty': 'Nessun elemento',
  'array.invalidDropped': 'Valore non valido scartato',
  'file.add': 'Aggiungi file',
  'file.unsupported': 'FILE NON SUPPORTATO',
  'file.tooLarge': 'IL FILE SUPERA LA DIMENSIONE LIMITE DI {n} MB',
  'file.uploadFailed': 'Caricamento non riuscito',
  'file.view': 'Visualizza',
  'file.viewer': 'Visualizzatore',
  'form.denied': 'Sola lettura',
  'form.submit': 'Salva',
  'table.forYou': 'for you',
  'table.clone': 'Clone',
  'table.suspended': 'Sospeso',
  'table.noRows': 'Nessun contatto',
  'filters.open': 'Filtri avanzati',
  'filters.apply': 'Applica',
  'filters.reset': 'Azzera',
  'validation.required': 'Campo obbligatorio',
  'validation.pattern': 'Formato non valido',
  'validation.minLength': 'Inserire almeno {limit} caratteri',
  'validation.maxLength': 'Inserire al massimo {limit} caratteri',
  'validation.minimum': 'Il valore deve essere almeno {limit}',
  'validation.maximum': 'Il valore deve essere al massimo {limit}',
  'validation.minItems': 'Inserire almeno {limit} elementi',
  'validation.maxItems': 'Inserire al massimo {limit} elementi',
  'validation.type': 'Il valore deve essere di tipo {type}',
  'validation.format.date': 'Data non valida (GG/MM/AAAA)',
  'validation.format.date-time': 'Data e ora non valide',
  'validation.format': 'Formato non valido',
  'validation.oneOf': 'Valore non ammesso',
  'validation.const': 'Valore non ammesso',
  'validation.enum': 'Valore non ammesso',
  'validation.uniqueItems': 'Valori ripetuti',
  'validation.default': 'Valore non valido',
} as const;

export type MessageKey = keyof typeof IT;
type Catalogue = Record<MessageKey, string>;

const EN_US: Catalogue = {
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.empty': '—',
  'common.loading': 'Loading…',
  'common.select': 'Select…',
  'common.noResults': 'No results',
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.close': 'Close',
  'common.remove': 'Remove',
  'common.requiredMark': 'required',
  'panel.INPUTS': 'INPUTS',
  'panel.OUTPUTS': 'OUTPUTS',
  'panel.MEDIA': 'MEDIA',
  'panel.SCRIPT': 'SCRIPT',
  'address.edit': 'EDIT',
  'address.unlock': 'UNLOCK',
  'address.cancel': 'CANCEL',
  'address.province': 'Province',
  'address.province_acr': 'Province code',
  'address.city': 'City',
  'address.street': 'Street',
  'address.zip': 'ZIP code',
  'address.civic': 'Number',
  'array.add': 'Add',
  'array.edit': 'Edit',
  'array.newItem': 'New item',
  'array.counter': '{count} (min: {min} max: {max})',
  'array.empty': 'No items',
  'array.invalidDropped': 'Invalid value dropped',
  'file.add': 'Add file',
  'file.unsupported': 'UNSUPPORTED FILE',
  'file.tooLarge': 'THE FILE EXCEEDS THE SIZE LIMIT OF {n} MB',
  'file.uploadFailed': 'Upload failed',
  'file.view': 'View',
  'file.viewer': 'Viewer',
  'form.denied': 'Read only',
  'form.submit': 'Save',
  'table.forYou': 'for you',
  'table.clone': 'Clone',
  'table.suspended': 'Suspended',
  'table.noRows': 'No contacts',
  'filters.open': 'Advanced filters',
  'filters.apply': 'Apply',
  'filters.reset': 'Reset',
  'validation.required': 'Required field',
  'validation.pattern': 'Invalid format',
  'validation.minLength': 'Enter at least {limit} characters',
  'validation.maxLength': 'Enter at most {limit} characters',
  'validation.minimum': 'The value must be at least {limit}',
  'validation.maximum': 'The value must be at most {limit}',
  'validation.minItems': 'Enter at least {limit} items',
  'validation.maxItems': 'Enter at most {limit} items',
  'validation.type': 'The value must be a {type}',
  'validation.format.date': 'Invalid date (DD/MM/YYYY)',
  'validation.format.date-time': 'Invalid date and time',
  'validation.format': 'Invalid format',
  'validation.oneOf': 'Value not allowed',
  'validation.const': 'Value not allowed',
  'validation.enum': 'Value not allowed',
  'validation.uniqueItems': 'Repeated values',
  'validation.default': 'Invalid value',
};

const EN_GB: Catalogue = { ...EN_US, 'address.zip': 'Postcode', 'common.select': 'Choose…' };

export const CATALOGUES: Record<RendererLocale, Catalogue> = { 'it-IT': IT, 'en-US': EN_US, 'en-GB': EN_GB };

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const translators = new Map<RendererLocale, Translate>();

/** A message function per locale, created once (widgets call it on every render). */
export function translatorFor(locale: RendererLocale): Translate {
  let t = translators.get(locale);
  if (!t) {
    const catalogue = CATALOGUES[locale] ?? IT;
    t = (key, params) => {
      const text = catalogue[key] ?? IT[key] ?? key;
      return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (params[name] === undefined ? m : String(params[name]))) : text;
    };
    translators.set(locale, t);
  }
  return t;
}
