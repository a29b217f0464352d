import type { ApiClient } from '@api-client/api-client';
import type { WorkspaceSummary } from '@domain/api/workspace';
import { ACCESS_CHANGE_EVENT, CONFIG_CHANGE_EVENT, workspaceConfigRoutes, type ConfigChange } from '@domain/api/workspace-config';
import type { SessionStore } from './session-store';

/** The part of the browser's EventSource this module uses (tests install a fake on globalThis). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

/** EventSource.CLOSED: the server refused the stream (401, 5xx, wrong type); the browser will not reconnect. */
const CLOSED = 2;
/** After a refused stream, one more try this much later, a few times: a restarting server answers 502 for a while. */
export const CHANGES_RETRY_MS = 30_000;
const MAX_RETRIES = 5;

export interface ConfigChangesDeps {
  api: Pick<ApiClient, 'workspaces' | 'dataModels'>;
  store: SessionStore;
  /** The push channel's URL; by default the contract's (same origin, the cookie signs it). */
  url?: string;
  /** The EventSource constructor; by default the browser's, and nothing happens where there is none. */
  createEventSource?: EventSourceFactory | null;
  /**
   * The current workspace was disabled while the user works in it (`change`), or closed to them otherwise (null): a
   * team association or their workspace rights changed, or a catch-up found it gone. Told once per workspace.
   */
  onCurrentClosed(change: ConfigChange | null): void;
  /** The current workspace's new version is in the session store. */
  onCurrentUpdated?(change: ConfigChange | null): void;
}

export interface ConfigChanges {
  start(): void;
  stop(): void;
  readonly running: boolean;
}

const browserEventSource = (): EventSourceFactory | null =>
  typeof globalThis.EventSource === 'function' ? (url) => new globalThis.EventSource(url) as EventSourceLike : null;

const parseChange = (data: unknown): ConfigChange | null => {
  if (typeof data !== 'string') return null;
  try {
    const change = JSON.parse(data) as ConfigChange;
    return change && typeof change.workspaceId === 'string' && typeof change.version === 'number' ? change : null;
  } catch {
    return null;
  }
};

const parseAccess = (data: unknown): WorkspaceSummary[] | null => {
  if (typeof data !== 'string') return null;
  try {
    const workspaces = (JSON.parse(data) as { workspaces?: unknown } | null)?.workspaces;
    return Array.isArray(workspaces) && workspaces.every((item) => typeof (item as WorkspaceSummary | null)?.id === 'string')
      ? (workspaces as WorkspaceSummary[])
      : null;
  } catch {
    return null;
  }
};

const versionOf = (document: unknown): number | null => {
  const version = (document as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : null;
};

/**
 * Screens follow a published configuration without a reload (DESIGN.md "Configuration is versioned data"): one
 * EventSource on the push channel while signed in. A notice for the current workspace re-fetches the workspace and
 * its data model into the session store, and every screen re-translates from the new versions (the translator's
 * caches are keyed by version). A notice for another workspace reloads the workspace selector's list. Notices that
 * arrive while a fetch runs are folded into one more fetch after it. An access notice brings the user's list itself
 * (a team or their rights changed): the selector follows it, and the current workspace gone from it is said as a
 * disabled one is.
 */
export const createConfigChanges = (deps: ConfigChangesDeps): ConfigChanges => {
  const url = deps.url ?? workspaceConfigRoutes.changes.url;
  const factory = deps.createEventSource === undefined ? browserEventSource() : deps.createEventSource;
  const { api, store } = deps;
  let source: EventSourceLike | null = null;
  let running = false;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let opened = false;

  // One fetch of each kind at a time; a notice during it asks for one more run.
  const serial = (work: () => Promise<void>) => {
    let busy: Promise<void> | null = null;
    let again = false;
    const run = (): Promise<void> => {
      if (busy) { again = true; return busy; }
      busy = work().catch(() => undefined).finally(() => {
        busy = null;
        if (again && running) { again = false; void run(); }
      });
      return busy;
    };
    return run;
  };

  let lastChange: ConfigChange | null = null;
  const refreshCurrent = serial(async () => {
    const current = store.getState().workspace;
    if (!current) return;
    const workspace = await api.workspaces.get(current.id);
    const dataModel = await api.dataModels.get(workspace.dataModelId);
    const now = store.getState();
    // A switch or a logout meanwhile: this answer is for a workspace no longer on screen.
    if (!running || now.workspace?.id !== current.id) return;
    const renamed = now.workspaces.some((item) => item.id === workspace.id && item.name !== workspace.name);
    // The versions already on screen (a reconnect's catch-up): new objects of the same documents would only make
    // every screen translate and render again.
    const same = versionOf(workspace) !== null && versionOf(workspace) === versionOf(now.workspace)
      && versionOf(dataModel) !== null && versionOf(dataModel) === versionOf(now.dataModel) && dataModel.id === now.dataModel?.id;
    if (same && !renamed) return;
    store.save({
      workspace,
      dataModel,
      ...(renamed ? { workspaces: now.workspaces.map((item) => (item.id === workspace.id ? { ...item, name: workspace.name } : item)) } : {}),
    });
    deps.onCurrentUpdated?.(lastChange);
  });

  // The workspace whose closing the user was told of: told once, until it opens again or another one is current.
  let toldClosed: string | null = null;

  const applyList = (list: WorkspaceSummary[]) => {
    const workspaces = list.filter((item) => item.enabled);
    const { workspace, workspaces: before } = store.getState();
    if (workspace && !workspaces.some((item) => item.id === workspace.id)) {
      if (toldClosed !== workspace.id) {
        toldClosed = workspace.id;
        deps.onCurrentClosed(null);
      }
      // The workspace on screen stays in the selector, even closed: the user was told, and picks another one.
      const kept = before.findIndex((item) => item.id === workspace.id);
      if (kept >= 0) workspaces.splice(Math.min(kept, workspaces.length), 0, before[kept]);
    } else if (workspace?.id === toldClosed) {
      toldClosed = null;
    }
    store.save({ workspaces });
  };

  const refreshList = serial(async () => {
    const list = await api.workspaces.list();
    if (running) applyList(list);
  });

  const onChange = (change: ConfigChange) => {
    const { workspace, dataModel } = store.getState();
    if (!workspace) return;
    if (change.workspaceId !== workspace.id) { void refreshList(); return; }
    if (!change.enabled) {
      toldClosed = workspace.id;
      deps.onCurrentClosed(change);
      void refreshList();
      return;
    }
    if (change.action === 'enable') void refreshList();
    // A notice of the versions already on screen (a reconnect, or the enable of a workspace already open) costs nothing.
    if (versionOf(workspace) === change.version && versionOf(dataModel) === change.dataModelVersion && change.dataModelId === workspace.dataModelId) return;
    lastChange = change;
    void refreshCurrent();
  };

  const open = () => {
    if (!factory || !running) return;
    const es = factory(url);
    source = es;
    es.addEventListener('open', () => {
      retries = 0;
      // Notices sent while the stream was down are lost: catch up once it is back. The list first: a workspace closed
      // to the user meanwhile is said as such, not fetched (its refusal would be an error toast).
      if (opened) {
        lastChange = null;
        void refreshList().then(() => {
          if (toldClosed !== store.getState().workspace?.id) void refreshCurrent();
        });
      }
      opened = true;
    });
    es.addEventListener(CONFIG_CHANGE_EVENT, (event) => {
      const change = parseChange(event.data);
      if (change) onChange(change);
    });
    es.addEventListener(ACCESS_CHANGE_EVENT, (event) => {
      const list = parseAccess(event.data);
      if (list && running && store.getState().workspace) applyList(list);
    });
    es.addEventListener('error', () => {
      // The browser reconnects by itself unless the server refused the stream (a 401 after the session ended among
      // them): then this one is closed, and tried again later while the user is still signed in.
      if (es.readyState !== CLOSED || source !== es) return;
      es.close();
      source = null;
      if (retries++ < MAX_RETRIES) retryTimer = setTimeout(() => { retryTimer = null; open(); }, CHANGES_RETRY_MS);
    });
  };

  return {
    start() {
      if (running) return;
      running = true;
      retries = 0;
      opened = false;
      toldClosed = null;
      open();
    },
    stop() {
      running = false;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      source?.close();
      source = null;
    },
    get running() {
      return running;
    },
  };
};
