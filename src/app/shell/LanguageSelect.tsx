import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@domain/constants';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

/** What a narrow bar shows of each language: its code, the same in every language. */
const SHORT_NAMES: Record<Language, string> = { 'it-IT': 'IT', 'en-US': 'EN-US', 'en-GB': 'EN-GB' };

/**
 * it-IT, en-US, en-GB; i18n stores the choice under contact-manager.language. `short` shows the codes (a narrow
 * navigation bar): each option keeps its full name as its accessible name and title, and so does the select.
 */
export const LanguageSelect = ({ minimal = false, id, short = false }: { minimal?: boolean; id?: string; short?: boolean }) => {
  const { t, i18n } = useTranslation();
  const name = (language: Language) => t(`language.${language}`);
  return (
    <PlainSelect
      id={id}
      aria-label={t('language.label')}
      minimal={minimal}
      value={i18n.language}
      title={short && (LANGUAGES as readonly string[]).includes(i18n.language) ? `${t('language.label')}: ${name(i18n.language as Language)}` : undefined}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
    >
      {LANGUAGES.map((language) => (
        short
          ? <option key={language} value={language} title={name(language)} aria-label={name(language)}>{SHORT_NAMES[language]}</option>
          : <option key={language} value={language}>{name(language)}</option>
      ))}
    </PlainSelect>
  );
};
