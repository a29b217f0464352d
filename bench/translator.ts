/**
 * Translator benchmarks (`npx tsx bench/translator.ts`). Prints one `name: N ms` line per measure.
 * Targets: 500+ fields for every view and role ≤ 5 ms; an unchanged workspace from the cache ≤ 0.05 ms.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { translateValid, translateWorkspace } from '@translator/translate-workspace';
import { TranslationCache } from '@translator/translation-cache';
import { validateConfiguration } from '@translator/validate';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';

const dir = join(process.cwd(), 'fixtures', 'workspaces', 'campagna-grande');
const ws = JSON.parse(readFileSync(join(dir, 'workspace.json'), 'utf8')) as Workspace;
const dm = JSON.parse(readFileSync(join(dir, 'data-model.json'), 'utf8')) as DataModel;

/** Median of several timed batches, in ms per call. */
function measure(fn: () => unknown, perBatch: number, batches = 15): number {
  for (let i = 0; i < perBatch * 3; i++) fn();
  const times: number[] = [];
  for (let b = 0; b < batches; b++) {
    const t0 = performance.now();
    for (let i = 0; i < perBatch; i++) fn();
    times.push((performance.now() - t0) / perBatch);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const fields = Object.keys(dm.model).length + Object.keys(dm.outputs).length;
if (!translateWorkspace(dm, ws).ok) throw new Error('campagna-grande does not validate');
const cache = new TranslationCache();
cache.get(dm, ws);

const lines: Array<[string, number]> = [
  ['translate-500-fields-all-views-roles', measure(() => translateValid(dm, ws), 10)],
  ['validate-500-fields', measure(() => validateConfiguration(ws, dm), 10)],
  ['translate-500-fields-validated', measure(() => translateWorkspace(dm, ws), 10)],
  ['translate-cached', measure(() => cache.get(dm, ws), 10_000)],
];
console.log(`# campagna-grande: ${fields} fields, 4 views x 2 sections x 6 roles, lists and permissions`);
for (const [name, ms] of lines) console.log(`${name}: ${ms < 0.01 ? ms.toFixed(4) : ms < 1 ? ms.toFixed(3) : ms.toFixed(2)} ms`);
