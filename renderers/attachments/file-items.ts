import type { JsonSchema } from '@translator/types';
import type { StoredFile } from '../form-context';

type Role = 'name' | 'type' | 'size' | 'id' | 'url';
const ROLE_PATTERNS: Array<[Role, RegExp]> = [
  ['url', /url|link|href/i],
  ['type', /type|mime/i],
  ['size', /size|dimensione|bytes/i],
  ['id', /id$/i],
  ['name', /name|nome|file|documento|titolo/i],
];

/** Which item property holds which part of a file: the data model names them (nome, contentType, attachmentId...). */
export function fileRoles(itemSchema: JsonSchema | undefined): Partial<Record<Role, string>> {
  const props = Object.keys(itemSchema?.properties ?? {});
  const out: Partial<Record<Role, string>> = {};
  for (const key of props) {
    const role = ROLE_PATTERNS.find(([r, re]) => !out[r] && re.test(key))?.[0];
    if (role) out[role] = key;
  }
  if (!out.name) {
    const fallback = (itemSchema?.required ?? []).find((k) => itemSchema?.properties?.[k]?.type === 'string' && !Object.values(out).includes(k));
    if (fallback) out.name = fallback;
  }
  return out;
}

/** The array item for an uploaded file, in the data model's names; without item properties, the file as it is. */
export function fileToItem(file: StoredFile, itemSchema: JsonSchema | undefined): Record<string, unknown> {
  const roles = fileRoles(itemSchema);
  if (!Object.keys(roles).length) return { ...file };
  const item: Record<string, unknown> = {};
  if (roles.name) item[roles.name] = file.name;
  if (roles.type) item[roles.type] = file.type;
  if (roles.size) item[roles.size] = file.size;
  if (roles.id) item[roles.id] = file.id ?? file.url;
  if (roles.url) item[roles.url] = file.url;
  return item;
}

/** The file an item describes (for the list and the viewer). */
export function itemToFile(item: Record<string, unknown>, itemSchema: JsonSchema | undefined, resolveUrl?: (id: string) => string): StoredFile {
  const roles = fileRoles(itemSchema);
  const get = (role: Role, ...fallbacks: string[]): unknown => [roles[role], role, ...fallbacks].map((k) => (k ? item[k] : undefined)).find((v) => v !== undefined);
  const id = get('id') as string | undefined;
  const url = (get('url') as string | undefined) ?? (id && resolveUrl ? resolveUrl(id) : id) ?? '';
  const name = String(get('name', 'fileName') ?? '');
  const type = String(get('type', 'contentType') ?? (/\.pdf$/i.test(name) ? 'application/pdf' : /\.png$/i.test(name) ? 'image/png' : /\.jpe?g$/i.test(name) ? 'image/jpeg' : ''));
  return { name, type, size: Number(get('size') ?? 0), url, id };
}
