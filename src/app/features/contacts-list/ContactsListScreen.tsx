import { Button, Checkbox, Menu, MenuItem, NonIdealState, Popover, Tag, Tooltip } from '@blueprintjs/core';
import { Add, CaretDown, ChevronLeft, ChevronRight, Cross, Delete, DoubleChevronLeft, DoubleChevronRight, Download, Edit, EyeOpen, HandRight, Layers, NewPerson, WarningSign } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { ContactTable } from '@renderers/table/ContactTable/ContactTable';
import { FilterPanel } from '@renderers/table/FilterPanel/FilterPanel';
import { OrgFilterBar } from '../../ui/org-filter/OrgFilterBar';
import { useOrgFilterCascade } from '../../ui/org-filter/use-org-filter-cascade';
import type { ContactRow } from '@domain/api/contacts';
import { BulkActionDialog } from './BulkActionDialog';
import { KpiStrip } from './KpiStrip';
import { LIST_CSS } from './list-styles';
import { useContactListController, type ContactListController } from './use-contact-list-controller';
import { useListHotkeys } from './use-list-hotkeys';
import { useRowFocusMemory } from './use-row-focus-memory';
import { byteSizeText } from '../../ui/byte-size';
import { AppSpinner } from '../../ui/AppSpinner';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';
import { AppButton } from '../../ui/AppButton';

const RowActions = ({ list, row }: { list: ContactListController; row: ContactRow }) => {
  const { t } = useTranslation();
  const may = list.rowPermissions(row);
  const busy = list.busyIds.has(row.id);
  const blocked = row.suspended || row.processable === false;
  return (
    <div className="cm-row-actions">
      {may.show ? <Tooltip content={t('contactsList.show', { id: row.id })}><Button variant="minimal" size="small" icon={<EyeOpen />} aria-label={t('contactsList.show', { id: row.id })} onClick={() => list.openShow(row)} /></Tooltip> : null}
      {may.edit ? <Tooltip content={t('contactsList.edit', { id: row.id })}><Button variant="minimal" size="small" icon={<Edit />} aria-label={t('contactsList.edit', { id: row.id })} onClick={() => list.openEdit(row)} /></Tooltip> : null}
      {may.take ? (
        <Tooltip content={t('contactsList.take', { id: row.id })}>
          <AppButton variant="minimal" size="small" intent="success" icon={<HandRight />} loading={busy} aria-label={t('contactsList.take', { id: row.id })} onClick={() => void list.take(row)} />
        </Tooltip>
      ) : blocked ? (
        <Tooltip content={t('contactsList.notTakable')}><Button variant="minimal" size="small" icon={<HandRight />} disabled aria-label={t('contactsList.notTakable')} /></Tooltip>
      ) : null}
      {may.release ? (
        <Tooltip content={t('contactsList.release', { id: row.id })}>
          <AppButton variant="minimal" size="small" intent="danger" icon={<Delete />} loading={busy} aria-label={t('contactsList.release', { id: row.id })} onClick={() => void list.release(row)} />
        </Tooltip>
      ) : null}
    </div>
  );
};

/** The list's total, its pages and the page size. Exported for its test. */
export const Pager = ({ list }: { list: Pick<ContactListController, 'total' | 'totalCapped' | 'page' | 'pageCount' | 'setPage' | 'length' | 'setLength' | 'pageSizes'> }) => {
  const { t, i18n } = useTranslation();
  const last = list.pageCount - 1;
  // Totals in the language's digits ("247.522 contatti"): exact ones run to millions (kept counts, issue 12).
  const number = new Intl.NumberFormat(i18n.language);
  // A capped total is a lower bound ("10.000+", "400+ pages"): the true last page is unknown, so Last is off.
  const pages = list.totalCapped ? `${number.format(list.pageCount)}+` : number.format(list.pageCount);
  return (
    <nav className="cm-contacts-list__pager" aria-label={t('contactsList.pageOf', { page: list.page + 1, pages })}>
      <span className="cm-contacts-list__total">
        {list.totalCapped
          ? t('contactsList.totalCapped', { count: list.total, shown: number.format(list.total) })
          : t('contactsList.total', { count: list.total, shown: number.format(list.total) })}
      </span>
      <div className="cm-contacts-list__pager-buttons">
        <Button variant="minimal" icon={<DoubleChevronLeft />} aria-label={t('contactsList.first')} disabled={list.page <= 0} onClick={() => list.setPage(0)} />
        <Button variant="minimal" icon={<ChevronLeft />} aria-label={t('contactsList.previous')} disabled={list.page <= 0} onClick={() => list.setPage(list.page - 1)} />
        <span className="cm-contacts-list__page" aria-live="polite">{t('contactsList.pageOf', { page: list.page + 1, pages })}</span>
        <Button variant="minimal" icon={<ChevronRight />} aria-label={t('contactsList.next')} disabled={list.page >= last} onClick={() => list.setPage(list.page + 1)} />
        <Button variant="minimal" icon={<DoubleChevronRight />} aria-label={t('contactsList.last')} disabled={list.page >= last || list.totalCapped} onClick={() => list.setPage(last)} />
      </div>
      <label className="cm-contacts-list__page-size">
        {t('contactsList.pageSize')}
        <PlainSelect value={list.length} onChange={(event) => list.setLength(Number(event.currentTarget.value))} options={list.pageSizes.map((size) => ({ value: size, label: String(size) }))} />
      </label>
    </nav>
  );
};

const Toolbar = ({ list }: { list: ContactListController }) => {
  const { t, i18n } = useTranslation();
  return (
    <div className="cm-contacts-list__actions">
      {list.allowed.takeNext ? <AppButton intent="primary" icon={<NewPerson />} text={t('contactsList.takeNext')} loading={list.takingNext} onClick={() => void list.takeNext()} /> : null}
      {list.allowed.create ? <Button icon={<Add />} text={t('contactsList.create')} onClick={list.create} /> : null}
      {list.allowed.csvExport ? (
        <Button
          icon={<Download />}
          disabled={list.exporting.running}
          text={list.exporting.running ? t('contactsList.export.running', { size: byteSizeText(list.exporting.bytes, i18n.language) }) : t('contactsList.export.button')}
          onClick={() => void list.exportCsv()}
        />
      ) : null}
      {list.exporting.running ? <Button icon={<Cross />} text={t('contactsList.export.stop')} onClick={list.stopExport} /> : null}
      {list.allowed.massiveActions ? (
        <Popover
          placement="bottom-end"
          content={(
            <Menu>
              {list.bulk.actions.map((action) => <MenuItem key={action.key} text={action.label} onClick={() => list.bulk.start(action)} />)}
            </Menu>
          )}
        >
          <Button icon={<Layers />} endIcon={<CaretDown />} text={t('contactsList.bulk.menu')} />
        </Popover>
      ) : null}
    </div>
  );
};

/** The outsourcer, call-centre and team filters: the shared cascade of /setting and /reports. */
function OrgFilters({ org }: { org: ContactListController['org'] }) {
  const cascade = useOrgFilterCascade({ lookups: org.lookups, enabled: true, value: org.value, onChange: org.setValue });
  return <OrgFilterBar cascade={cascade} value={org.value} showTeams={org.showTeams} />;
}

/** The contact list (spec 2 §2.2): a view over useContactListController only. */
export const ContactsListScreen = ({ embed = false }: { embed?: boolean }) => {
  const { t } = useTranslation();
  const list = useContactListController({ embed });
  useListHotkeys(list);
  useRowFocusMemory(list);
  const selectable = list.allowed.massiveActions;
  return (
    <section className="cm-page cm-contacts-list" aria-labelledby="cm-page-title">
      <style>{LIST_CSS}</style>
      <header className="cm-contacts-list__header">
        <h1 id="cm-page-title" className="cm-page-title">{t('contactsList.title')}</h1>
        {list.status === 'invalid' ? null : <Toolbar list={list} />}
      </header>
      {list.status === 'invalid' ? (
        <NonIdealState icon={<WarningSign size={48} />} title={t('contactsList.invalid')} description={<ul className="cm-problems">{list.problems.slice(0, 5).map((problem) => <li key={problem}>{problem}</li>)}</ul>} />
      ) : (
        <>
          <KpiStrip kpi={list.kpi} locale={list.locale} />
          {list.translation && list.formContext ? (
            <FilterPanel filters={list.translation.filters} value={list.filter} onChange={list.setFilter} formContext={list.formContext} />
          ) : null}
          {list.org.visible ? <OrgFilters org={list.org} /> : null}
          {selectable && list.selection.ids.length > 0 ? (
            <div className="cm-contacts-list__selection">
              <Tag intent="primary" large>{t('contactsList.selected', { count: list.selection.ids.length })}</Tag>
              <Button variant="minimal" size="small" text={t('contactsList.clearSelection')} onClick={list.selection.clear} />
            </div>
          ) : null}
          {/* a scrolling box: focusable so that keyboard users can scroll it (axe scrollable-region-focusable) */}
          <div className="cm-contacts-list__table" aria-busy={list.status === 'loading'} data-search={list.renderedSearch} tabIndex={0} role="region" aria-label={t('contactsList.title')}>
            {list.status === 'loading' ? <div className="cm-contacts-list__loading"><AppSpinner size={32} /></div> : null}
            {list.status === 'error' ? (
              <NonIdealState icon={<WarningSign size={48} />} title={t('contactsList.loadError')} action={<Button text={t('contactsList.retry')} onClick={list.reload} />} />
            ) : list.status === 'ready' && list.rows.length === 0 ? (
              <NonIdealState icon={<Layers size={48} />} title={t('contactsList.empty')} action={<Button text={t('contactsList.resetFilters')} onClick={list.resetFilters} />} />
            ) : list.rows.length ? (
              <ContactTable
                columns={list.columns}
                rows={list.rows}
                locale={list.locale}
                currentUserId={list.currentUserId}
                agentNames={list.agentNames}
                sort={list.sort}
                onSortChange={list.setSort}
                renderActions={(row) => <RowActions list={list} row={row as ContactRow} />}
                {...(selectable ? {
                  leadingHeader: (
                    <Checkbox
                      className="cm-select"
                      aria-label={t('contactsList.selectPage')}
                      checked={list.selection.pageState === 'all'}
                      indeterminate={list.selection.pageState === 'some'}
                      onChange={list.selection.togglePage}
                    />
                  ),
                  renderLeading: (row: { id: string }) => (
                    <Checkbox className="cm-select" aria-label={t('contactsList.selectRow', { id: row.id })} checked={list.selection.isSelected(row.id)} onChange={() => list.selection.toggle(row.id)} />
                  ),
                } : {})}
              />
            ) : null}
          </div>
          {/* a failed load has no total: the last one's count and pages would describe rows no longer shown */}
          {list.status === 'error' ? null : <Pager list={list} />}
          <BulkActionDialog bulk={list.bulk} />
        </>
      )}
    </section>
  );
};
