import { useHotkeys, type HotkeyConfig } from '@blueprintjs/core';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstEditable, moveRow } from '../../shell/hotkeys/focus-moves';
import { HOTKEYS } from '../../shell/hotkeys/hotkey-combos';
import type { ContactListController } from './use-contact-list-controller';
import { listTable, rowOfFocus } from './use-row-focus-memory';

/**
 * The list's shortcuts (README "Keyboard"); the latest controller is read through a ref so the combos stay registered
 * once. Alt+N is registered, and listed in the `?` help, only where the list offers its Take next button
 * (allowed.takeNext: a workspace whose takeConfig is available, a role that may take).
 */
export const useListHotkeys = (list: ContactListController): void => {
  const { t } = useTranslation();
  const latest = useRef(list);
  latest.current = list;
  const group = t('hotkeys.list');
  const takeNext = list.allowed.takeNext;
  const hotkeys = useMemo<HotkeyConfig[]>(() => [
    ...(takeNext ? [{ combo: HOTKEYS.takeNext, label: t('hotkeys.takeNext'), group, global: true, allowInInput: true, preventDefault: true,
      onKeyDown: () => { if (latest.current.allowed.takeNext) void latest.current.takeNext(); } }] : []),
    { combo: HOTKEYS.nextRow, label: t('hotkeys.nextRow'), group, global: true, onKeyDown: () => moveRow(listTable(), 1) },
    { combo: HOTKEYS.previousRow, label: t('hotkeys.previousRow'), group, global: true, onKeyDown: () => moveRow(listTable(), -1) },
    { combo: HOTKEYS.openRow, label: t('hotkeys.openRow'), group, global: true,
      onKeyDown: () => { const row = rowOfFocus(latest.current.rows); if (row && latest.current.rowPermissions(row).show) latest.current.openShow(row); } },
    { combo: HOTKEYS.release, label: t('hotkeys.release'), group, global: true, allowInInput: true, preventDefault: true,
      onKeyDown: () => { const row = rowOfFocus(latest.current.rows); if (row && latest.current.rowPermissions(row).release) void latest.current.release(row); } },
    { combo: HOTKEYS.focusFilter, label: t('hotkeys.focusFilter'), group, global: true, preventDefault: true,
      onKeyDown: () => focusFirstEditable(document.querySelector('.cm-filters')) },
    { combo: HOTKEYS.nextPage, label: t('hotkeys.nextPage'), group, global: true, allowInInput: true, preventDefault: true,
      onKeyDown: () => { const l = latest.current; if (l.page < l.pageCount - 1) l.setPage(l.page + 1); } },
    { combo: HOTKEYS.previousPage, label: t('hotkeys.previousPage'), group, global: true, allowInInput: true, preventDefault: true,
      onKeyDown: () => { const l = latest.current; if (l.page > 0) l.setPage(l.page - 1); } },
  ], [t, group, takeNext]);
  useHotkeys(hotkeys);
};
