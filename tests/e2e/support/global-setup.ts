import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createE2eStateFile, type E2eState } from './e2e-env';

const root = resolve(__dirname, '../../..');
export const SHORT_SESSION_TIMEOUT_MS = 12_000;
const SHORT_TIMEOUT_WORKSPACE = 'minimo';

const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });

/**
 * Builds the SPA into a temporary folder, copies the fixtures with one workspace's sessionTimeout shortened (for
 * the session-expiry test), and starts the real server on a free port with a fresh DATA_DIR.
 */
export default async function globalSetup(): Promise<void> {
  const webRoot = mkdtempSync(join(tmpdir(), 'cm-e2e-web-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-e2e-data-'));
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

  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, FIXTURES_DIR: fixturesDir, WEB_ROOT: webRoot, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server not ready in 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready in \d+ ms/.test(output)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  child.removeAllListeners('exit');
  child.unref();

  const state: E2eState = {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    dirs: [webRoot, dataDir, fixturesDir],
    shortTimeout: { workspaceId: workspace.id, workspaceName: workspace.name, ms: SHORT_SESSION_TIMEOUT_MS },
  };
  writeFileSync(createE2eStateFile(), JSON.stringify(state));
}
