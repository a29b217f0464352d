import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { ListColumn } from '@translator/translate-list';
import type { Translate } from '../i18n/messages';
import { formatDate, formatDateTime } from '../widgets/widget-support';
import { ribbonElement } from './AvailabilityRibbon/AvailabilityRibbon';
import type { ContactRow } from './contact-row';

/** `agentNames`: usernames by user id, for the assigned-agent column (the id stays in the cell's tooltip). */
export interface CellContext { row: ContactRow; value: unknown; column: ListColumn; t: Translate; locale: string; currentUserId?: string; agentNames?: ReadonlyMap<string, string> }
/** `width`: the column's width in px; the table lays out with fixed widths so 4,000 cells cost one layout pass. */
export interface CellRenderer { name: string; tester: (column: ListColumn) => number; width: number; render: (ctx: CellContext) => ReactNode }

const NOT = -1;
const isFixed = (c: ListColumn, key: string) => c.kind === 'fixed' && c.key === key;
const labelOf = (c: ListColumn, v: unknown) => c.values?.find((x) => x.value === String(v))?.label;
const empty = (v: unknown) => v === undefined || v === null || v === '';

/** One formatter per locale: `toLocaleString` would build a new one for every cell. */
const numberFormats = new Map<string, Intl.NumberFormat>();
const formatNumber = (value: number, locale: string): string => {
  let format = numberFormats.get(locale);
  if (!format) { format = new Intl.NumberFormat(locale); numberFormats.set(locale, format); }
  return format.format(value);
};

/** Ranked cell renderers, as the form's widget testers: the highest rank wins; ties go to the earlier entry. */
export const CELL_RENDERERS: readonly CellRenderer[] = [
  { name: 'text', tester: () => 1, width: 160, render: ({ value }) => (empty(value) ? '' : String(value)) },
  { name: 'number', tester: (c) => (c.dataType === 'number' ? 2 : NOT), width: 100, render: ({ value, locale }) => (typeof value === 'number' ? formatNumber(value, locale) : empty(value) ? '' : String(value)) },
  { name: 'boolean', tester: (c) => (c.dataType === 'boolean' ? 3 : NOT), width: 80, render: ({ value, t }) => (value === true ? `✓ ${t('common.yes')}` : t('common.no')) },
  { name: 'date', tester: (c) => (c.dataType === 'date' ? 3 : NOT), width: 110, render: ({ value }) => formatDate(value) },
  { name: 'date-time', tester: (c) => (c.dataType === 'date-time' ? 3 : NOT), width: 150, render: ({ value }) => (empty(value) ? '' : formatDateTime(value)) },
  { name: 'array', tester: (c) => (c.dataType === 'array' ? 3 : NOT), width: 80, render: ({ value }) => (Array.isArray(value) ? String(value.length) : '') },
  {
    name: 'enum',
    tester: (c) => (c.values?.length ? 5 : NOT),
    width: 150,
    // The label is what people read; the code stays in the tooltip.
    render: ({ value, column }) => {
      if (empty(value)) return '';
      const label = labelOf(column, value);
      return label && label !== String(value) ? <span title={String(value)}>{label}</span> : String(value);
    },
  },
  {
    name: 'id',
    tester: (c) => (isFixed(c, 'id') ? 10 : NOT),
    width: 260,
    render: ({ row, t }) => (row.originalContactId ? <>{row.id}<span className={`${Classes.TAG} ${Classes.MINIMAL} ${Classes.INTENT_PRIMARY} cm-clone-badge`}>{t('table.clone')}</span></> : row.id),
  },
  {
    name: 'agent',
    tester: (c) => (isFixed(c, 'agentId') ? 10 : NOT),
    width: 160,
    render: ({ value, agentNames }) => {
      if (empty(value)) return '';
      const name = agentNames?.get(String(value));
      return name ? <span title={String(value)}>{name}</span> : String(value);
    },
  },
  {
    name: 'availability',
    tester: (c) => (isFixed(c, 'availability') ? 10 : NOT),
    width: 190,
    // The ribbon's element without a component per row; the table adds its colour classes (RIBBON_CSS).
    render: ({ row, value, t, currentUserId }) => ribbonElement(value, Boolean(currentUserId) && row.agentId === currentUserId, t),
  },
];

export function chooseCellRenderer(column: ListColumn): CellRenderer {
  let best = CELL_RENDERERS[0];
  let rank = NOT;
  for (const r of CELL_RENDERERS) { const n = r.tester(column); if (n > rank) { best = r; rank = n; } }
  return best;
}

/** The value of a column in a row: fixed keys, or `inputs.x` / `outputs.x`. */
export function cellValue(row: ContactRow, column: ListColumn): unknown {
  if (column.kind === 'fixed') return row[column.key];
  return (column.kind === 'inputs' ? row.inputs : row.outputs)?.[column.field];
}
