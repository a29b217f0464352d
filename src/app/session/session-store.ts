import type { LoggedUser, UserListItem } from '@domain/api/auth';
import type { WorkspaceSummary } from '@domain/api/workspace';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { DEFAULT_SESSION_TIMEOUT_MS } from '@domain/constants';
import { STORAGE_KEYS } from '@domain/storage-keys';

export interface EmbedData {
  contactId: string;
  campaign: string;
  agent: string;
  guid: string;
  callerid: string;
  workspaceId: string;
}

/** Where a user was when their session expired: their next sign-in goes back there. */
export interface SessionResume {
  userId: string;
  workspaceId: string;
  path: string;
}

export interface SessionState {
  /** 'checking' only while the start-up session check runs. */
  status: 'checking' | 'signed-in' | 'signed-out';
  user: LoggedUser | null;
  workspace: Workspace | null;
  dataModel: DataModel | null;
  workspaces: WorkspaceSummary[];
  agents: UserListItem[];
  sessionStart: number;
  sessionTimeout: number;
  embed: EmbedData | null;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** The stored login data, workspace and data model (spec 1 §3); nothing is requested here. */
  save(patch: Partial<Omit<SessionState, 'status'>>): void;
  setStatus(status: SessionState['status']): void;
  setEmbed(embed: EmbedData | null): void;
  /** Logout: every stored key but the language (and a resume point) goes. */
  clear(): void;
  /** Keeps (or forgets, with null) where to go back to after the next sign-in; it outlives clear(). */
  saveResume(resume: SessionResume | null): void;
  /** The resume point, read once: it is forgotten as it is taken. */
  takeResume(): SessionResume | null;
}

const read = <T>(storage: Pick<Storage, 'getItem'>, key: string): T | null => {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

/** The user the last sign-in stored, if any: with one, the store starts by checking the session. */
export const storedUser = (storage: Pick<Storage, 'getItem'>): LoggedUser | null => read<LoggedUser>(storage, STORAGE_KEYS.loggedUser);

const SESSION_KEYS = [
  STORAGE_KEYS.loggedUser, STORAGE_KEYS.sessionStart, STORAGE_KEYS.sessionTimeout, STORAGE_KEYS.dataModel, STORAGE_KEYS.workspace,
  STORAGE_KEYS.workspaceIds, STORAGE_KEYS.workspaceNames, STORAGE_KEYS.agents, STORAGE_KEYS.embedData,
] as const;

const load = (storage: Storage): SessionState => {
  const user = storedUser(storage);
  const ids = read<string[]>(storage, STORAGE_KEYS.workspaceIds) ?? [];
  const names = read<string[]>(storage, STORAGE_KEYS.workspaceNames) ?? [];
  const workspace = read<Workspace>(storage, STORAGE_KEYS.workspace);
  return {
    status: user ? 'checking' : 'signed-out',
    user,
    workspace,
    dataModel: read<DataModel>(storage, STORAGE_KEYS.dataModel),
    workspaces: ids.map((id, index) => ({ id, name: names[index] ?? id, dataModelId: id === workspace?.id ? workspace.dataModelId : '', enabled: true })),
    agents: read<UserListItem[]>(storage, STORAGE_KEYS.agents) ?? [],
    sessionStart: read<number>(storage, STORAGE_KEYS.sessionStart) ?? 0,
    sessionTimeout: read<number>(storage, STORAGE_KEYS.sessionTimeout) ?? DEFAULT_SESSION_TIMEOUT_MS,
    embed: read<EmbedData>(storage, STORAGE_KEYS.embedData),
  };
};

export const createSessionStore = (storage: Storage): SessionStore => {
  let state = load(storage);
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const write = (key: string, value: unknown) => {
    if (value === null || value === undefined) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save(patch) {
      state = { ...state, ...patch };
      if ('user' in patch) write(STORAGE_KEYS.loggedUser, patch.user);
      if ('workspace' in patch) write(STORAGE_KEYS.workspace, patch.workspace);
      if ('dataModel' in patch) write(STORAGE_KEYS.dataModel, patch.dataModel);
      if ('agents' in patch) write(STORAGE_KEYS.agents, patch.agents);
      if ('sessionStart' in patch) write(STORAGE_KEYS.sessionStart, patch.sessionStart);
      if ('sessionTimeout' in patch) write(STORAGE_KEYS.sessionTimeout, patch.sessionTimeout);
      if ('embed' in patch) write(STORAGE_KEYS.embedData, patch.embed);
      if (patch.workspaces) {
        write(STORAGE_KEYS.workspaceIds, patch.workspaces.map((item) => item.id));
        write(STORAGE_KEYS.workspaceNames, patch.workspaces.map((item) => item.name));
      }
      emit();
    },
    setStatus(status) {
      state = { ...state, status };
      emit();
    },
    setEmbed(embed) {
      state = { ...state, embed };
      write(STORAGE_KEYS.embedData, embed);
      emit();
    },
    clear() {
      for (const key of SESSION_KEYS) storage.removeItem(key);
      state = { ...load(storage), status: 'signed-out' };
      emit();
    },
    saveResume(resume) {
      write(STORAGE_KEYS.resume, resume);
    },
    takeResume() {
      const resume = read<SessionResume>(storage, STORAGE_KEYS.resume);
      storage.removeItem(STORAGE_KEYS.resume);
      return resume && typeof resume.userId === 'string' && typeof resume.workspaceId === 'string' && typeof resume.path === 'string' ? resume : null;
    },
  };
};
