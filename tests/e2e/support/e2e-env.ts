import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STATE_ENV = 'CONTACT_MANAGER_E2E_STATE';

/**
 * Where global setup leaves what the tests need (the servers' addresses and the short-timeout workspace): a file of
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

/** One real server with a database of its own, for one Jest worker. */
export interface E2eServer {
  baseUrl: string;
  pid: number;
  /** Its DATA_DIR (flows' inbound folders under flows/<flowId>/inbound). */
  dataDir: string;
}

export interface E2eStateFile {
  /** One server per Jest worker: a worker's test files run one after another against its server alone. */
  servers: E2eServer[];
  dirs: string[];
  /** A workspace whose sessionTimeout global setup shortened, for the expiry test. */
  shortTimeout: { workspaceId: string; workspaceName: string; ms: number };
}

export interface E2eState {
  /** This worker's server. */
  baseUrl: string;
  /** This worker's server's DATA_DIR. */
  dataDir: string;
  shortTimeout: E2eStateFile['shortTimeout'];
}

export const readE2eStateFile = (): E2eStateFile => JSON.parse(readFileSync(e2eStateFile(), 'utf8')) as E2eStateFile;

/** The server of the Jest worker running this file (workers are numbered from 1; in band there is one). */
export const readE2eState = (): E2eState => {
  const { servers, shortTimeout } = readE2eStateFile();
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  const server = servers[(Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % servers.length];
  return { baseUrl: server.baseUrl, dataDir: server.dataDir, shortTimeout };
};
