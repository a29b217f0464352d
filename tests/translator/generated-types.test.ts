import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTypes } from '../../scripts/generate-types';

describe('generated types', () => {
  it('regenerating from schemas/ gives the committed files (run: npx tsx scripts/generate-types.ts)', async () => {
    const files = await generateTypes();
    for (const [file, content] of Object.entries(files)) {
      expect([file, readFileSync(join(process.cwd(), 'src', 'domain', 'generated', file), 'utf8')]).toEqual([file, content]);
    }
  });
});
