import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp, DoubleChevronLeft, DoubleChevronRight, Search, WarningSign } from '@blueprintjs/icons';
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_TABLE_PAGE_SIZES } from '@domain/constants';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

/**
 * The tables of user administration (the users of /setting, the per-workspace and per-report user tables, the teams
 * of /workspaceconfig) on TanStack Table 9 with Blueprint's table styling: server-side sorting and paging, an optional
 * selection column, cells rendered by the caller's columns. While loading, rows already shown stay under a spinner with
 * their checkboxes off (the caller disables the controls of its own cells); a failed load is not 'no rows' but an
 * error with a Retry.
 */

export interface AdminColumn<Row> {
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** Sorted by the server under this key. */
  sortable?: boolean;
  width?: number;
}

export interface AdminSort { key: string; order: 'asc' | 'desc' }

export interface AdminSelection {
  isSelected(id: string): boolean;
  toggle(id: string): void;
  togglePage(): void;
  pageState: 'none' | 'some' | 'all';
}

const features = tableFeatures({ rowSortingFeature });

export function AdminTable<Row extends { id: string }>(props: {
  label: string;
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
  loading?: boolean;
  sort?: AdminSort | null;
  onSortChange?(sort: AdminSort | null): void;
  selection?: AdminSelection;
  /** Rows that cannot be selected (their checkbox is disabled). */
  selectable?(row: Row): boolean;
  /** The row's name in its checkbox's accessible name ('Select row mario.rossi'); the row's id without it. */
  rowName?(row: Row): string;
  className?: string;
  emptyText: string;
  /** The rows could not be loaded: shown instead of the rows, with a Retry that asks for them again. */
  error?: { title: string; onRetry(): void } | null;
}) {
  const { t } = useTranslation();
  const { columns, rows, sort, onSortChange, selection, selectable, rowName, error } = props;
  const loading = props.loading === true;
  const helper = useMemo(() => createColumnHelper<typeof features, Row>(), []);
  const defs = useMemo(() => columns.map((column) => helper.display({ id: column.id, header: column.header, enableSorting: column.sortable === true })), [columns, helper]);
  const sorting: SortingState = sort ? [{ id: sort.key, desc: sort.order === 'desc' }] : [];
  const table = useTable({
    features,
    columns: defs,
    data: rows as Row[],
    getRowId: (row) => row.id,
    manualSorting: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      onSortChange?.(next[0] ? { key: next[0].id, order: next[0].desc ? 'desc' : 'asc' } : null);
    },
  });

  return (
    <div className={`cm-admin-table ${props.className ?? ''}`} aria-busy={loading}>
      {error ? (
        <NonIdealState icon={<WarningSign />} title={error.title} action={<Button text={t('adminTable.retry')} onClick={error.onRetry} disabled={loading} />} />
      ) : null}
      {!error && loading && rows.length === 0 ? <Spinner size={30} aria-label={t('adminTable.loading')} /> : null}
      {!error && !loading && rows.length === 0 ? <NonIdealState icon={<Search />} title={props.emptyText} /> : null}
      {!error && rows.length > 0 ? (
        <div style={{ overflowX: 'auto', position: 'relative' }}>
          {loading ? (
            <div className="cm-admin-table__loading" style={{ position: 'absolute', inset: 0, zIndex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(128, 128, 128, 0.15)' }}>
              <Spinner size={30} aria-label={t('adminTable.loading')} />
            </div>
          ) : null}
          <HTMLTable compact striped interactive aria-label={props.label} style={{ width: '100%' }}>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {selection ? (
                    <th scope="col" style={{ width: 36 }}>
                      <input
                        type="checkbox"
                        aria-label={t('adminTable.selectPage')}
                        checked={selection.pageState === 'all'}
                        disabled={loading}
                        ref={(el) => {
                          if (el) el.indeterminate = selection.pageState === 'some';
                        }}
                        onChange={selection.togglePage}
                      />
                    </th>
                  ) : null}
                  {group.headers.map((header, index) => {
                    const dir = header.column.getIsSorted();
                    const column = columns[index];
                    return (
                      <th key={header.id} scope="col" style={column.width ? { width: column.width } : undefined} aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}>
                        {header.column.getCanSort() ? (
                          <button type="button" className="bp6-button bp6-minimal bp6-small" onClick={header.column.getToggleSortingHandler()}>
                            {column.header}
                            {dir === 'asc' ? <ChevronUp size={12} /> : dir === 'desc' ? <ChevronDown size={12} /> : null}
                          </button>
                        ) : column.header}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => {
                const item = row.original;
                return (
                  <tr key={row.id} data-row-id={item.id}>
                    {selection ? (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('adminTable.selectRow', { name: rowName ? rowName(item) : item.id })}
                          checked={selection.isSelected(item.id)}
                          disabled={loading || (selectable ? !selectable(item) : false)}
                          onChange={() => selection.toggle(item.id)}
                        />
                      </td>
                    ) : null}
                    {columns.map((column) => <td key={column.id} data-column={column.id}>{column.cell(item)}</td>)}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      ) : null}
    </div>
  );
}

/** Paging of the admin tables: 10, 15 or 20 rows (spec 1 §9). */
export function AdminPager({ page, length, total, onPage, onLength }: { page: number; length: number; total: number; onPage(page: number): void; onLength(length: number): void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / length));
  const last = pages - 1;
  return (
    <nav className="cm-admin-pager" aria-label={t('adminTable.pageOf', { page: page + 1, pages })}>
      <span className="cm-admin-pager__total">{t('adminTable.total', { count: total })}</span>
      <Button variant="minimal" icon={<DoubleChevronLeft />} aria-label={t('adminTable.first')} disabled={page <= 0} onClick={() => onPage(0)} />
      <Button variant="minimal" icon={<ChevronLeft />} aria-label={t('adminTable.previous')} disabled={page <= 0} onClick={() => onPage(page - 1)} />
      <span aria-live="polite">{t('adminTable.pageOf', { page: page + 1, pages })}</span>
      <Button variant="minimal" icon={<ChevronRight />} aria-label={t('adminTable.next')} disabled={page >= last} onClick={() => onPage(page + 1)} />
      <Button variant="minimal" icon={<DoubleChevronRight />} aria-label={t('adminTable.last')} disabled={page >= last} onClick={() => onPage(last)} />
      <label className="cm-admin-pager__size">
        {t('adminTable.pageSize')}
        <PlainSelect value={length} onChange={(event) => onLength(Number(event.currentTarget.value))} options={ADMIN_TABLE_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))} />
      </label>
    </nav>
  );
}

/** Row selection over the rows of a page, kept across pages by id. */
export function pageSelection(ids: readonly string[], pageIds: readonly string[], setIds: (next: string[]) => void, selectable: readonly string[] = pageIds): AdminSelection {
  const chosen = pageIds.filter((id) => ids.includes(id));
  return {
    isSelected: (id) => ids.includes(id),
    toggle: (id) => setIds(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]),
    togglePage: () => {
      const all = selectable.length > 0 && selectable.every((id) => ids.includes(id));
      setIds(all ? ids.filter((id) => !selectable.includes(id)) : [...new Set([...ids, ...selectable])]);
    },
    pageState: chosen.length === 0 ? 'none' : selectable.every((id) => ids.includes(id)) ? 'all' : 'some',
  };
}
