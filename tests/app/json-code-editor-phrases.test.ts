import { CODEMIRROR_PHRASES } from '@app/features/workspace-config/editor/codemirror-phrases';
import { createI18nWithScreens } from './support/i18n';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { MemoryStorage } from './support/memory-storage';

/** Every word CodeMirror shows in the config editor has its translation in each of the app's languages. */
it.each([['it-IT', 'Comprimi la riga'], ['en-US', 'Fold line'], ['en-GB', 'Fold line']])('%s', (language, foldLine) => {
  const storage = new MemoryStorage();
  storage.setItem(STORAGE_KEYS.language, language);
  const i18n = createI18nWithScreens(storage);
  for (const key of Object.values(CODEMIRROR_PHRASES)) expect(i18n.exists(`workspaceConfig.editor.codemirror.${key}`)).toBe(true);
  expect(i18n.t(`workspaceConfig.editor.codemirror.${CODEMIRROR_PHRASES['Fold line']}`)).toBe(foldLine);
});
