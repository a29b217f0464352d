import { Button } from '@blueprintjs/core';
import { FlashIcon, MoonIcon } from '@blueprintjs/icons';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { themeStore } from './theme-store';

export const useTheme = () => {
  const store = themeStore();
  return useSyncExternalStore(store.subscribe, store.current, store.current);
};

/** Beside the language selector: a pressed/unpressed "Dark theme" switch. */
export const ThemeToggle = ({ withText = false }: { withText?: boolean }) => {
  const { t } = useTranslation();
  const dark = useTheme() === 'dark';
  const label = t('theme.dark');
  return (
    <Button variant="minimal" className="cm-theme-toggle" icon={dark ? <FlashIcon /> : <MoonIcon />} aria-label={label} aria-pressed={dark}
      title={dark ? t('theme.light') : label} text={withText ? label : undefined} onClick={() => themeStore().toggle()} />
  );
};
