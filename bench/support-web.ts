/**
 * What the web benches share: the built SPA (built first unless `--no-build`), the real server on a free port
 * (PGlite in a fresh DATA_DIR unless told otherwise) and a Chromium page signed in and on the bench's workspace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const webRoot = process.env.BENCH_WEB_ROOT ?? join(root, 'dist', 'web');

/** `npx vite build` into dist/web, unless `--no-build` is given and a build is there; exits if the build fails. */
export function buildWeb(): void {
  if (!process.argv.includes('--no-build') || !existsSync(join(webRoot, 'index.html'))) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const freePort = () => new Promise<number>((ok, fail) => {
  const server = createServer();
  server.once('error', fail);
  server.listen(0, '127.0.0.1', () => { const a = server.address(); const port = typeof a === 'object' && a ? a.port : 0; server.close(() => ok(port)); });
});

/** The p-th percentile of unsorted values. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export interface WebServer { base: string; stop(): void }

/**
 * The real server (`src/server/main.ts`) serving the built SPA, its data in a fresh `<tmp>/<prefix>…` folder (removed
 * by `stop`); `env` adds to or overrides its environment (DATABASE_URL '' = PGlite). Resolves once it is ready.
 */
export async function startWebServer(prefix: string, env: Record<string, string> = {}): Promise<WebServer> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: webRoot, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server not ready in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => { output += chunk.toString(); if (/ready in \d+ ms/.test(output)) { clearTimeout(timer); ok(); } };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.once('exit', (code) => { clearTimeout(timer); fail(new Error(`server exited with ${code}:\n${output}`)); });
  });
  server.removeAllListeners('exit');
  return { base: `http://127.0.0.1:${port}`, stop: () => { server.kill(); rmSync(dataDir, { recursive: true, force: true }); } };
}

export interface SignInOptions {
  /** The workspace to be on once signed in (switched to when it is not the current one); none: no wait, no switch. */
  workspace?: string;
  /** Submit with the Enter key instead of the Sign in button. */
  submitWithEnter?: boolean;
}

/** Signs `username` (password Demo2026!) in on a clean page in English, then goes to `options.workspace` if given. */
export async function signIn(page: Page, base: string, username: string, options: SignInOptions = {}): Promise<void> {
  await page.goto(`${base}/login`);
  await page.evaluate(() => { localStorage.clear(); localStorage.setItem('contact-manager.language', 'en-US'); });
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Demo2026!');
  if (options.submitWithEnter) await page.keyboard.press('Enter');
  else await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  const { workspace } = options;
  if (!workspace) return;
  await page.locator('#cm-page-title').waitFor();
  const current = await page.evaluate(() => JSON.parse(localStorage.getItem('contact-manager.workspace') ?? '{}').id as string);
  if (current !== workspace) {
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Workspace', { exact: true }).selectOption(workspace)]);
    await page.locator('#cm-page-title').waitFor();
  }
}
