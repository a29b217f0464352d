import { Classes } from '@blueprintjs/core';
import { STORAGE_KEYS } from '@domain/storage-keys';

export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

const storedChoice = (storage: Storage): Theme | null => {
  const value = storage.getItem(STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : null;
};

const systemTheme = (): Theme => (typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

/**
 * The theme in force: the agent's stored choice, else the operating system's preference (followed live until the
 * agent chooses). Blueprint's dark class goes on <body> so that portals (dialogs, toasts, popovers) are dark too.
 */
export interface ThemeStore {
  current(): Theme;
  set(theme: Theme): void;
  toggle(): void;
  subscribe(listener: () => void): () => void;
}

export const applyTheme = (theme: Theme): void => {
  document.body.classList.toggle(Classes.DARK, theme === 'dark');
  document.documentElement.style.colorScheme = theme;
};

export const createThemeStore = (storage: Storage): ThemeStore => {
  const listeners = new Set<() => void>();
  let theme: Theme = storedChoice(storage) ?? systemTheme();
  const change = (next: Theme) => {
    if (next === theme) return;
    theme = next;
    applyTheme(theme);
    for (const listener of listeners) listener();
  };
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(DARK_QUERY).addEventListener('change', () => {
      if (storedChoice(storage) === null) change(systemTheme());
    });
  }
  applyTheme(theme);
  return {
    current: () => theme,
    set(next) {
      storage.setItem(STORAGE_KEYS.theme, next);
      change(next);
    },
    toggle() {
      this.set(theme === 'dark' ? 'light' : 'dark');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

let shared: ThemeStore | null = null;
/** The page's one store (created on first use, from localStorage). */
export const themeStore = (): ThemeStore => (shared ??= createThemeStore(window.localStorage));
