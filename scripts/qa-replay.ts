/**
 * QA replay: compares the translator's output for every fixture with fixtures/workspaces/<slug>/expected/.
 * `npx tsx scripts/qa-replay.ts` checks (exit 1 on a difference, with a readable diff);
 * `npx tsx scripts/qa-replay.ts --update [slug...]` rewrites the expected files after a deliberate change and prints what changed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NAVIGATION_SCREENS } from '@app/routes/screens';
import type { Workspace } from '@domain/generated/workspace';
import { translateNavigation } from '@translator/menu';
import { jsonDiff, qaSnapshot } from '@translator/qa-snapshot';
import { translateWorkspace } from '@translator/translate-workspace';

const fixturesDir = join(process.cwd(), 'fixtures', 'workspaces');
export const pretty = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;

export function fixtureSlugs(): string[] {
  return readdirSync(fixturesDir).filter((d) => existsSync(join(fixturesDir, d, 'workspace.json'))).sort();
}

/** The expected files of one fixture as the translator makes them now. */
export function currentExpected(slug: string): Record<string, string> {
  const read = (f: string): unknown => JSON.parse(readFileSync(join(fixturesDir, slug, f), 'utf8'));
  const workspace = read('workspace.json');
  const result = translateWorkspace(read('data-model.json'), workspace);
  if (!result.ok) return { 'problems.json': pretty(result.problems) };
  // What each role sees in the app: the translator's rules over the app's screens.
  const navigation = translateNavigation(workspace as Workspace, NAVIGATION_SCREENS, result.value.permissions);
  return Object.fromEntries(Object.entries(qaSnapshot(result.value, navigation)).map(([file, value]) => [file, pretty(value)]));
}

export function storedExpected(slug: string): Record<string, string> {
  const base = join(fixturesDir, slug, 'expected');
  const out: Record<string, string> = {};
  const walk = (dir: string, prefix: string): void => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name), `${prefix}${e.name}/`);
      else out[`${prefix}${e.name}`] = readFileSync(join(dir, e.name), 'utf8');
    }
  };
  walk(base, '');
  return out;
}

/** Lines describing how stored and current differ, file by file. */
export function describeDifferences(stored: Record<string, string>, current: Record<string, string>): string[] {
  const lines: string[] = [];
  for (const file of [...new Set([...Object.keys(stored), ...Object.keys(current)])].sort()) {
    if (stored[file] === current[file]) continue;
    if (stored[file] === undefined) { lines.push(`new file ${file}`); continue; }
    if (current[file] === undefined) { lines.push(`removed file ${file}`); continue; }
    lines.push(`changed ${file}`, ...jsonDiff(JSON.parse(stored[file]), JSON.parse(current[file])).map((l) => `    ${l}`));
  }
  return lines;
}

function main(): void {
  const update = process.argv.includes('--update');
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  let differing = 0;
  for (const slug of wanted.length ? wanted : fixtureSlugs()) {
    const current = currentExpected(slug);
    const lines = describeDifferences(storedExpected(slug), current);
    if (!lines.length) { console.log(`${slug}: unchanged`); continue; }
    differing++;
    console.log(`${slug}:`);
    for (const l of lines) console.log(`  ${l}`);
    if (update) {
      const base = join(fixturesDir, slug, 'expected');
      rmSync(base, { recursive: true, force: true });
      for (const [file, content] of Object.entries(current)) {
        mkdirSync(dirname(join(base, file)), { recursive: true });
        writeFileSync(join(base, file), content);
      }
      console.log(`  rewrote fixtures/workspaces/${slug}/expected/`);
    }
  }
  if (differing && !update) {
    console.error(`\n${differing} fixture(s) differ from their expected output; after a deliberate change run: npx tsx scripts/qa-replay.ts --update`);
    process.exit(1);
  }
}

if (/qa-replay\.ts$/.test(process.argv[1] ?? '')) main();
