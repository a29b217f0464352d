import { keepEqual } from '@app/ui/config-preview/keep-equal';

describe('keepEqual', () => {
  it('keeps the previous objects where the next value equals them, and makes new ones along the changed path only', () => {
    const previous = { a: { x: 1, list: [{ k: 'p' }, { k: 'q' }] }, b: { y: [1, 2] }, c: 'same' };
    const next = structuredClone(previous);
    next.a.list[1].k = 'changed';
    const kept = keepEqual(previous, next);
    expect(kept).toEqual(next);
    expect(kept).not.toBe(previous);
    expect(kept.b).toBe(previous.b);
    expect(kept.a).not.toBe(previous.a);
    expect(kept.a.list[0]).toBe(previous.a.list[0]);
    expect(kept.a.list[1]).not.toBe(previous.a.list[1]);
    expect(keepEqual(previous, structuredClone(previous))).toBe(previous);
  });

  it('added or removed keys and items, and a change of kind, are changes', () => {
    const previous = { a: [1, 2], b: { x: 1 } as Record<string, unknown>, c: { z: 1 } as unknown };
    expect(keepEqual(previous, { ...structuredClone(previous), a: [1, 2, 3] }).a).toEqual([1, 2, 3]);
    const added = keepEqual(previous, { ...structuredClone(previous), b: { x: 1, y: undefined } });
    expect(added.b).not.toBe(previous.b);
    expect(added.b).toHaveProperty('y');
    expect(keepEqual(previous, { ...structuredClone(previous), c: [1] }).c).toEqual([1]);
    expect(keepEqual(undefined, { x: 1 })).toEqual({ x: 1 });
  });
});
