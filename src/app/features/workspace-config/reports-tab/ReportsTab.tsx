import { Callout, FormGroup, NonIdealState } from '@blueprintjs/core';
import { Document } from '@blueprintjs/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createUsersClient } from '@api-client/users-client';
import { TOAST_MS } from '@domain/constants';
import { isHiddenReport } from '@domain/report-templates';
import { useServices, useSession } from '../../../services/services-context';
import { usePermissions } from '../../../session/use-permissions';
import { ADMIN_CSS } from '../../../ui/admin-styles';
import { ProfilingTableView } from '../../../ui/profiling-table/ProfilingTableView';
import { useProfilingTable } from '../../../ui/profiling-table/use-profiling-table';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

/**
 * The Reports tab of /workspaceconfig (spec 1 §2, §6): a report of the current workspace, and its users with a toggle
 * each, bulk enable/disable, the text and organisation filters and page sizes 10, 15, 20. Only an admin or a
 * team-leader changes anything (manageReportsRights); admins always have every report and basic users none, so their
 * toggles never move.
 */
export function ReportsTab() {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const { workspace } = useSession();
  const { allowed } = usePermissions();
  const users = useMemo(() => createUsersClient(api), [api]);
  // The reports the Reports screen lists: a template named _fake (or none) is hidden there, and has no rights to give (spec 3 §3).
  const reports = useMemo(() => (workspace?.customReportConfig ?? []).filter((r) => !isHiddenReport(r)), [workspace]);
  const [reportId, setReportId] = useState(reports[0]?.id ?? '');
  const workspaceId = workspace?.id ?? '';
  const target = useMemo(() => (workspaceId && reportId ? { entity: 'report' as const, workspaceId, reportId } : null), [workspaceId, reportId]);
  const table = useProfilingTable({ users, target });
  const editable = allowed('manageReportsRights');
  const reportName = reports.find((r) => r.id === reportId)?.name ?? reportId;

  if (reports.length === 0) return <NonIdealState icon={<Document />} title={t('workspaceConfig.reports.noReports')} />;
  return (
    <div className="cm-reports-tab">
      <style>{ADMIN_CSS}</style>
      <FormGroup label={t('workspaceConfig.reports.report')} labelFor="cm-reports-tab-report" inline>
        <PlainSelect id="cm-reports-tab-report" value={reportId} onChange={(event) => setReportId(event.currentTarget.value)} options={reports.map((r) => ({ value: r.id, label: r.name }))} />
      </FormGroup>
      {editable ? null : <Callout intent="primary">{t('workspaceConfig.reports.readOnly')}</Callout>}
      <ProfilingTableView
        table={table}
        label={t('workspaceConfig.reports.tab')}
        org={{ lookups: api.organisation, enabled: allowed('orgLists'), showTeams: allowed('teamFilter') }}
        editable={editable}
        tooltip={(row) => t('workspaceConfig.reports.toggle', { report: reportName, username: row.username })}
        texts={{ enableSelected: t('workspaceConfig.reports.enableSelected'), disableSelected: t('workspaceConfig.reports.disableSelected'), toggleHeader: t('workspaceConfig.reports.enabled') }}
        onChanged={() => toasts.show({ intent: 'success', message: t('workspaceConfig.reports.saved'), timeout: TOAST_MS.successSettings })}
      />
    </div>
  );
}
