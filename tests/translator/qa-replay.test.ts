import { currentExpected, describeDifferences, fixtureSlugs, storedExpected } from '../../scripts/qa-replay';
import { jsonDiff } from '@translator/qa-snapshot';

describe('QA replay: the translation of every fixture equals its stored expected output', () => {
  it.each(fixtureSlugs())('%s (update with: npx tsx scripts/qa-replay.ts --update)', (slug) => {
    expect(describeDifferences(storedExpected(slug), currentExpected(slug))).toEqual([]);
  });

  it('jsonDiff says what changed, path by path', () => {
    expect(jsonDiff({ a: 1, b: [1, 2], c: { d: 'x' } }, { a: 2, b: [1], c: { d: 'x', e: true } })).toEqual(['~ a: 1 → 2', '- b[1]: 2', '+ c.e: true']);
  });
});
