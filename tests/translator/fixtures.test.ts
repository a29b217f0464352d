import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROLES } from '@domain/roles';
import { MENU_ENTRIES, roleHomePath } from '@app/routes/screens';
import { menuItems } from '@translator/menu';
import { can } from '@translator/can';
import { translatePermissions } from '@translator/translate-permissions';
import type { Workspace } from '@domain/generated/workspace';
import workspaceSchema from '../../schemas/workspace.schema.json';
import { schemaAjv } from './schema-validator';
import { ctxFor } from './support';

const dir = join(__dirname, '..', '..', 'fixtures', 'workspaces');
const slugs = readdirSync(dir).sort();
const read = (slug: string, file: string): unknown => JSON.parse(readFileSync(join(dir, slug, file), 'utf8'));
const ajv = schemaAjv();
const errorsOf = (id: string, data: unknown): string[] => {
  const validate = ajv.getSchema(`https://contact-manager.local/schemas/${id}.schema.json`);
  if (!validate) throw new Error(`schema ${id} missing`);
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};

describe('fixtures', () => {
  it('has the five required workspaces', () => {
    expect(slugs).toEqual(expect.arrayContaining(['energia-casa', 'sinistri-auto', 'sms-promo', 'minimo', 'campagna-grande']));
  });

  describe.each(slugs)('%s', (slug) => {
    const workspace = read(slug, 'workspace.json') as Workspace;
    const dataModel = read(slug, 'data-model.json') as { id: string };
    const contacts = read(slug, 'contacts.json') as Array<{ id: string; agentId: string | null }>;

    it('workspace validates and is enabled with id = slug', () => {
      expect(errorsOf('workspace', workspace)).toEqual([]);
      expect(workspace).toMatchObject({ id: slug, enabled: true, dataModelId: dataModel.id });
    });
    it('data model validates', () => expect(errorsOf('data-model', dataModel)).toEqual([]));
    it('has 200+ valid contacts with unique ids and demo agents', () => {
      expect(contacts.length).toBeGreaterThanOrEqual(200);
      expect(contacts.flatMap((c) => errorsOf('contact', c))).toEqual([]);
      expect(new Set(contacts.map((c) => c.id)).size).toBe(contacts.length);
      expect(new Set(contacts.map((c) => c.agentId))).toEqual(new Set([null, 'u-agent', 'u-teamleader']));
    });
  });

  it('energia-casa gives every role a home it may open', () => {
    const ws = read('energia-casa', 'workspace.json') as Workspace;
    const rules = translatePermissions(ws);
    for (const role of ROLES) {
      const home = roleHomePath(ws, role);
      const allowed = home === '/contacts/list' ? can(rules.list, ctxFor(role, ws)) : menuItems(ws, role, MENU_ENTRIES).some((m) => m.path === home);
      expect([role, home, allowed]).toEqual([role, home, true]);
    }
  });

  it('together the fixtures use every workspace configuration key', () => {
    type S = { properties?: Record<string, S>; $ref?: string; additionalProperties?: S | boolean; items?: S };
    const defs = (workspaceSchema as { definitions: Record<string, S> }).definitions;
    const resolve = (s: S): S => (s.$ref ? resolve(defs[s.$ref.replace('#/definitions/', '')]) : s);
    const expected = new Set<string>();
    const walk = (s: S, path: string, depth: number): void => {
      const r = resolve(s);
      for (const [k, child] of Object.entries(r.properties ?? {})) {
        const p = path ? `${path}.${k}` : k;
        expected.add(p);
        if (depth < 3 && !['viewsConfig'].includes(p)) walk(child, p, depth + 1);
      }
      if (r.items) walk(r.items, `${path}[]`, depth + 1);
      if (r.additionalProperties && typeof r.additionalProperties === 'object') walk(r.additionalProperties, `${path}.*`, depth + 1);
    };
    walk(workspaceSchema as S, '', 0);
    const used = new Set<string>();
    const collect = (v: unknown, path: string, depth: number): void => {
      if (depth > 4 || v === null || typeof v !== 'object') return;
      if (Array.isArray(v)) { v.forEach((x) => collect(x, `${path}[]`, depth + 1)); return; }
      for (const [k, child] of Object.entries(v)) {
        const keyed = expected.has(path ? `${path}.${k}` : k) ? (path ? `${path}.${k}` : k) : `${path}.*`;
        used.add(keyed);
        collect(child, keyed, depth + 1);
      }
    };
    for (const slug of slugs) collect(read(slug, 'workspace.json'), '', 0);
    const ignored = new Set(['version', 'permissionRules.*']);
    expect([...expected].filter((k) => !used.has(k) && !ignored.has(k) && !k.startsWith('viewsConfig.')).sort()).toEqual([]);
  });
});
