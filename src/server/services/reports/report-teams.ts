import { HttpError } from '../../http-error';
import { say } from '../../server-messages';
import type { OrganisationRepository, OrganisationScope } from '../../repositories/organisation-repository';

export interface ReportOrganisation {
  outsourcerIds?: readonly string[];
  siteIds?: readonly string[];
  teamIds?: readonly string[];
}

const NOT_VISIBLE = { outsourcerIds: 'outsourcerNotVisible', siteIds: 'siteNotVisible', teamIds: 'teamNotVisible' } as const;

const outside = (field: keyof typeof NOT_VISIBLE, index: number, id: string): HttpError => {
  const message = say(NOT_VISIBLE[field], { field: `${field}.${index}`, id });
  return new HttpError(403, message, [{ field: `${field}.${index}`, message }]);
};

/**
 * The teams whose agents' work a report covers (spec 3 §2 Custom reports, §4 filter cascade), or null for no team
 * filter: the chosen teams, else every team of the chosen call centres, else of the chosen outsourcers. Each choice
 * must lie within the caller's part of the organisation (and a call centre within the chosen outsourcers). An
 * organisation with no team gives an empty list: its report has no rows, never the whole workspace's.
 */
export async function reportTeams(organisation: OrganisationRepository, scope: OrganisationScope, chosen: ReportOrganisation): Promise<string[] | null> {
  const outsourcerIds = chosen.outsourcerIds ?? [];
  const siteIds = chosen.siteIds ?? [];
  const teamIds = chosen.teamIds ?? [];
  if (!outsourcerIds.length && !siteIds.length && !teamIds.length) return null;

  if (outsourcerIds.length) {
    const visible = new Set((await organisation.outsourcers(scope)).map((o) => o.id));
    const index = outsourcerIds.findIndex((id) => !visible.has(id));
    if (index >= 0) throw outside('outsourcerIds', index, outsourcerIds[index]);
  }
  // The call centres the choice covers: the chosen ones, else those of the chosen outsourcers (null: no narrowing).
  let sites: string[] | null = null;
  if (outsourcerIds.length || siteIds.length) {
    const available = new Set((await organisation.sites(scope, outsourcerIds)).map((s) => s.id));
    const index = siteIds.findIndex((id) => !available.has(id));
    if (index >= 0) throw outside('siteIds', index, siteIds[index]);
    sites = siteIds.length ? [...siteIds] : [...available];
  }
  // organisation.teams reads an empty site list as "every site": a choice that covers no call centre covers no team.
  const teams = sites !== null && sites.length === 0 ? [] : (await organisation.teams(scope, sites ?? [])).map((t) => t.id);
  if (!teamIds.length) return teams;
  const available = new Set(teams);
  const index = teamIds.findIndex((id) => !available.has(id));
  if (index >= 0) throw outside('teamIds', index, teamIds[index]);
  return [...teamIds];
}
