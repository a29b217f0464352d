import { jsonLines, sideBySide } from '@app/features/workspace-config/versions/side-by-side';

/** The side-by-side diff's pure part: the printed lines are JSON.stringify's, and each patch path marks exactly its lines. */

const documents: unknown[] = [
  {},
  [],
  null,
  'testo',
  { a: 1, 'b/c': [1, { d: null, e: [] }, 'x'], f: {}, 'g~h': true, u: undefined },
  [[], [[1]], {}],
];

describe('jsonLines', () => {
  it.each(documents.map((d) => [JSON.stringify(d), d]))('prints %s as JSON.stringify(value, null, 2) does', (_name, document) => {
    expect(jsonLines(document).map((line) => line.text).join('\n')).toBe(JSON.stringify(document, null, 2));
  });

  it('gives each line the pointer of its value, keys escaped, a closing bracket its container', () => {
    expect(jsonLines({ 'b/c': [{ 'g~h': 1 }] })).toEqual([
      { text: '{', pointer: '' },
      { text: '  "b/c": [', pointer: '/b~1c' },
      { text: '    {', pointer: '/b~1c/0' },
      { text: '      "g~h": 1', pointer: '/b~1c/0/g~0h' },
      { text: '    }', pointer: '/b~1c/0' },
      { text: '  ]', pointer: '/b~1c' },
      { text: '}', pointer: '' },
    ]);
  });
});

describe('sideBySide', () => {
  const marked = (lines: Array<{ text: string; mark: string | null }>) => lines.filter((l) => l.mark).map((l) => [l.text.trim(), l.mark]);

  it('marks a move as removed where it was and added where it went, and a copy as added', () => {
    const before = { a: { x: 1 }, b: 2 };
    const after = { c: { x: 1 }, b: 2, d: 2 };
    const sides = sideBySide(before, after, [{ op: 'move', from: '/a', path: '/c' }, { op: 'copy', from: '/b', path: '/d' }]);
    expect(marked(sides.before)).toEqual([['"a": {', 'removed'], ['"x": 1', 'removed'], ['},', 'removed']]);
    expect(marked(sides.after)).toEqual([['"c": {', 'added'], ['"x": 1', 'added'], ['},', 'added'], ['"d": 2', 'added']]);
  });

  it('does not mark a sibling whose key starts like the changed one, and the closest path wins', () => {
    const sides = sideBySide({ ab: 1, a: { b: 1, c: 2 } }, { ab: 1, a: { b: 3 } }, [{ op: 'replace', path: '/a/b', value: 3 }, { op: 'remove', path: '/a/c' }]);
    expect(marked(sides.before)).toEqual([['"b": 1,', 'changed'], ['"c": 2', 'removed']]);
    expect(marked(sides.after)).toEqual([['"b": 3', 'changed']]);
  });

  it('numbers the lines from 1', () => {
    expect(sideBySide({ a: 1 }, { a: 1 }, []).after.map((l) => l.number)).toEqual([1, 2, 3]);
  });
});
