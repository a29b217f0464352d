import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

/** A port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });

export interface ServerFolders {
  dataDir: string;
  fixturesDir: string;
  webRoot: string;
  /** A PostgreSQL server instead of PGlite in `dataDir` (not seeded: main.ts seeds a server only with SEED_DEMO=1). */
  databaseUrl?: string;
}

/**
 * Starts the real server (`src/server/main.ts`, PGlite in `dataDir` seeded from `fixturesDir` or the PostgreSQL
 * database `databaseUrl`, serving the SPA built in `webRoot`) on `port` and resolves once it prints `ready in N ms`;
 * fails with its output if it exits first.
 */
export async function startServer(port: number, { dataDir, fixturesDir, webRoot, databaseUrl }: ServerFolders): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, FIXTURES_DIR: fixturesDir, WEB_ROOT: webRoot, DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server not ready in 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready in \d+ ms/.test(output)) { clearTimeout(timer); ready(); }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); fail(new Error(`server exited with ${code}:\n${output}`)); });
  });
  // Past start-up its output is drained and ignored.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  child.removeAllListeners('exit');
  return child;
}
