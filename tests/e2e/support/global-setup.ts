import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createE2eStateFile, type E2eStateFile } from './e2e-env';
import { freePort, startServer } from './server-process';

const root = resolve(__dirname, '../../..');
export const SHORT_SESSION_TIMEOUT_MS = 12_000;
const SHORT_TIMEOUT_WORKSPACE = 'minimo';

/**
 * Builds the SPA into a temporary folder, copies the fixtures with one workspace's sessionTimeout shortened (for
 * the session-expiry test), and starts the real server on a free port with a fresh DATA_DIR: one server per Jest
 * worker, so two workers never share a database (in band, one).
 */
export default async function globalSetup(globalConfig: { runInBand?: boolean; maxWorkers: number }): Promise<void> {
  const serverCount = globalConfig.runInBand ? 1 : Math.max(1, globalConfig.maxWorkers);
  const webRoot = mkdtempSync(join(tmpdir(), 'cm-e2e-web-'));
  const dataDirs = Array.from({ length: serverCount }, () => mkdtempSync(join(tmpdir(), 'cm-e2e-data-')));
  const fixturesDir = mkdtempSync(join(tmpdir(), 'cm-e2e-fixtures-'));

  const build = spawnSync('npx', ['vite', 'build', '--outDir', webRoot, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    // The production bundle users get (Jest sets NODE_ENV=test, which Vite would build as development).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('vite build failed');

  cpSync(join(root, 'fixtures'), fixturesDir, { recursive: true });
  const workspaceFile = join(fixturesDir, 'workspaces', SHORT_TIMEOUT_WORKSPACE, 'workspace.json');
  const workspace = JSON.parse(readFileSync(workspaceFile, 'utf8')) as { id: string; name: string; sessionTimeout?: number };
  workspace.sessionTimeout = SHORT_SESSION_TIMEOUT_MS;
  writeFileSync(workspaceFile, JSON.stringify(workspace, null, 2));

  const servers = await Promise.all(dataDirs.map(async (dataDir) => {
    const port = await freePort();
    const child = await startServer(port, { dataDir, fixturesDir, webRoot });
    child.unref();
    return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, dataDir };
  }));

  const state: E2eStateFile = {
    servers,
    dirs: [webRoot, ...dataDirs, fixturesDir],
    shortTimeout: { workspaceId: workspace.id, workspaceName: workspace.name, ms: SHORT_SESSION_TIMEOUT_MS },
  };
  writeFileSync(createE2eStateFile(), JSON.stringify(state));
}
