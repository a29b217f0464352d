import { useCallback, useEffect, useRef, useState } from 'react';
import type { IdName } from '@domain/api/common';

/** The outsourcer, call-centre and team choices of a filter (empty: no narrowing). */
export interface OrgSelection {
  outsourcerIds: string[];
  siteIds: string[];
  teamIds: string[];
}
export const EMPTY_ORG_SELECTION: OrgSelection = { outsourcerIds: [], siteIds: [], teamIds: [] };

/** The organisation lookups of spec 1 §7 (the API client's `organisation`): an empty id list does not narrow. */
export interface OrgLookups {
  outsourcers(): Promise<IdName[]>;
  sites(outsourcerIds?: readonly string[]): Promise<IdName[]>;
  teams(siteIds?: readonly string[]): Promise<IdName[]>;
}

export interface OrgFilterCascade {
  outsourcers: IdName[];
  sites: IdName[];
  teams: IdName[];
  loading: boolean;
  chooseOutsourcers(ids: string[]): void;
  chooseSites(ids: string[]): void;
  chooseTeams(ids: string[]): void;
}

/**
 * The filter cascade of spec 1 §4: choosing an outsourcer clears the call-centre and team choices (and narrows their
 * lists to it); choosing a call centre clears the teams and reloads the team list. The lists load only when `enabled`
 * (spec 1 §6: for admin, middle, site-manager and manager). The selection is the caller's (`value`, `onChange`).
 */
export function useOrgFilterCascade({ lookups, enabled, value, onChange }: { lookups: OrgLookups; enabled: boolean; value: OrgSelection; onChange(next: OrgSelection): void }): OrgFilterCascade {
  const [outsourcers, setOutsourcers] = useState<IdName[]>([]);
  const [sites, setSites] = useState<IdName[]>([]);
  const [teams, setTeams] = useState<IdName[]>([]);
  const [pending, setPending] = useState(0);
  const generation = useRef({ sites: 0, teams: 0 });

  const track = useCallback(async <T,>(work: Promise<T>): Promise<T | null> => {
    setPending((n) => n + 1);
    try {
      return await work;
    } catch {
      // the API client has already told the user; an empty list keeps the filter usable
      return null;
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  /** Teams of the chosen call centres, else of every listed call centre. */
  const loadTeams = useCallback(async (siteIds: readonly string[], listedSites: readonly IdName[]) => {
    const mine = ++generation.current.teams;
    const narrowed = siteIds.length ? siteIds : listedSites.map((s) => s.id);
    const list = narrowed.length === 0 && listedSites.length === 0 ? [] : await track(lookups.teams(narrowed));
    if (mine === generation.current.teams) setTeams(list ?? []);
  }, [lookups, track]);

  const loadSites = useCallback(async (outsourcerIds: readonly string[], siteIds: readonly string[]) => {
    const mine = ++generation.current.sites;
    const list = (await track(lookups.sites(outsourcerIds))) ?? [];
    if (mine !== generation.current.sites) return;
    setSites(list);
    await loadTeams(siteIds, list);
  }, [lookups, track, loadTeams]);

  const initial = useRef(value);
  useEffect(() => {
    if (!enabled) return;
    void track(lookups.outsourcers()).then((list) => setOutsourcers(list ?? []));
    void loadSites(initial.current.outsourcerIds, initial.current.siteIds);
  }, [enabled, lookups, track, loadSites]);

  return {
    outsourcers,
    sites,
    teams,
    loading: pending > 0,
    chooseOutsourcers(ids) {
      onChange({ outsourcerIds: ids, siteIds: [], teamIds: [] });
      if (enabled) void loadSites(ids, []);
    },
    chooseSites(ids) {
      onChange({ ...value, siteIds: ids, teamIds: [] });
      if (enabled) void loadTeams(ids, sites);
    },
    chooseTeams(ids) {
      onChange({ ...value, teamIds: ids });
    },
  };
}
