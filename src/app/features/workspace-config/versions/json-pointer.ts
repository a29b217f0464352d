/** The value at an RFC 6901 pointer ('' is the whole document); `found` is false when the path does not exist. */
export function valueAtPointer(document: unknown, pointer: string): { found: boolean; value?: unknown } {
  if (pointer === '') return { found: true, value: document };
  if (!pointer.startsWith('/')) return { found: false };
  let current: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(key) || Number(key) >= current.length) return { found: false };
      current = current[Number(key)];
    } else if (current !== null && typeof current === 'object' && Object.prototype.hasOwnProperty.call(current, key)) {
      current = (current as Record<string, unknown>)[key];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}

/** The RFC 6901 pointer of a child: `parent` plus the key or index, escaped (`~` as `~0`, `/` as `~1`). */
export const childPointer = (parent: string, key: string | number): string => `${parent}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
