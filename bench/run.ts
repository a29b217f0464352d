/**
 * `npm run bench -- <name>` runs bench/<name>.ts; each benchmark prints one `name: value unit` line per figure.
 * Without a name it lists what there is. Options after the names go to each benchmark:
 *   npm run bench -- forms-keystroke --cpu-throttle 4
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

const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const names = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
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
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, `${name}.ts`), ...options], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
