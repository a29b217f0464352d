import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import { ChevronDown, ChevronUp, Search } from '@blueprintjs/icons';
import { createColumnHelper, createSortedRowModel, rowSortingFeature, sortFn_basic, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import type { ListColumn } from '@translator/translate-list';
import type { RendererLocale } from '../../form-context';
import { translatorFor } from '../../i18n/messages';
import { columnHeader } from '../localize-list';
import { RIBBON_CSS } from '../AvailabilityRibbon/AvailabilityRibbon';
import { cellValue, chooseCellRenderer } from '../cell-renderers';
import type { ContactRow } from '../contact-row';
import { useStyleSheet } from '../style-sheet';

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel(), sortFns: { basic: sortFn_basic } });
const helper = createColumnHelper<typeof features, ContactRow>();

export interface ContactTableProps {
  columns: readonly ListColumn[];
  rows: readonly ContactRow[];
  locale?: RendererLocale;
  currentUserId?: string;
  /** Usernames by user id: the assigned-agent column shows names, the id in the tooltip. */
  agentNames?: ReadonlyMap<string, string>;
  /** Server-side sorting (spec 2 §2.2): the current sort, and the callback; without it the table sorts the rows itself. */
  sort?: { key: string; order: 'asc' | 'desc' } | null;
  onSortChange?: (sort: { key: string; order: 'asc' | 'desc' } | null) => void;
  /** Row buttons (edit, show, take...), decided by the caller's permissions. */
  renderActions?: (row: ContactRow) => ReactNode;
  /** A leading cell per row (e.g. a selection checkbox) and its header, decided by the caller. */
  renderLeading?: (row: ContactRow) => ReactNode;
  leadingHeader?: ReactNode;
  /** Widths in px of the leading and the actions columns. */
  leadingWidth?: number;
  actionsWidth?: number;
}

/**
 * Fixed layout: cells keep to their column's width and show the whole text on hover. What 4,000 cells cost in
 * Chromium's style and layout, and what these rules avoid:
 * - `overflow: clip` (where supported; `hidden` elsewhere) cuts the text and keeps the ellipsis, but unlike `hidden`
 *   does not make every cell a scroll container with its own paint layer and scrollable area.
 * - Every body cell is one 24 px line (`line-height`), and tags and the caller's controls (at most 24 px, Blueprint's
 *   small buttons) sit inside that line: a row is then exactly as tall as each of its cells, and the table lays the
 *   cells out once. One taller cell in a row (a checkbox label's margin, a baseline-aligned button) makes the table
 *   lay out all 40 cells of the row again to stretch them to its height.
 */
const TABLE_STYLES = `
.cm-contact-table { table-layout: fixed; }
.cm-contact-table td, .cm-contact-table th { white-space: nowrap; overflow: hidden; overflow: clip; text-overflow: ellipsis; }
.cm-contact-table td { line-height: 24px; }
.cm-contact-table .cm-sort { max-width: 100%; justify-content: flex-start; }
.cm-contact-table .cm-sort__label { display: block; flex: 0 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.cm-contact-table .cm-ribbon, .cm-contact-table .cm-clone-badge { vertical-align: middle; }
.cm-contact-table .cm-clone-badge { margin-left: 6px; }
.cm-contact-table td.cm-contact-table__control { vertical-align: middle; }
.cm-contact-table .cm-contact-table__control > * { vertical-align: top; margin-top: 0; margin-bottom: 0; }
.cm-contact-table .cm-contact-table__control > input { vertical-align: middle; }
${RIBBON_CSS}
`;

/** Room for a header's text at the table's 14 px font (about 7.5 px a character), the sort button's padding and icon. */
const HEADER_CHAR_PX = 7.5;
const HEADER_CHROME_PX = 44;
const HEADER_WIDTH_CAP = 220;
const headerWidth = (text: string): number => Math.min(HEADER_WIDTH_CAP, Math.ceil(text.length * HEADER_CHAR_PX) + HEADER_CHROME_PX);

/** A sortable header's full text, shown on hover where the column's width cuts it. */
const headerText = (header: unknown): string | undefined => (typeof header === 'string' ? header : undefined);

/** The full text of a cell, shown on hover where the fixed width cuts it. */
const titleOf = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 16 ? value : undefined);

/** The contact list on TanStack Table 9 with Blueprint's table styling; cells by ranked renderers per column. */
export function ContactTable({ columns, rows, locale = 'it-IT', currentUserId, agentNames, sort, onSortChange, renderActions, renderLeading, leadingHeader, leadingWidth = 40, actionsWidth = 150 }: ContactTableProps) {
  useStyleSheet('cm-contact-table-styles', TABLE_STYLES);
  const t = translatorFor(locale);
  const visible = useMemo(() => columns.filter((c) => c.kind === 'fixed' || c.isVisible), [columns]);
  const renderers = useMemo(() => visible.map(chooseCellRenderer), [visible]);
  const columnDefs = useMemo(() => visible.map((column) => helper.accessor((row): unknown => cellValue(row, column), {
      id: column.key,
      header: columnHeader(t, column),
      enableSorting: column.kind === 'fixed' ? column.sortable : true,
      sortFn: 'basic',
    })), [visible, t]);
  // A column is as wide as its renderer asks, or as its header's text needs (up to a cap; past it the header ends in
  // an ellipsis and shows whole on hover).
  const widths = useMemo(() => visible.map((column, i) => Math.max(renderers[i].width, headerWidth(columnHeader(t, column)))), [visible, renderers, t]);
  const tableWidth = widths.reduce((sum, width) => sum + width, (renderLeading ? leadingWidth : 0) + (renderActions ? actionsWidth : 0));

  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const sorting: SortingState = onSortChange ? (sort ? [{ id: sort.key, desc: sort.order === 'desc' }] : []) : localSorting;
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as ContactRow[],
    getRowId: (row) => row.id,
    manualSorting: Boolean(onSortChange),
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (onSortChange) onSortChange(next[0] ? { key: next[0].id, order: next[0].desc ? 'desc' : 'asc' } : null);
      else setLocalSorting(next);
    },
  });

  if (!rows.length) return <NonIdealState icon={<Search />} title={t('table.noRows')} />;
  return (
    <div className="cm-table-wrap" style={{ overflowX: 'auto' }}>
      <HTMLTable compact striped interactive className="cm-contact-table" style={{ width: tableWidth, minWidth: '100%' }}>
        <colgroup>
          {renderLeading ? <col style={{ width: leadingWidth }} /> : null}
          {widths.map((width, i) => <col key={visible[i].key} style={{ width }} />)}
          {renderActions ? <col style={{ width: actionsWidth }} /> : null}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {renderLeading ? <th scope="col">{leadingHeader}</th> : null}
              {group.headers.map((header) => {
                const dir = header.column.getIsSorted();
                return (
                  <th key={header.id} aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'} scope="col">
                    {header.column.getCanSort() ? (
                      <button type="button" className="cm-sort bp6-button bp6-minimal bp6-small" title={headerText(header.column.columnDef.header)} onClick={header.column.getToggleSortingHandler()}>
                        <span className="cm-sort__label"><table.FlexRender header={header} /></span>
                        {dir === 'asc' ? <ChevronUp size={12} /> : dir === 'desc' ? <ChevronDown size={12} /> : null}
                      </button>
                    ) : <table.FlexRender header={header} />}
                  </th>
                );
              })}
              {renderActions ? <th scope="col" aria-label={t('table.actions')} /> : null}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const c = row.original;
            const suspended = c.suspended === true;
            return (
              <tr
                key={row.id}
                data-suspended={suspended || undefined}
                title={suspended ? t('table.suspended') : undefined}
                className={suspended ? 'cm-row--suspended' : undefined}
                style={suspended ? { backgroundImage: 'repeating-linear-gradient(45deg, rgba(138,155,168,0.25) 0 6px, transparent 6px 12px)' } : undefined}
              >
                {renderLeading ? <td className="cm-contact-table__control">{renderLeading(c)}</td> : null}
                {visible.map((column, i) => {
                  // Cells straight from their renderer: TanStack keeps the row model, sorting and headers, and 4,000
                  // cells skip its per-cell objects and components.
                  const value = cellValue(c, column);
                  return <td key={column.key} title={titleOf(value)}>{renderers[i].render({ row: c, value, column, t, locale, currentUserId, agentNames })}</td>;
                })}
                {renderActions ? <td className="cm-contact-table__control">{renderActions(c)}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
