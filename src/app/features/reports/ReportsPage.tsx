import { Button, Callout, FormGroup, InputGroup, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { Chart, Cross, Download, Refresh, Search, WarningSign } from '@blueprintjs/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportRow } from '@domain/api/reports';
import { ADMIN_CSS } from '../../ui/admin-styles';
import { AdminPager, AdminTable, type AdminColumn } from '../../ui/admin-table/AdminTable';
import { DayInput } from '../../ui/DayInput/DayInput';
import { DisclosurePanel } from '../../ui/DisclosurePanel';
import { formatDateTime, numberFormat } from '../../ui/insight-format';
import { byteSizeText } from '../../ui/byte-size';
import { OrgFilterBar } from '../../ui/org-filter/OrgFilterBar';
import { useReportsController, type ReportsController } from './use-reports-controller';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

const CSS = `
.cm-reports { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
.cm-reports__filters { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; }
.cm-reports__filters .bp6-form-group { margin: 0; min-width: 10rem; }
.cm-reports__report { min-width: 18rem !important; }
.cm-reports__buttons { display: flex; gap: 0.5rem; }
.cm-reports__extra { display: flex; flex-wrap: wrap; gap: 0.75rem; }
.cm-reports__extra .bp6-form-group { margin: 0; min-width: 16rem; }
.cm-reports__progress { max-width: 24rem; }
`;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A cell as the tables show it (spec 3 §9): instants DD/MM/YYYY HH:mm:ss, days DD/MM/YYYY, counts in the language's digits. */
export const cellText = (value: ReportRow[string], language: string): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberFormat(language).format(value);
  if (ISO_INSTANT.test(value)) return formatDateTime(value);
  const day = ISO_DAY.exec(value);
  return day ? `${day[3]}/${day[2]}/${day[1]}` : value;
};


interface TableRow { id: string; row: ReportRow }

function Results({ reports }: { reports: ReportsController }) {
  const { t, i18n } = useTranslation();
  const columns = useMemo<AdminColumn<TableRow>[]>(
    () => reports.columns.map((key) => ({ id: key, header: key, cell: (item: TableRow) => cellText(item.row[key], i18n.language) })),
    [reports.columns, i18n.language],
  );
  const rows = useMemo(() => reports.rows.map((row, index) => ({ id: String(reports.page * reports.length + index), row })), [reports.rows, reports.page, reports.length]);
  if (reports.status === 'error' && reports.rows.length === 0) return <NonIdealState icon={<WarningSign size={48} />} title={t('reports.loadFailed')} action={<Button icon={<Refresh />} text={t('reports.retry')} onClick={reports.search} />} />;
  return (
    <>
      <AdminTable label={reports.report?.name ?? t('reports.title')} columns={columns} rows={rows} loading={reports.status === 'loading'} emptyText={t('reports.noRows')} className="cm-reports__table" />
      {reports.total > 0 ? <AdminPager page={reports.page} length={reports.length} total={reports.total} onPage={reports.setPage} onLength={reports.setLength} /> : null}
    </>
  );
}

/** The Blueprint view of the reports controller. */
export function ReportsView({ reports }: { reports: ReportsController }) {
  const { t, i18n } = useTranslation();
  const { filters } = reports;
  const title = <h1 id="cm-page-title" className="cm-page-title">{t('reports.title')}</h1>;

  if (reports.definitionsStatus !== 'ready' || reports.definitions.length === 0) {
    return (
      <section className="cm-page cm-reports" aria-labelledby="cm-page-title">
        <style>{CSS}</style>
        {title}
        {reports.definitionsStatus === 'loading' ? (
          <Spinner size={30} aria-label={t('reports.loading')} />
        ) : reports.definitionsStatus === 'error' ? (
          <NonIdealState icon={<WarningSign size={48} />} title={t('reports.listFailed')} action={<Button icon={<Refresh />} text={t('reports.retry')} onClick={reports.reloadDefinitions} />} />
        ) : (
          <NonIdealState icon={<Chart size={48} />} title={t('reports.noReports')} description={t('reports.noReportsText')} />
        )}
      </section>
    );
  }

  const invalid = reports.intervalError !== null;
  const hasExtra = reports.extraFilters.contactProp !== null || reports.extraFilters.refProp !== null;
  return (
    <section className="cm-page cm-reports" aria-labelledby="cm-page-title">
      <style>{ADMIN_CSS + CSS}</style>
      {title}
      <form
        className="cm-reports__filters"
        onSubmit={(e) => {
          e.preventDefault();
          reports.search();
        }}
      >
        <FormGroup label={t('reports.from')} labelFor="cm-reports-from" labelInfo="*" intent={invalid ? 'danger' : 'none'}>
          <DayInput key={`from-${reports.dateRound}`} id="cm-reports-from" value={filters.from} onChange={(from) => reports.setFilters({ from })} onInvalidText={(bad) => reports.setDateText('from', bad)} invalid={invalid} placeholder={t('reports.datePlaceholder')} />
        </FormGroup>
        <FormGroup label={t('reports.to')} labelFor="cm-reports-to" labelInfo="*" intent={invalid ? 'danger' : 'none'}>
          <DayInput key={`to-${reports.dateRound}`} id="cm-reports-to" value={filters.to} onChange={(to) => reports.setFilters({ to })} onInvalidText={(bad) => reports.setDateText('to', bad)} invalid={invalid} placeholder={t('reports.datePlaceholder')} />
        </FormGroup>
        <FormGroup label={t('reports.report')} labelFor="cm-reports-report" className="cm-reports__report">
          <PlainSelect
            id="cm-reports-report"
            fill
            value={filters.reportId ?? ''}
            onChange={(e) => reports.chooseReport(e.currentTarget.value || null)}
            options={[{ value: '', label: t('reports.chooseReport') }, ...reports.definitions.map((r) => ({ value: r.id, label: r.name }))]}
          />
        </FormGroup>
        <div className="cm-reports__buttons">
          <Button type="submit" intent="primary" icon={<Search />} text={t('reports.search')} disabled={!reports.canSearch || reports.status === 'loading'} />
          <Button
            icon={<Download />}
            text={reports.csv.running ? t('reports.downloading', { size: byteSizeText(reports.csv.bytes, i18n.language) }) : t('reports.csv')}
            disabled={!reports.canCsv}
            onClick={() => void reports.downloadCsv()}
          />
          {reports.csv.running ? <Button icon={<Cross />} text={t('reports.cancelDownload')} onClick={reports.cancelCsv} /> : null}
          <Button text={t('reports.reset')} onClick={reports.reset} />
        </div>
      </form>
      {reports.csv.running ? <ProgressBar className="cm-reports__progress" intent="primary" aria-label={t('reports.downloading', { size: byteSizeText(reports.csv.bytes, i18n.language) })} /> : null}

      {reports.org.visible ? <OrgFilterBar cascade={reports.org.cascade} value={reports.org.value} showTeams /> : null}

      {hasExtra ? (
        <DisclosurePanel title={t('reports.extraFilters')} defaultOpen={false} className="cm-reports__accordion">
          <div className="cm-reports__extra">
            {reports.extraFilters.contactProp !== null ? (
              <FormGroup label={reports.extraFilters.contactProp} labelFor="cm-reports-contact-prop">
                <InputGroup id="cm-reports-contact-prop" value={filters.contactProp} onValueChange={(contactProp) => reports.setFilters({ contactProp })} maxLength={200} />
              </FormGroup>
            ) : null}
            {reports.extraFilters.refProp !== null ? (
              <FormGroup label={reports.extraFilters.refProp} labelFor="cm-reports-ref-prop">
                <InputGroup id="cm-reports-ref-prop" value={filters.refProp} onValueChange={(refProp) => reports.setFilters({ refProp })} maxLength={200} />
              </FormGroup>
            ) : null}
          </div>
        </DisclosurePanel>
      ) : null}

      {reports.hintText ? (
        <Callout intent={reports.hint === 'invalidInterval' || reports.hint === 'tooManyTeams' ? 'danger' : 'primary'} role={reports.hint === 'invalidInterval' || reports.hint === 'tooManyTeams' ? 'alert' : 'status'} className="cm-reports__hint">
          {reports.hintText}
        </Callout>
      ) : null}
      {reports.status !== 'idle' && reports.report?.renderAllowed ? <Results reports={reports} /> : null}
    </section>
  );
}

export const ReportsPage = () => <ReportsView reports={useReportsController()} />;
