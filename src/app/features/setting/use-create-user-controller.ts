import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsersClient } from '@api-client/users-client';
import type { IdName } from '@domain/api/common';
import type { OrganisationItem } from '@domain/api/organisation';
import { USERNAME_PATTERN, type TemporaryPassword, type UserRow } from '@domain/api/users';
import { USERNAME_AVAILABILITY_DEBOUNCE_MS } from '@domain/constants';
import type { Role } from '@domain/roles';
import { can } from '@translator/can';
import { ROLE_ASSIGNABLE, translateRoleRules } from '@translator/translate-permissions';
import { failureText } from '../../ui/failure-text';

export type Availability = 'empty' | 'invalid' | 'checking' | 'available' | 'taken' | 'unknown';

/** The outsourcer list: only a list that loaded, and is empty, means that no outsourcer exists. */
export type OutsourcersStatus = 'loading' | 'ready' | 'failed';

/** Where the new user's outsourcer, call centres and teams come from. */
export interface PlacementSource {
  outsourcers(): Promise<IdName[]>;
  sites(outsourcerIds: readonly string[]): Promise<IdName[]>;
  teams(siteIds: readonly string[]): Promise<IdName[]>;
}

/**
 * For a creator without the organisation lists (spec 1 §6: a team-leader), the choices are their own place, read from
 * their own row of the user table: a creator places users only inside their own part of the organisation.
 */
export function ownPlacementSource(users: UsersClient, self: { id: string; username: string }): PlacementSource {
  let own: Promise<UserRow | null> | null = null;
  // Their username may be part of others' (ann, joanna): the pages of the search are read until their row is found.
  const find = async (): Promise<UserRow | null> => {
    const length = 20;
    for (let page = 0; page < 50; page++) {
      const result = await users.search({ page, length, text: self.username });
      const mine = result.data.find((r) => r.id === self.id);
      if (mine) return mine;
      if ((page + 1) * length >= result.total || result.data.length === 0) return null;
    }
    return null;
  };
  // A failed search is not 'no place': it rejects, so the wizard offers a retry, and the next call searches again.
  const row = () => (own ??= find().catch((failure: unknown) => {
    own = null;
    throw failure;
  }));
  return {
    async outsourcers() {
      const mine = await row();
      return mine?.outsourcerId ? [{ id: mine.outsourcerId, name: mine.outsourcerName ?? mine.outsourcerId }] : [];
    },
    async sites() {
      const mine = await row();
      return mine ? mine.siteIds.map((id, i) => ({ id, name: mine.siteNames[i] ?? id })) : [];
    },
    async teams() {
      const mine = await row();
      return mine ? mine.teamIds.map((id, i) => ({ id, name: mine.teamNames[i] ?? id })) : [];
    },
  };
}

const roleRules = translateRoleRules();
const usernamePattern = new RegExp(USERNAME_PATTERN);

/** The signed-in user creating another: their role decides what they may give, their group goes with the new user. */
export interface Creator { id: string; username: string; role: Role; groupId?: string | null }

/** Roles the creator may give (spec 1 §6), by the translator's createUser rule, as the server decides it. */
export function offeredRoles(creator: Creator, outsourcersExist: boolean): Role[] {
  return ROLE_ASSIGNABLE[creator.role]
    .filter((role) => can(roleRules.createUser, { user: { id: creator.id, username: creator.username, role: creator.role }, target: { role } }))
    .filter((role) => outsourcersExist || (role !== 'manager' && role !== 'site-manager'));
}

/** Step 2 is complete (spec 1 §5): middle, or no outsourcers, at once; a manager with the outsourcer; a site-manager with a call centre; others with a team. */
export function roleStepComplete(choice: { role: Role | null; outsourcerId: string | null; siteIds: readonly string[]; teamIds: readonly string[] }, outsourcersExist: boolean): boolean {
  const { role } = choice;
  if (!role) return false;
  if (role === 'middle' || !outsourcersExist) return true;
  if (role === 'manager') return choice.outsourcerId !== null;
  if (role === 'site-manager') return choice.outsourcerId !== null && choice.siteIds.length > 0;
  return choice.outsourcerId !== null && choice.siteIds.length > 0 && choice.teamIds.length > 0;
}

export interface CreateUserController {
  username: string;
  setUsername(value: string): void;
  availability: Availability;
  usernameDone: boolean;
  /** Something was typed or chosen (a username, a role): closing the wizard would throw it away. */
  hasInput: boolean;
  roles: Role[];
  role: Role | null;
  setRole(role: Role | null): void;
  outsourcersStatus: OutsourcersStatus;
  /** False only once the outsourcers loaded and none came: a failed or pending load is not 'none exist'. */
  outsourcersExist: boolean;
  retryOutsourcers(): void;
  outsourcers: OrganisationItem[];
  sites: OrganisationItem[];
  teams: OrganisationItem[];
  outsourcerId: string | null;
  siteIds: string[];
  teamIds: string[];
  chooseOutsourcer(id: string | null): void;
  chooseSites(ids: string[]): void;
  chooseTeams(ids: string[]): void;
  /** Which list of the chosen place failed to load, if any; retryPlace asks for it again. */
  placeFailed: 'sites' | 'teams' | null;
  retryPlace(): void;
  roleDone: boolean;
  saving: boolean;
  error: string | null;
  created: TemporaryPassword | null;
  save(): Promise<void>;
}

/** The 3-step create-user wizard of spec 1 §4, §5: username with the 500 ms availability check, role and place, summary and save. */
export function useCreateUserController({ users, creator, source }: { users: UsersClient; creator: Creator; source: PlacementSource }): CreateUserController {
  const { t } = useTranslation();
  const [username, setUsernameState] = useState('');
  const [availability, setAvailability] = useState<Availability>('empty');
  const [role, setRoleState] = useState<Role | null>(null);
  const [outsourcers, setOutsourcers] = useState<IdName[]>([]);
  const [outsourcersStatus, setOutsourcersStatus] = useState<OutsourcersStatus>('loading');
  const [outsourcerLoads, setOutsourcerLoads] = useState(0);
  const [sites, setSites] = useState<IdName[]>([]);
  const [teams, setTeams] = useState<IdName[]>([]);
  const [placeFailed, setPlaceFailed] = useState<'sites' | 'teams' | null>(null);
  const [outsourcerId, setOutsourcerId] = useState<string | null>(null);
  const [siteIds, setSiteIds] = useState<string[]>([]);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<TemporaryPassword | null>(null);

  // the availability check runs 500 ms after typing stops; an answer for an older text is dropped
  const checked = useRef('');
  useEffect(() => {
    // Spec 1 §5: only letters, digits, underscore and hyphen; anything else, a space included, is refused as typed.
    const value = username;
    checked.current = value;
    if (!value) return setAvailability('empty');
    if (!usernamePattern.test(value)) return setAvailability('invalid');
    setAvailability('checking');
    const timer = setTimeout(() => {
      users
        .availability(value)
        .then((answer) => {
          if (checked.current === value) setAvailability(answer.available ? 'available' : 'taken');
        })
        .catch(() => {
          if (checked.current === value) setAvailability('unknown');
        });
    }, USERNAME_AVAILABILITY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [username, users]);

  // Each request of the sites or teams takes a number: an answer for an older choice (outsourcer A, then B) is dropped.
  const sitesAsked = useRef(0);
  const teamsAsked = useRef(0);
  const loadSites = useCallback((outsourcerIds: readonly string[]) => {
    const mine = ++sitesAsked.current;
    ++teamsAsked.current;
    setSites([]);
    setTeams([]);
    setPlaceFailed(null);
    if (outsourcerIds.length === 0) return;
    void source.sites(outsourcerIds).then(
      (list) => mine === sitesAsked.current && setSites(list),
      () => mine === sitesAsked.current && setPlaceFailed('sites'),
    );
  }, [source]);
  const loadTeams = useCallback((siteIds: readonly string[]) => {
    const mine = ++teamsAsked.current;
    setTeams([]);
    setPlaceFailed(null);
    if (siteIds.length === 0) return;
    void source.teams(siteIds).then(
      (list) => mine === teamsAsked.current && setTeams(list),
      () => mine === teamsAsked.current && setPlaceFailed('teams'),
    );
  }, [source]);

  useEffect(() => {
    let live = true;
    setOutsourcersStatus('loading');
    source.outsourcers().then((list) => {
      if (!live) return;
      setOutsourcers(list);
      setOutsourcersStatus('ready');
      // a single outsourcer (a manager's, a team-leader's own) is chosen already
      if (list.length === 1) {
        setOutsourcerId(list[0].id);
        loadSites([list[0].id]);
      }
    }, () => live && setOutsourcersStatus('failed'));
    return () => {
      live = false;
    };
  }, [source, loadSites, outsourcerLoads]);

  const outsourcersExist = outsourcersStatus !== 'ready' || outsourcers.length > 0;
  const roles = useMemo(() => offeredRoles(creator, outsourcersExist), [creator, outsourcersExist]);
  const roleDone = roleStepComplete({ role, outsourcerId, siteIds, teamIds }, outsourcersExist);

  return {
    username,
    setUsername: setUsernameState,
    availability,
    usernameDone: availability === 'available',
    hasInput: username !== '' || role !== null,
    roles,
    role,
    setRole: (next) => {
      setRoleState(next);
      // a manager has no call centre, a site-manager no team
      if (next === 'manager' || next === 'middle') setSiteIds([]);
      if (next === 'manager' || next === 'site-manager' || next === 'middle') setTeamIds([]);
    },
    outsourcersStatus,
    outsourcersExist,
    retryOutsourcers: () => setOutsourcerLoads((n) => n + 1),
    outsourcers,
    sites,
    teams,
    outsourcerId,
    siteIds,
    teamIds,
    chooseOutsourcer(id) {
      setOutsourcerId(id);
      setSiteIds([]);
      setTeamIds([]);
      loadSites(id ? [id] : []);
    },
    chooseSites(ids) {
      setSiteIds(ids);
      setTeamIds([]);
      loadTeams(ids);
    },
    chooseTeams: setTeamIds,
    placeFailed,
    retryPlace() {
      if (placeFailed === 'sites') loadSites(outsourcerId ? [outsourcerId] : []);
      else if (placeFailed === 'teams') loadTeams(siteIds);
    },
    roleDone,
    saving,
    error,
    created,
    async save() {
      if (!role || saving || created) return;
      setSaving(true);
      setError(null);
      try {
        // A statistic user has no place (spec 1 §5: the role step is complete at once): an outsourcer chosen in advance is not theirs.
        const placed = role === 'middle' ? { outsourcerId: null, siteId: [], teamId: [] } : { outsourcerId, siteId: siteIds, teamId: teamIds };
        // spec 1 §3: the new-user payload carries the group the creator works in
        setCreated(await users.signup({ username, role, ...(creator.groupId ? { groupId: creator.groupId } : {}), ...placed }, { quiet: true }));
      } catch (failure) {
        const errors = (failure as { errors?: { message: string }[] }).errors;
        setError(errors?.map((e) => e.message).join('; ') || failureText(failure, t));
      } finally {
        setSaving(false);
      }
    },
  };
}
