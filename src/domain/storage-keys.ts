/** Keys stored in the browser (spec 1 §3); all carry the `contact-manager` prefix. */
export const STORAGE_PREFIX = 'contact-manager';
export const STORAGE_KEYS = {
  language: `${STORAGE_PREFIX}.language`,
  /** 'light' | 'dark'; absent: follow the operating system's prefers-color-scheme. */
  theme: `${STORAGE_PREFIX}.theme`,
  loggedUser: `${STORAGE_PREFIX}.loggedUser`,
  sessionStart: `${STORAGE_PREFIX}.sessionStart`,
  /** The idle timeout in force (ms), as the server last reported it. */
  sessionTimeout: `${STORAGE_PREFIX}.sessionTimeout`,
  dataModel: `${STORAGE_PREFIX}.dataModel`,
  workspace: `${STORAGE_PREFIX}.workspace`,
  workspaceIds: `${STORAGE_PREFIX}.workspaceIds`,
  workspaceNames: `${STORAGE_PREFIX}.workspaceNames`,
  agents: `${STORAGE_PREFIX}.agents`,
  embedData: `${STORAGE_PREFIX}.embedData`,
  /** After a session expired: who was working, in which workspace and on which page, for that user's next sign-in. */
  resume: `${STORAGE_PREFIX}.resume`,
  /** session storage */
  logo: `${STORAGE_PREFIX}.logo`,
  /** session storage (spec 2 §9) */
  agentScriptOpen: `${STORAGE_PREFIX}.agentScriptOpen`,
  /** session storage: the workspace the embedded entry switched away from, told to the agent after the reload */
  embedSwitchedFrom: `${STORAGE_PREFIX}.embedSwitchedFrom`,
  /** session storage: the list page (filters, page, sort) and scroll position a contact was opened from */
  listReturn: `${STORAGE_PREFIX}.listReturn`,
} as const;
