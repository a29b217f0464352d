import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where global setup leaves what the tests need: the server's address and the short-timeout workspace. */
export const E2E_STATE_FILE = join(tmpdir(), `contact-manager-e2e-${process.env.USER ?? 'user'}.json`);

export interface E2eState {
  baseUrl: string;
  pid: number;
  dirs: string[];
  /** A workspace whose sessionTimeout global setup shortened, for the expiry test. */
  shortTimeout: { workspaceId: string; workspaceName: string; ms: number };
}

export const readE2eState = (): E2eState => JSON.parse(readFileSync(E2E_STATE_FILE, 'utf8')) as E2eState;
