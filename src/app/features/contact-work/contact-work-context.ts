import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RendererFormContext, RendererLocale } from '@renderers/form-context';
import type { Role } from '@domain/roles';
import type { AppServices } from '../../services/app-services';
import { useServices, useSession } from '../../services/services-context';
import type { SessionState } from '../../session/session-store';
import { leaveForList } from '../../ui/list-return';
import { localeOf } from '../../ui/renderer-locale';
import type { ContactWorkApi } from './contact-work-api';
import { createDraftStore, type DraftStore } from './drafts';
import { contactRendererServices } from './services';

/** What a contact screen may be given instead of the app's own: tests pass fakes. */
export interface ContactWorkOptions {
  /** The app's API client otherwise. */
  api?: ContactWorkApi;
  /** The browser's localStorage otherwise. */
  drafts?: DraftStore;
}

/** What the contact show, edit and create screens all work with: the session, the API, the drafts, the language. */
export interface ContactWorkContext {
  services: AppServices;
  api: ContactWorkApi;
  /** Whether the API was given (a test's fake): the start-up prefetch then is not used. */
  apiGiven: boolean;
  drafts: DraftStore;
  user: SessionState['user'];
  workspace: SessionState['workspace'];
  dataModel: SessionState['dataModel'];
  /** The session's workspace ('' before there is one). */
  workspaceId: string;
  role: Role;
  t: TFunction;
  locale: RendererLocale;
}

export const useContactWorkContext = ({ api, drafts: givenDrafts }: ContactWorkOptions = {}): ContactWorkContext => {
  const services = useServices();
  const { user, workspace, dataModel } = useSession();
  const { t, i18n } = useTranslation();
  const drafts = useMemo(() => givenDrafts ?? createDraftStore(window.localStorage), [givenDrafts]);
  return {
    services,
    api: api ?? (services.api as ContactWorkApi),
    apiGiven: api !== undefined,
    drafts,
    user,
    workspace,
    dataModel,
    workspaceId: workspace?.id ?? '',
    role: user?.role ?? 'basic',
    t,
    locale: localeOf(i18n.language),
  };
};

/** The renderer services and locale of the contact forms (enums, address lookups, uploads into `contactId`). */
export const useRendererFormContext = ({ api, workspaceId, workspace, locale }: ContactWorkContext, contactId?: string): RendererFormContext | null => {
  const version = workspace?.version;
  return useMemo(
    () => (workspaceId ? { services: contactRendererServices(api, workspaceId, contactId, version), locale } : null),
    [api, workspaceId, contactId, version, locale],
  );
};

/** `later(fn, ms)`: a timer that leaving the screen cancels. */
export const useLater = (): ((fn: () => void, ms: number) => void) => {
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return useCallback((fn: () => void, ms: number) => { timers.current.push(setTimeout(fn, ms)); }, []);
};

/** Back to the list the agent came from (its filters kept), or to the given path. */
export const useLeave = ({ services }: ContactWorkContext, contactId?: string): ((to?: string) => void) => {
  const { navigate, sessionStorage } = services;
  // Back to the list the agent came from, with this contact's row to be focused there.
  return useCallback((to?: string) => navigate(to ?? leaveForList(sessionStorage, contactId)), [navigate, sessionStorage, contactId]);
};
