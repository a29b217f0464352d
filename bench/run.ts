/**
 * `npm run bench -- <name>` runs bench/<name>.ts; each benchmark prints one `name: value unit` line per figure.
 * Without a name it lists what there is.
 */
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.startsWith('support'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

const names = process.argv.slice(2);
if (names.length === 0) {
  console.log(`usage: npm run bench -- <name> [<name> ...]\navailable: ${available.join(', ')}`);
  process.exit(0);
}
let failed = false;
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`unknown benchmark '${name}'; available: ${available.join(', ')}`);
    failed = true;
    continue;
  }
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, `${name}.ts`)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
