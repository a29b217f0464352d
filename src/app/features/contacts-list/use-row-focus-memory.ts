import { useEffect, useRef } from 'react';
import type { ContactRow } from '@domain/api/contacts';
import { focusedRow, focusRow } from '../../shell/hotkeys/focus-moves';
import type { ContactListController } from './use-contact-list-controller';

export const listTable = (): Element | null => document.querySelector('.cm-contacts-list__table');

const bodyRows = (): Element[] => Array.from(listTable()?.querySelectorAll('tbody tr') ?? []);

/** The row of the list the focused table row shows (the table draws `rows` in order). */
export const rowOfFocus = (rows: readonly ContactRow[]): ContactRow | null => {
  const tr = focusedRow();
  if (!tr || !listTable()?.contains(tr)) return null;
  return rows[bodyRows().indexOf(tr)] ?? null;
};

/**
 * The list keeps the focused row across paging and reloads (issue 18.2): the row the focus is on is noted per page;
 * once a page's rows are loaded, the row remembered for it (or the contact the agent came back from) gets the focus
 * again. The focus is only given back when nothing else holds it (it fell to the page when the rows changed, or it is
 * still in the table), so a click on the pager or a field keeps its focus; on a page with no remembered row the first
 * row gets it when the focus was on a row (Alt+PageDown from a row).
 */
export const useRowFocusMemory = (list: ContactListController): void => {
  const latest = useRef(list);
  latest.current = list;
  const onRow = useRef(false);

  useEffect(() => {
    const onFocusIn = () => {
      const row = rowOfFocus(latest.current.rows);
      onRow.current = row !== null;
      if (row) latest.current.rowFocus.note(row.id);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  const { status, rows } = list;
  useEffect(() => {
    const box = listTable();
    if (status !== 'ready' || !rows.length || !box) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (!lost && !box.contains(active)) return;
    const id = latest.current.rowFocus.remembered();
    const index = id ? rows.findIndex((row) => row.id === id) : -1;
    if (index !== -1) focusRow(bodyRows()[index]);
    else if (lost && onRow.current) focusRow(bodyRows()[0]);
  }, [status, rows]);
};
