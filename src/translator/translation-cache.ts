import type { Translation } from './types';
import { translateWorkspace, type WorkspaceTranslation } from './translate-workspace';

interface Versioned { id?: unknown; version?: unknown }

/** The cache key: ids and versions when both documents carry a version, else their content. */
export function translationKey(model: unknown, workspace: unknown): string {
  const w = (workspace ?? {}) as Versioned;
  const m = (model ?? {}) as Versioned;
  if (typeof w.version === 'number' && typeof m.version === 'number') return `${String(w.id)}@${w.version}|${String(m.id)}@${m.version}`;
  return `content:${JSON.stringify(workspace)}|${JSON.stringify(model)}`;
}

/** Translations of unchanged workspaces, keyed by workspace and data-model version; least recently used entries go first. */
export class TranslationCache {
  private readonly entries = new Map<string, Translation<WorkspaceTranslation>>();
  hits = 0;
  misses = 0;
  constructor(private readonly capacity = 32) {}

  get(model: unknown, workspace: unknown): Translation<WorkspaceTranslation> {
    const key = translationKey(model, workspace);
    const found = this.entries.get(key);
    if (found) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    this.misses++;
    const result = translateWorkspace(model, workspace);
    this.entries.set(key, result);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return result;
  }

  clear(): void { this.entries.clear(); }
  get size(): number { return this.entries.size; }
}
