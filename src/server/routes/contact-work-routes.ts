import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  AGENT_SCRIPT_OPEN_HEADER,
  CONTACT_WORK_MESSAGES,
  contactWorkRoutes,
  type AllowedState,
  type ContactCloseBody,
  type ContactEditBody,
  type ContactInsertBody,
  type ContactResponse,
  type ContactSaveBody,
  type HistoryEntry,
  type NewContact,
  type OutboxMessage,
} from '../../domain/api/contact-work';
import type { ContactRow } from '../../domain/api/contacts';
import { PRIORITY_DEFAULT, STATE_NOTES_MAX } from '../../domain/constants';
import type { ApiErrorItem } from '../../domain/errors';
import type { ArrayConfigs, Outcome, SmsConfig, StateConfig, WebappConfig } from '../../domain/generated/workspace';
import type { JsonLogicRule } from '../../domain/permissions';
import { can } from '../../translator/can';
import { renderTemplate, type FormSection, type FormView } from '../../translator/translate-form';
import { smsFromTemplate } from '../adapters/contact-actions';
import { outboxSmsGateway, type SmsGateway } from '../adapters/sms-gateway';
import type { Queryable } from '../db/database';
import { permissionContext } from '../plugins/auth';
import { actAs, newContactId, type ContactChanges } from '../repositories/contact-work-repository';
import { workspaceAccess, type WorkspaceAccess } from './contact-access';
import { contactAccess, contactWriteAccess } from './contact-work-access';
import { checkRemoteEnums, formSchema, planSection, type SectionPlan } from './contact-work-forms';
import { invalid, forbidden, conflict, unprocessable } from '../http-error';

export interface ContactWorkOptions {
  /** Where SMS and webapp messages go; default: the outbox table. */
  smsGateway?: SmsGateway;
}

/** Who may read the outbox: a rule like every other permission (admin and team-leader). */
export const OUTBOX_RULE: JsonLogicRule = { in: [{ var: 'user.role' }, ['admin', 'team-leader']] };

const SECTIONS: readonly FormSection[] = ['inputs', 'outputs'];

/**
 * Show, save, edit, close, insert and clone of one contact, its allowed states, history and the outbox (spec 2
 * §2.3–2.5, §2.9, §4, §5, §7).
 */
export async function contactWorkRoutesPlugin(fastify: FastifyInstance, options: ContactWorkOptions = {}): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const contacts = app.repos.contacts;
  const work = app.repos.contactWork;
  const gateway = options.smsGateway ?? outboxSmsGateway();

  /** Both sections of a request, checked against the view's form for the user's role; 400 with every problem. */
  async function planSections(access: WorkspaceAccess, view: FormView, sent: Partial<Record<FormSection, Record<string, unknown>>>, stored: ContactRow | null, extraErrors: ApiErrorItem[] = []) {
    const errors = [...extraErrors];
    const plans = {} as Record<FormSection, SectionPlan>;
    for (const section of SECTIONS) {
      plans[section] = planSection(
        {
          section,
          view,
          sent: sent[section],
          stored: stored?.[section] ?? {},
          fields: section === 'inputs' ? access.model.model : access.model.outputs,
          schema: formSchema(access.model, access.workspace, view, section, access.auth.user.role),
          arrayConfig: access.workspace.arrayConfig as ArrayConfigs | undefined,
          workspaceId: access.workspace.id,
        },
        errors,
      );
    }
    if (!errors.length) for (const section of SECTIONS) await checkRemoteEnums(work, access.workspace, section, plans[section], errors);
    if (errors.length) throw invalid(errors);
    return plans;
  }

  /** The message a state's onStateReached sends, written inside the save's transaction. */
  async function onStateReached(tx: Queryable, access: WorkspaceAccess, state: StateConfig, contact: ContactRow, at: Date): Promise<OutboxMessage | null> {
    const reached = state.onStateReached;
    if (!reached) return null;
    const base = { workspaceId: contact.workspaceId, contactId: contact.id, trigger: 'state' as const, createdBy: access.auth.user.id, at };
    if (reached.type === 'sms') {
      const config = ((access.workspace.smsConfigs ?? []) as SmsConfig[]).find((c) => c.id === reached.smsRef);
      if (!config) return null;
      const own = config.phoneField ? contact.inputs[config.phoneField] : undefined;
      return gateway.send({ channel: 'sms', ...base, ...smsFromTemplate(config, contact, typeof own === 'string' && own ? own : null) }, tx);
    }
    const config = ((access.workspace.webappConfigs ?? []) as WebappConfig[]).find((c) => c.id === reached.webappRef);
    if (!config) return null;
    return gateway.send(
      { channel: 'webapp', ...base, configId: config.id, sender: null, recipient: null, body: renderTemplate(config.msgTemplate, contact.inputs), url: config.url ? renderTemplate(config.url, contact.inputs) : null },
      tx,
    );
  }

  const sectionChanges = (plans: Record<FormSection, SectionPlan>): Pick<ContactChanges, 'inputs' | 'outputs'> => ({
    inputs: { set: plans.inputs.set, remove: plans.inputs.remove },
    outputs: { set: plans.outputs.set, remove: plans.outputs.remove },
  });

  app.route({
    ...contactWorkRoutes.getContact,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request, reply): Promise<ContactResponse> => {
      const { contact, access } = await contactAccess(app, contacts, work, request, request.params.id, ['show', 'edit']);
      const flag = request.headers[AGENT_SCRIPT_OPEN_HEADER] === 'true';
      await work.recordOpen(contact.id, access.auth.user.id, flag, new Date(app.clock()));
      reply.header('Agent-Script-Open', String(flag));
      return { data: contact };
    },
  });

  app.route({
    ...contactWorkRoutes.states,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<{ data: AllowedState[] }> => {
      const { contact, access } = await contactAccess(app, contacts, work, request, request.params.id, ['show', 'edit']);
      if (contact.closed) return { data: [] };
      const states = (access.workspace.states ?? {}) as Record<string, StateConfig>;
      return {
        data: Object.entries(states)
          .filter(([code, state]) => code !== contact.state && state.manual !== false)
          .map(([code, state]) => ({ code, label: state.label ?? code }))
          // The stored document (JSONB) does not keep key order: a stable order people read.
          .sort((a, b) => a.label.localeCompare(b.label, 'it')),
      };
    },
  });

  app.route({
    ...contactWorkRoutes.stateHistory,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<{ data: HistoryEntry[] }> => {
      const { contact } = await contactAccess(app, contacts, work, request, request.params.id, ['show', 'edit']);
      return { data: await work.history(contact.id) };
    },
  });

  app.route({
    ...contactWorkRoutes.save,
    config: { access: { permission: 'write', contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<ContactResponse> => {
      const { contact, access } = await contactWriteAccess(app, contacts, work, request, request.params.id);
      const body = request.body as ContactSaveBody;
      if (contact.closed) throw unprocessable(CONTACT_WORK_MESSAGES.closed);
      if (!contact.processable) throw unprocessable(CONTACT_WORK_MESSAGES.notProcessable);
      if (body.version !== contact.version) throw conflict(CONTACT_WORK_MESSAGES.staleVersion);

      const at = new Date(app.clock());
      const changes: ContactChanges = {};
      const errors: ApiErrorItem[] = [];
      let reached: StateConfig | null = null;
      if (body.state !== undefined && body.state !== contact.state) {
        const states = (access.workspace.states ?? {}) as Record<string, StateConfig>;
        const state = Object.prototype.hasOwnProperty.call(states, body.state) ? states[body.state] : undefined;
        if (!state) errors.push({ field: 'state', message: `state '${body.state}' is not a state of this workspace` });
        else if (state.manual === false) errors.push({ field: 'state', message: `state '${body.state}' cannot be chosen by an agent` });
        else {
          reached = state;
          changes.state = body.state;
          changes.lastStateChangeAt = at;
          if (((access.workspace.closingStates ?? []) as string[]).includes(body.state)) {
            changes.closed = true;
            changes.availability = 'closed';
          }
        }
      }
      if (body.notes !== undefined) changes.notes = body.notes.slice(0, STATE_NOTES_MAX);
      if (body.outcome !== undefined) {
        const outcomes = (access.workspace.outcomes ?? []) as Outcome[];
        if (!outcomes.length) errors.push({ field: 'outcome', message: 'outcome: this workspace has no outcomes' });
        else if (!outcomes.some((o) => o.value === body.outcome)) errors.push({ field: 'outcome', message: `outcome '${body.outcome}' is not one of ${outcomes.map((o) => o.value).join(', ')}` });
        else if (body.outcome !== contact.outcome) {
          changes.outcome = body.outcome;
          changes.lastStateChangeAt = at;
        }
      }
      const plans = await planSections(access, 'show', { inputs: body.inputs, outputs: body.outputs }, contact, errors);

      const saved = await app.db.transaction(async (tx) => {
        await actAs(tx, access.auth.user.id, at, 'save');
        const updated = await work.update(tx, contact.id, body.version, { ...changes, ...sectionChanges(plans) }, 'NOT closed AND processable');
        if (!updated) return null;
        if (reached) await onStateReached(tx, access, reached, updated, at);
        return updated;
      });
      if (!saved) {
        const now = await work.find(contact.id);
        if (now?.closed) throw unprocessable(CONTACT_WORK_MESSAGES.closed);
        if (now && !now.processable) throw unprocessable(CONTACT_WORK_MESSAGES.notProcessable);
        throw conflict(CONTACT_WORK_MESSAGES.staleVersion);
      }
      return { data: saved };
    },
  });

  app.route({
    ...contactWorkRoutes.edit,
    config: { access: { permission: 'edit', contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<ContactResponse> => {
      const { contact, access } = await contactAccess(app, contacts, work, request, request.params.id, 'edit');
      const body = request.body as ContactEditBody;
      if (body.version !== contact.version) throw conflict(CONTACT_WORK_MESSAGES.staleVersion);
      const me = access.auth.user;
      const changes: ContactChanges = {};
      const errors: ApiErrorItem[] = [];
      if (body.agentId !== undefined && body.agentId !== contact.agentId) {
        const problem = await assignmentProblem(access, body.agentId, contact.agentId);
        if (problem) errors.push({ field: 'agentId', message: problem });
        changes.agentId = body.agentId;
        if (body.agentId !== null && contact.availability === 'toProcess') changes.availability = 'processing';
        if (body.agentId === null && contact.availability === 'processing') changes.availability = 'toProcess';
      }
      if (body.priority !== undefined && body.priority !== contact.priority) changes.priority = body.priority;
      const plans = await planSections(access, 'edit', { inputs: body.inputs, outputs: body.outputs }, contact, errors);
      const at = new Date(app.clock());
      const edited = await app.db.transaction(async (tx) => {
        await actAs(tx, me.id, at);
        return work.update(tx, contact.id, body.version, { ...changes, ...sectionChanges(plans) });
      });
      if (!edited) throw conflict(CONTACT_WORK_MESSAGES.staleVersion);
      return { data: edited };
    },
  });

  /** Why the caller may not give the contact to `agentId`, or null (spec 2 §2.4). */
  async function assignmentProblem(access: WorkspaceAccess, agentId: string | null, current: string | null): Promise<string | null> {
    const me = access.auth.user;
    if (!access.allows('agentList')) {
      if (agentId === me.id || (agentId === null && current === me.id)) return null;
      return 'agentId: you may only assign the contact to yourself';
    }
    if (agentId === null) return null;
    const user = await app.repos.users.findById(agentId);
    if (!user || user.status === 'disabled') return `agentId '${agentId}' is not an active user`;
    const { visibility } = access;
    if (!visibility.all && !visibility.agentIds.includes(agentId)) return `agentId '${agentId}' is not a user you may assign`;
    if (!(await app.repos.workspaces.canOpen(user, access.workspace.id))) return `agentId '${agentId}' cannot open workspace ${access.workspace.id}`;
    return null;
  }

  app.route({
    ...contactWorkRoutes.close,
    config: { access: { permission: 'edit', contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<ContactResponse> => {
      const { contact, access } = await contactAccess(app, contacts, work, request, request.params.id, 'edit');
      if (contact.closed) throw unprocessable('The contact is already closed');
      const notes = (request.body as ContactCloseBody)?.notes;
      const at = new Date(app.clock());
      const closed = await app.db.transaction(async (tx) => {
        await actAs(tx, access.auth.user.id, at);
        return work.update(tx, contact.id, null, { closed: true, availability: 'closed', lastStateChangeAt: at, ...(notes ? { notes: notes.slice(0, STATE_NOTES_MAX) } : {}) }, 'NOT closed');
      });
      if (!closed) throw unprocessable('The contact is already closed');
      return { data: closed };
    },
  });

  /** Creating needs a manual entry state (422 naming it, spec 2 §2.5) and then the insert rule (403). */
  function insertable(access: WorkspaceAccess): WorkspaceAccess {
    const entry = typeof access.workspace.entryState === 'string' ? access.workspace.entryState : '';
    const states = (access.workspace.states ?? {}) as Record<string, StateConfig>;
    if (!entry || states[entry]?.manual !== true) throw unprocessable(CONTACT_WORK_MESSAGES.entryStateNotManual(entry));
    if (!access.allows('insert')) throw forbidden('Missing permission: insert');
    return access;
  }

  app.route({
    ...contactWorkRoutes.insert,
    config: { access: { permission: ['insert', 'list', 'show'], workspace: 'params.workspace' } },
    // Whether this workspace takes new contacts, and from this user: before validation, like the declared access
    // (when the declared check ran already, i.e. the workspace name is well formed), else in the handler.
    preValidation: async (request) => {
      if (request.workspaceAccess) insertable(request.workspaceAccess as WorkspaceAccess);
    },
    handler: async (request): Promise<{ data: NewContact }> => {
      const access = insertable(await workspaceAccess(app, contacts, request, request.params.workspace, ['insert', 'list', 'show']));
      const entry = access.workspace.entryState as string;
      const body = request.body as ContactInsertBody;
      const plans = await planSections(access, 'create', { inputs: body.rawData, outputs: body.outputs }, null);
      const at = new Date(app.clock());
      const id = newContactId(at);
      await app.db.transaction(async (tx) => {
        await actAs(tx, access.auth.user.id, at);
        await work.insert(tx, { id, workspaceId: access.workspace.id, state: entry, priority: PRIORITY_DEFAULT, originalContactId: null, inputs: plans.inputs.set, outputs: plans.outputs.set, at });
      });
      return { data: { id } };
    },
  });

  app.route({
    ...contactWorkRoutes.clone,
    config: { access: { permission: 'show', contact: 'params.id' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<{ data: NewContact }> => {
      const { contact, access } = await contactAccess(app, contacts, work, request, request.params.id, 'show');
      if (access.workspace.cloneEnabled !== true) throw unprocessable(CONTACT_WORK_MESSAGES.cloneDisabled);
      if (!access.allows('clone')) throw forbidden('Missing permission: clone');
      const arrays = (access.workspace.arrayConfig ?? {}) as ArrayConfigs;
      const copy = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([name]) => arrays[name]?.type !== 'attachment' && arrays[name]?.type !== 'doc'));
      const entry = typeof access.workspace.entryState === 'string' && access.workspace.entryState ? access.workspace.entryState : contact.state;
      const at = new Date(app.clock());
      const id = newContactId(at);
      await app.db.transaction(async (tx) => {
        await actAs(tx, access.auth.user.id, at);
        await work.insert(tx, { id, workspaceId: contact.workspaceId, state: entry, priority: contact.priority, originalContactId: contact.id, inputs: copy(contact.inputs), outputs: copy(contact.outputs), at });
      });
      return { data: { id } };
    },
  });

  app.route({
    ...contactWorkRoutes.outbox,
    config: { access: { permission: ['list', 'show', 'edit'], workspace: 'query.workspace' } },
    preHandler: app.authenticate,
    handler: async (request): Promise<{ data: OutboxMessage[] }> => {
      const { workspace, contactId, status, limit } = request.query;
      const access = await workspaceAccess(app, contacts, request, workspace, ['list', 'show', 'edit']);
      if (!can(OUTBOX_RULE, permissionContext({ ...access.auth, workspace: access.workspace }))) throw forbidden('Only admin and team-leader read the outbox');
      return { data: await app.repos.outbox.list(access.workspace.id, { contactId, status, limit: limit ?? 100 }) };
    },
  });
}
