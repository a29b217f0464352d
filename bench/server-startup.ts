/**
 * Time from spawning the server on a fresh DATA_DIR to its `ready` line: the first start (create, migrate, seed the
 * fixtures) and a restart on the same folder. Prints `startup-first: N ms` and `startup-restart: N ms`.
 * The `ready in N ms` the server prints itself (from process start, after tsx loaded) is shown alongside.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });

async function startOnce(dataDir: string): Promise<{ wallMs: number; reportedMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(tsx, ['src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    return await new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no ready line within 120 s:\n${output}`)), 120_000);
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /ready in (\d+) ms/.exec(output);
        if (match) {
          clearTimeout(timer);
          done({ wallMs: Math.round(performance.now() - started), reportedMs: Number(match[1]) });
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`server exited with ${code} before ready:\n${output}`));
      });
    });
  } finally {
    child.removeAllListeners('exit');
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'cm-bench-data-'));
try {
  const first = await startOnce(dataDir);
  console.log(`startup-first: ${first.wallMs} ms (server-reported ready in ${first.reportedMs} ms)`);
  const restart = await startOnce(dataDir);
  console.log(`startup-restart: ${restart.wallMs} ms (server-reported ready in ${restart.reportedMs} ms)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
