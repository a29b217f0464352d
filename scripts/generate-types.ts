/**
 * Generates src/domain/generated/*.ts from schemas/*.schema.json, so the types are never written twice.
 * `npx tsx scripts/generate-types.ts` writes the files; `--check` exits 1 when a committed file is stale.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const root = process.cwd();
export const SCHEMA_FILES = ['workspace', 'data-model', 'contact', 'contact-filter'] as const;

const banner = (name: string, usesRule: boolean): string =>
  [
    `/** Generated from schemas/${name}.schema.json by scripts/generate-types.ts. Do not edit: change the schema and regenerate. */`,
    usesRule ? "import type { JsonLogicRule } from '../permissions';" : '',
  ]
    .filter(Boolean)
    .join('\n');

export async function generateTypes(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of SCHEMA_FILES) {
    const text = readFileSync(join(root, 'schemas', `${name}.schema.json`), 'utf8');
    const schema = JSON.parse(text) as JSONSchema;
    const ts = await compile(schema, String(schema.title), {
      bannerComment: banner(name, text.includes('"tsType": "JsonLogicRule"')),
      unreachableDefinitions: true,
      additionalProperties: false,
      strictIndexSignatures: false,
      format: true,
      style: { singleQuote: true, printWidth: 120 },
      cwd: join(root, 'schemas'),
      declareExternallyReferenced: true,
    });
    out[`${name}.ts`] = ts;
  }
  return out;
}

const isMain = /generate-types\.ts$/.test(process.argv[1] ?? '');
async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = await generateTypes();
  const dir = join(root, 'src', 'domain', 'generated');
  mkdirSync(dir, { recursive: true });
  let stale = 0;
  for (const [file, content] of Object.entries(files)) {
    const path = join(dir, file);
    if (check) {
      let current = '';
      try { current = readFileSync(path, 'utf8'); } catch { /* missing counts as stale */ }
      if (current !== content) { stale++; console.error(`stale: src/domain/generated/${file}`); }
    } else {
      writeFileSync(path, content);
      console.log(`wrote src/domain/generated/${file}`);
    }
  }
  if (stale) process.exit(1);
}
if (isMain) void main();
