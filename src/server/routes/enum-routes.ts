import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { contactRoutes, ENUM_SECTION_MAX_ROWS, type EnumBody, type EnumSection, type EnumValue } from '@domain/api/contacts';
import type { EnumConfig } from '@domain/generated/workspace';
import { declaredAccess } from '../services/contact-work/contact-access';
import { notFound } from '../http-error';
import { say } from '../server-messages';

/**
 * Enum values per workspace, kind and field (spec 2 §2.2, §7): static values from enumConfig; remote ones (`url` or
 * `remoteValues`) from `enum_values`, kept to those whose parents match the parents' values. A parent value the body
 * leaves out comes from the contact named by ?contactId, when there is one.
 */
export async function enumRoutesPlugin(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const contacts = app.repos.contacts;

  app.route({
    ...contactRoutes.enumValues,
    config: { access: { permission: ['list', 'show', 'edit', 'insert'], workspace: 'params.id' } },
    handler: async (request): Promise<{ data: EnumValue[] }> => {
      const { id, kind, field } = request.params;
      const access = declaredAccess(request);
      const enumConfig = access.workspace.enumConfig as Partial<Record<'inputs' | 'outputs', Record<string, EnumConfig>>> | undefined;
      const config = Object.prototype.hasOwnProperty.call(enumConfig?.[kind] ?? {}, field) ? enumConfig?.[kind]?.[field] : undefined;
      if (!config) throw notFound(say('enumNotConfigured', { section: kind, field, workspace: id }));
      if (!config.url && !config.remoteValues) return { data: (config.values ?? []).map((v) => ({ value: String(v.value), label: String(v.label ?? v.value) })) };

      const dependencies = (access.workspace[kind === 'inputs' ? 'inputDependencies' : 'outputDependencies'] ?? {}) as Record<string, string[]>;
      const parentFields = Object.entries(dependencies).filter(([, children]) => children.includes(field)).map(([parent]) => parent);
      let stored: Record<string, unknown> = {};
      const { contactId } = request.query;
      if (contactId && parentFields.length) {
        const contact = await contacts.findById(contactId);
        if (!contact || contact.workspaceId !== id) throw notFound(say('contactNotFound', { id: contactId }));
        stored = contact[kind];
      }
      const body = (request.body ?? {}) as NonNullable<EnumBody>;
      const parents: Record<string, string> = {};
      for (const parent of parentFields) {
        const value = body[parent] ?? stored[parent];
        if (value !== undefined && value !== null && value !== '') parents[parent] = String(value);
      }
      return { data: await contacts.enumValues(id, kind, field, parents) };
    },
  });

  app.route({
    ...contactRoutes.enumSection,
    config: { access: { permission: ['list', 'show', 'edit', 'insert'], workspace: 'params.id' } },
    handler: async (request): Promise<{ data: EnumSection }> => {
      const { id, kind } = request.params;
      const access = declaredAccess(request);
      const configs = ((access.workspace.enumConfig as Partial<Record<'inputs' | 'outputs', Record<string, EnumConfig>>> | undefined)?.[kind]) ?? {};
      const values: EnumSection['values'] = {};
      const remote: string[] = [];
      for (const [field, config] of Object.entries(configs)) {
        if (config.url || config.remoteValues) remote.push(field);
        else values[field] = (config.values ?? []).map((v) => ({ value: String(v.value), label: String(v.label ?? v.value), parents: {} }));
      }
      Object.assign(values, await contacts.enumRowsOf(id, kind, remote, ENUM_SECTION_MAX_ROWS));
      return { data: { version: Number(access.workspace.version ?? 0), values } };
    },
  });
}
