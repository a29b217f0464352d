/**
 * Compiles the workspace and data-model schemas into standalone validators (ajv's generated code), written to
 * src/translator/generated/config-validators.js, so neither the browser nor the server compiles a schema at run time
 * (compiling both took ~100 ms of every page load). `npx tsx scripts/generate-validators.ts` writes the file;
 * `--check` exits 1 when the committed file is stale.
 */
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
export const VALIDATORS_FILE = join('src', 'translator', 'generated', 'config-validators.js');
const UCS2_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
/** ajv's runtime helper for string lengths in code points, inlined so the module imports nothing. */
const UCS2_INLINE = `function ucs2length(str) { let length = 0; for (const _ of str) length++; return length; }`;

export function generateValidators(): string {
  const schema = (name: string) => JSON.parse(readFileSync(join(root, 'schemas', `${name}.schema.json`), 'utf8')) as { $id: string };
  const workspace = schema('workspace');
  const dataModel = schema('data-model');
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true, esm: true, lines: true } });
  ajv.addSchema(workspace).addSchema(dataModel);
  const code = standaloneCode(ajv, { validateWorkspace: workspace.$id, validateDataModel: dataModel.$id });
  const inlined = code.split(UCS2_REQUIRE).join(`(${UCS2_INLINE})`);
  if (/require\(/.test(inlined)) throw new Error('generated validators still require a module: inline it in scripts/generate-validators.ts');
  return `// Generated from schemas/workspace.schema.json and schemas/data-model.schema.json by scripts/generate-validators.ts. Do not edit.\n${inlined}\n`;
}

const isMain = /generate-validators\.ts$/.test(process.argv[1] ?? '');
if (isMain) {
  const code = generateValidators();
  const path = join(root, VALIDATORS_FILE);
  if (process.argv.includes('--check')) {
    let current = '';
    try { current = readFileSync(path, 'utf8'); } catch { /* missing counts as stale */ }
    if (current !== code) { console.error(`stale: ${VALIDATORS_FILE}`); process.exit(1); }
  } else {
    writeFileSync(path, code);
    console.log(`wrote ${VALIDATORS_FILE}`);
  }
}
