import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTypes } from '../../scripts/generate-types';
import { generateValidators, VALIDATORS_FILE } from '../../scripts/generate-validators';

describe('generated from schemas/', () => {
  it('regenerating the types gives the committed files (run: npx tsx scripts/generate-types.ts)', async () => {
    const files = await generateTypes();
    for (const [file, content] of Object.entries(files)) {
      expect([file, readFileSync(join(process.cwd(), 'src', 'domain', 'generated', file), 'utf8')]).toEqual([file, content]);
    }
  });

  it('regenerating the standalone validators gives the committed file (run: npx tsx scripts/generate-validators.ts)', () => {
    expect(readFileSync(join(process.cwd(), VALIDATORS_FILE), 'utf8')).toBe(generateValidators());
  });
});
