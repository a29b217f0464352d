import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The server refuses to start on a configuration that would weaken its sessions (issue 12, must have 5): in production
 * the JWT signing secret comes from the environment, never from a database row; a short one is refused anywhere.
 * The refusal comes before the database is touched: the data folder stays empty.
 */

const root = resolve(__dirname, '../..');

function start(env: Record<string, string>): Promise<{ code: number | null; output: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-start-config-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, JWT_SECRET: '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', WEB_ROOT: join(dataDir, 'no-web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => { clearTimeout(timer); done({ code, output, dataDir }); });
  });
}

describe('start-up configuration', () => {
  it.each([
    ['NODE_ENV=production without JWT_SECRET', { NODE_ENV: 'production' }, 'JWT_SECRET must be set when NODE_ENV=production'],
    ['a JWT_SECRET shorter than 32 characters', { JWT_SECRET: 'short-secret' }, 'JWT_SECRET must be at least 32 characters long'],
  ])('refuses %s, names the setting and touches no database', async (_label, env, message) => {
    const { code, output, dataDir } = await start(env);
    try {
      expect(code).not.toBe(0);
      expect(output).toContain(message);
      expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
