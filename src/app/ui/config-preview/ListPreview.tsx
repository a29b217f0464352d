import type { ContactFilter } from '@domain/generated/contact-filter';
import type { RendererFormContext } from '@renderers/form-context';
import { ContactTable } from '@renderers/table/ContactTable/ContactTable';
import type { ContactRow } from '@renderers/table/contact-row';
import { FilterPanel } from '@renderers/table/FilterPanel/FilterPanel';
import type { ListTranslation } from '@translator/translate-list';

export interface ListPreviewProps {
  list: ListTranslation;
  rows: readonly ContactRow[];
  filter: ContactFilter;
  onFilterChange: (filter: ContactFilter) => void;
  formContext: RendererFormContext;
  currentUserId?: string;
  /** Changes whenever the filter form must start over. */
  filterKey: string;
  /** The accessible name of the current filter's JSON. */
  currentFilterLabel: string;
  /** Which parts to show: the filters, the columns, or both (the gallery). */
  parts?: 'both' | 'filters' | 'columns';
}

/** The contact list of a role from translator output: its filter form (with the filter it makes) and its columns over sample rows. */
export function ListPreview({ list, rows, filter, onFilterChange, formContext, currentUserId, filterKey, currentFilterLabel, parts = 'both' }: ListPreviewProps) {
  return (
    <>
      {parts !== 'columns' ? (
        <>
          <FilterPanel key={filterKey} filters={list.filters} value={filter} onChange={onFilterChange} formContext={formContext} />
          <pre className="cm-gallery__filter" aria-label={currentFilterLabel} style={{ fontSize: 12 }}>{JSON.stringify(filter)}</pre>
        </>
      ) : null}
      {parts !== 'filters' ? <ContactTable columns={list.columns} rows={rows} locale={formContext.locale} currentUserId={currentUserId} /> : null}
    </>
  );
}
