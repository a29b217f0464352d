import { Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ReportsTab } from './reports-tab/ReportsTab';
import { TeamsTab } from './teams-tab/TeamsTab';
import { WorkspacesTab } from './workspaces-tab/WorkspacesTab';

const TABS = ['workspaces', 'reports', 'teams'] as const;
type ConfigTab = (typeof TABS)[number];

/** The tab of /workspaceconfig in the address (`?tab=`), so a reload or a shared link opens the same one. */
export const configTabOf = (value: string | null): ConfigTab => (TABS as readonly (string | null)[]).includes(value) ? (value as ConfigTab) : 'workspaces';

/**
 * /workspaceconfig (spec 1 §2): Workspaces, Reports and Teams. The route already needs the workspaceconfig
 * permission; inside, the Reports and Teams tabs decide who may change what (manageReportsRights, profilingDisabled).
 */
export function WorkspaceConfigPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = configTabOf(params.get('tab'));
  const select = (next: TabId) => setParams((previous) => {
    const kept = new URLSearchParams(previous);
    kept.set('tab', String(next));
    kept.delete('edit');
    return kept;
  });
  return (
    <section className="cm-page cm-workspace-config" aria-labelledby="cm-page-title">
      <h1 id="cm-page-title" className="cm-page-title">{t('pages.workspaceconfig.title')}</h1>
      <Tabs id="cm-workspace-config-tabs" selectedTabId={tab} onChange={select} renderActiveTabPanelOnly size="large">
        <Tab id="workspaces" title={t('workspaceConfig.workspaces.tab')} panel={<WorkspacesTab />} />
        <Tab id="reports" title={t('workspaceConfig.reports.tab')} panel={<ReportsTab />} />
        <Tab id="teams" title={t('workspaceConfig.teams.tab')} panel={<TeamsTab />} />
      </Tabs>
    </section>
  );
}
