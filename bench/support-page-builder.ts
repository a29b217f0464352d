/**
 * Builds a one-file browser page from a TSX entry with esbuild (installed with vite), Blueprint's CSS inlined, and
 * opens it in Debian's Chromium with playwright-core. Used by the forms bench and the renderer browser tests.
 */
import { build, stop } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CSS = ['@blueprintjs/core/lib/css/blueprint.css', '@blueprintjs/datetime/lib/css/blueprint-datetime.css', '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css'];

export interface BuiltPage { dir: string; url: string; dispose(): void }

/** A page's entry: a path from the repository root, or TSX source written inline (resolved from the root). */
export type PageEntry = string | { contents: string; sourcefile: string };

/** Bundles `entry` into `<tmp>/index.html`, with Blueprint's stylesheets (`css`: paths under node_modules). */
export async function buildPage(entry: PageEntry, title = 'renderers', css: readonly string[] = CSS): Promise<BuiltPage> {
  const dir = mkdtempSync(join(tmpdir(), 'cm-page-'));
  const result = await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [join(root, entry)] }
      : { stdin: { contents: entry.contents, sourcefile: entry.sourcefile, resolveDir: root, loader: 'tsx' as const } }),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false' },
    loader: { '.json': 'json' },
    logLevel: 'error',
  });
  // esbuild keeps a service process alive between builds; a test run would not exit with it.
  await stop();
  const js = result.outputFiles[0].text;
  const styles = css.map((p) => readFileSync(join(root, 'node_modules', p), 'utf8')).join('\n');
  writeFileSync(join(dir, 'app.js'), js);
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="it-IT"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title><style>${styles}\nbody{margin:16px;font-size:14px}</style></head><body><div id="root"></div><script type="module" src="./app.js"></script></body></html>`);
  return { dir, url: `file://${join(dir, 'index.html')}`, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface BrowserHandle { context: BrowserContext; page: Page; close(): Promise<void> }

/** Chromium as STACK.md says: a fresh profile per run, no background networking. */
/** `unthrottled`: frames as soon as there is something to draw (no vsync wait), so a latency measures work, not frame alignment. */
export async function openChromium(options: { unthrottled?: boolean } = {}): Promise<BrowserHandle> {
  const profile = mkdtempSync(join(tmpdir(), 'cm-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--allow-file-access-from-files', ...(options.unthrottled ? ['--disable-frame-rate-limit', '--disable-gpu-vsync'] : [])],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); } };
}
