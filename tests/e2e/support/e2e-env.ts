import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STATE_ENV = 'CONTACT_MANAGER_E2E_STATE';

/**
 * Where global setup leaves what the tests need (the server's address and the short-timeout workspace): a file of
 * this run only, named in the environment the test files inherit, so runs side by side never share a server.
 */
export function createE2eStateFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'contact-manager-e2e-')), 'state.json');
  process.env[STATE_ENV] = file;
  return file;
}

export function e2eStateFile(): string {
  const file = process.env[STATE_ENV];
  if (!file) throw new Error(`${STATE_ENV} is not set: run the browser tests through jest.e2e.config.cjs (its global setup starts the server)`);
  return file;
}

export interface E2eState {
  baseUrl: string;
  pid: number;
  dirs: string[];
  /** A workspace whose sessionTimeout global setup shortened, for the expiry test. */
  shortTimeout: { workspaceId: string; workspaceName: string; ms: number };
}

export const readE2eState = (): E2eState => JSON.parse(readFileSync(e2eStateFile(), 'utf8')) as E2eState;
