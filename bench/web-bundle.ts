/**
 * Gzipped size of the JavaScript the /login route loads (the entry chunk, its static imports, and the lazily
 * loaded login page with its static imports), of all JavaScript in the build, and the largest chunk (raw and gzipped).
 * `npm run bench -- web-bundle` builds the SPA first unless `--no-build` is given (then dist/web is read).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = process.cwd();
const dist = join(root, 'dist', 'web');

if (!process.argv.includes('--no-build') || !existsSync(join(dist, 'index.html'))) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const assets = join(dist, 'assets');
const read = (file: string): string => readFileSync(join(assets, file), 'utf8');
const gzipBytes = (file: string): number => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** Chunks a chunk imports statically (`import … from "./x.js"` or `import "./x.js"`), recursively. */
const withStaticImports = (entry: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = read(entry);
  for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) withStaticImports(match[1], seen);
  return seen;
};

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="\/?assets\/([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?assets\/([^"]+\.js)"/g)].map((m) => m[1]);
if (entries.length === 0) throw new Error('no entry script in dist/web/index.html');
const jsFiles = readdirSync(assets).filter((file) => file.endsWith('.js'));
const loginChunk = jsFiles.find((file) => file.startsWith('LoginPage-'));
if (!loginChunk) throw new Error('no LoginPage-*.js chunk: is the login route lazy?');

const loginSet = new Set<string>();
for (const file of [...entries, loginChunk]) withStaticImports(file, loginSet);
const loginBytes = [...loginSet].reduce((sum, file) => sum + gzipBytes(file), 0);
const totalBytes = jsFiles.reduce((sum, file) => sum + gzipBytes(file), 0);

const verbose = process.argv.includes('--verbose');
if (verbose) for (const file of [...loginSet].sort()) console.log(`  ${file}: ${kb(gzipBytes(file))} KB`);
console.log(`login-page-js-gzip: ${kb(loginBytes)} KB`);
console.log(`login-page-js-chunks: ${loginSet.size}`);
console.log(`total-js-gzip: ${kb(totalBytes)} KB`);
const largest = jsFiles.map((file) => ({ file, bytes: readFileSync(join(assets, file)).length })).sort((a, b) => b.bytes - a.bytes)[0];
console.log(`largest-chunk: ${kb(largest.bytes)} KB`);
console.log(`largest-chunk-gzip: ${kb(gzipBytes(largest.file))} KB`);
if (verbose) console.log(`  largest: ${largest.file}`);
