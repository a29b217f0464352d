import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TranslationCache, translationKey } from '@translator/translation-cache';

const dir = join(__dirname, '..', '..', 'fixtures', 'workspaces', 'energia-casa');
const ws = JSON.parse(readFileSync(join(dir, 'workspace.json'), 'utf8'));
const dm = JSON.parse(readFileSync(join(dir, 'data-model.json'), 'utf8'));

describe('TranslationCache', () => {
  it.each<[string, unknown, unknown, string]>([
    ['versions', { id: 'w', version: 2 }, { id: 'd', version: 5 }, 'w@2|d@5'],
    ['content without versions', { id: 'w' }, { id: 'd' }, 'content:{"id":"w"}|{"id":"d"}'],
  ])('key by %s', (_n, w, m, key) => expect(translationKey(m, w)).toBe(key));

  it('serves an unchanged version from the cache and retranslates a new version', () => {
    const cache = new TranslationCache(2);
    const first = cache.get(dm, ws);
    expect(first.ok).toBe(true);
    expect(cache.get(dm, ws)).toBe(first);
    const changed = { ...ws, version: ws.version + 1, groupsInputs: [] };
    const second = cache.get(dm, changed);
    expect(second).not.toBe(first);
    expect(second.ok && second.value.forms.show.inputs.admin.uiSchema['ui:options']).not.toEqual(first.ok && first.value.forms.show.inputs.admin.uiSchema['ui:options']);
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('evicts the least recently used entry', () => {
    const cache = new TranslationCache(1);
    cache.get(dm, ws);
    cache.get(dm, { ...ws, version: 99 });
    expect(cache.size).toBe(1);
  });

  it('caches refusals too', () => {
    const cache = new TranslationCache();
    const r = cache.get({}, { id: 'x', version: 1 });
    expect(r.ok).toBe(false);
  });
});
