import { useTranslation } from 'react-i18next';
import { MultiPick } from '../MultiPick';
import type { OrgFilterCascade, OrgSelection } from './use-org-filter-cascade';

/**
 * The outsourcer, call-centre and team filters of spec 1 §2 (user settings, the Reports tab), over the cascade of
 * use-org-filter-cascade. `showTeams` is false for team-leader and basic (the teamFilter permission).
 */
export function OrgFilterBar({ cascade, value, showTeams }: { cascade: OrgFilterCascade; value: OrgSelection; showTeams: boolean }) {
  const { t } = useTranslation();
  const common = { allText: t('orgFilter.all'), countText: (count: number) => t('orgFilter.selected', { count }) };
  return (
    <div className="cm-org-filter" role="group" aria-label={t('orgFilter.title')} aria-busy={cascade.loading}>
      <MultiPick label={t('orgFilter.outsourcer')} items={cascade.outsourcers} selected={value.outsourcerIds} onChange={cascade.chooseOutsourcers} {...common} />
      <MultiPick label={t('orgFilter.site')} items={cascade.sites} selected={value.siteIds} onChange={cascade.chooseSites} {...common} />
      {showTeams ? <MultiPick label={t('orgFilter.team')} items={cascade.teams} selected={value.teamIds} onChange={cascade.chooseTeams} {...common} /> : null}
    </div>
  );
}
