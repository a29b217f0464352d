import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@domain/constants';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

/** it-IT, en-US, en-GB; i18n stores the choice under contact-manager.language. */
export const LanguageSelect = ({ minimal = false, id }: { minimal?: boolean; id?: string }) => {
  const { t, i18n } = useTranslation();
  return (
    <PlainSelect
      id={id}
      aria-label={t('language.label')}
      minimal={minimal}
      value={i18n.language}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
};
