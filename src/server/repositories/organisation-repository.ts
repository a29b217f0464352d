import type { OrganisationItem } from '@domain/api/organisation';
import type { Database } from '../db/database';
import type { UserRecord } from './user-repository';

/**
 * How much of the organisation (outsourcers > sites > teams) a user may see (spec 1 §6): admin and middle all of it;
 * a manager their outsourcer; a site-manager their sites; anyone else (only reachable where a workspace's own
 * permission rules open the lists to them) their teams. A manager without an outsourcer sees nothing.
 */
export type OrganisationScope = { all: true } | { all: false; level: 'outsourcer' | 'site' | 'team'; ids: string[] };

export function organisationScope(user: Pick<UserRecord, 'role' | 'outsourcerId' | 'siteIds' | 'teamIds'>): OrganisationScope {
  switch (user.role) {
    case 'admin':
    case 'middle':
      return { all: true };
    case 'manager':
      return { all: false, level: 'outsourcer', ids: user.outsourcerId ? [user.outsourcerId] : [] };
    case 'site-manager':
      return { all: false, level: 'site', ids: user.siteIds };
    default:
      return { all: false, level: 'team', ids: user.teamIds };
  }
}

/** Columns naming the outsourcer, site and team of a row at each level of the query (null: not joined). */
interface Columns { outsourcer: string; site: string | null; team: string | null }

/**
 * The scope as a condition on one query's row. A level below the row's (a site-manager asking for outsourcers)
 * becomes an EXISTS over the child tables; `$1` is the scope's id list.
 */
function scopeCondition(scope: OrganisationScope, c: Columns): string {
  // every query passes $1, so it is typed here too (an empty list for the whole organisation)
  if (scope.all) return 'cardinality($1::text[]) = 0';
  if (scope.level === 'outsourcer') return `${c.outsourcer} = ANY($1::text[])`;
  if (scope.level === 'site') {
    return c.site ? `${c.site} = ANY($1::text[])` : `EXISTS (SELECT 1 FROM sites ss WHERE ss.outsourcer_id = ${c.outsourcer} AND ss.id = ANY($1::text[]))`;
  }
  if (c.team) return `${c.team} = ANY($1::text[])`;
  if (c.site) return `EXISTS (SELECT 1 FROM teams tt WHERE tt.site_id = ${c.site} AND tt.id = ANY($1::text[]))`;
  return `EXISTS (SELECT 1 FROM teams tt JOIN sites ss ON ss.id = tt.site_id WHERE ss.outsourcer_id = ${c.outsourcer} AND tt.id = ANY($1::text[]))`;
}

const scopeIds = (scope: OrganisationScope): string[] => (scope.all ? [] : scope.ids);

/** The organisation lookups of spec 1 §7, ordered by name then id; an empty parent list does not narrow. */
export function organisationRepository(db: Database) {
  return {
    outsourcers(scope: OrganisationScope): Promise<OrganisationItem[]> {
      return db.query<OrganisationItem & Record<string, unknown>>(
        `SELECT o.id, o.name FROM outsourcers o
         WHERE ${scopeCondition(scope, { outsourcer: 'o.id', site: null, team: null })}
         ORDER BY o.name, o.id`,
        [scopeIds(scope)],
      );
    },
    sites(scope: OrganisationScope, outsourcerIds: readonly string[]): Promise<OrganisationItem[]> {
      return db.query<OrganisationItem & Record<string, unknown>>(
        `SELECT s.id, s.name FROM sites s
         WHERE ${scopeCondition(scope, { outsourcer: 's.outsourcer_id', site: 's.id', team: null })}
           AND (cardinality($2::text[]) = 0 OR s.outsourcer_id = ANY($2::text[]))
         ORDER BY s.name, s.id`,
        [scopeIds(scope), outsourcerIds],
      );
    },
    teams(scope: OrganisationScope, siteIds: readonly string[]): Promise<OrganisationItem[]> {
      return db.query<OrganisationItem & Record<string, unknown>>(
        `SELECT t.id, t.name FROM teams t JOIN sites s ON s.id = t.site_id
         WHERE ${scopeCondition(scope, { outsourcer: 's.outsourcer_id', site: 's.id', team: 't.id' })}
           AND (cardinality($2::text[]) = 0 OR t.site_id = ANY($2::text[]))
         ORDER BY t.name, t.id`,
        [scopeIds(scope), siteIds],
      );
    },
  };
}
export type OrganisationRepository = ReturnType<typeof organisationRepository>;
