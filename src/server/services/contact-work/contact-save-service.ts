import {
  type AllowedState,
  type ContactEditBody,
  type ContactInsertBody,
  type ContactSaveBody,
  type NewContact,
  type OutboxMessage,
} from '@domain/api/contact-work';
import type { ContactRow } from '@domain/api/contacts';
import { PRIORITY_DEFAULT, STATE_NOTES_MAX } from '@domain/constants';
import type { ArrayConfigs, Outcome, SmsConfig, StateConfig, WebappConfig } from '@domain/generated/workspace';
import { renderTemplate, type FormSection } from '@translator/translate-form';
import { inputsForPeople } from '@translator/message-values';
import { smsFromTemplate } from '../../adapters/contact-actions';
import type { SmsGateway } from '../../adapters/sms-gateway';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/database';
import { conflict, unprocessable, type ErrorItem } from '../../http-error';
import { say, workspaceNamed, type Said } from '../../server-messages';
import { actAs, newContactId, type ContactChanges, type ContactWorkRepository } from '../../repositories/contact-work-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { UserRepository } from '../../repositories/user-repository';
import type { WorkspaceRepository } from '../../repositories/workspace-repository';
import { planSections, type SectionPlan } from './contact-forms';
import { sees } from './contact-visibility';
import type { WorkspaceAccess } from './workspace-access';


export interface ContactWorkDeps {
  db: Database;
  clock: Clock;
  work: ContactWorkRepository;
  users: UserRepository;
  workspaces: WorkspaceRepository;
  outbox: OutboxRepository;
  /** Where SMS and webapp messages go. */
  gateway: SmsGateway;
}

/** The outbox list's filter; 100 messages when no limit is given. */
export type OutboxQuery = Partial<Parameters<OutboxRepository['list']>[1]>;

const sectionChanges = (plans: Record<FormSection, SectionPlan>): Pick<ContactChanges, 'inputs' | 'outputs'> => ({
  inputs: { set: plans.inputs.set, remove: plans.inputs.remove },
  outputs: { set: plans.outputs.set, remove: plans.outputs.remove },
});

/**
 * The rules of working one contact (spec 2 §2.3–2.5, §2.9, §4, §5, §7): the states an agent may choose, save (state
 * and outcome checks, closing states, the message a reached state sends), edit (assignment), close, insert, clone
 * and the outbox. The caller has checked the access; each call answers the contact as it is after the change.
 */
/** Whether the caller can open a contact just created (unassigned, in this workspace): the show call's own check. */
const opensNew = (access: WorkspaceAccess): boolean =>
  sees(access.visibility, { agentId: null }) && access.allows('show', { contact: { agentId: null, workspaceId: access.workspace.id } });

export function contactWorkService({ db, clock, work, users, workspaces, outbox, gateway }: ContactWorkDeps) {
  /** The message a state's onStateReached sends, written inside the save's transaction. */
  async function onStateReached(tx: Queryable, access: WorkspaceAccess, state: StateConfig, contact: ContactRow, at: Date): Promise<OutboxMessage | null> {
    const reached = state.onStateReached;
    if (!reached) return null;
    const base = { workspaceId: contact.workspaceId, contactId: contact.id, trigger: 'state' as const, createdBy: access.auth.user.id, at };
    if (reached.type === 'sms') {
      const config = ((access.workspace.smsConfigs ?? []) as SmsConfig[]).find((c) => c.id === reached.smsRef);
      if (!config) return null;
      const own = config.phoneField ? contact.inputs[config.phoneField] : undefined;
      return gateway.send({ channel: 'sms', ...base, ...smsFromTemplate(config, contact, typeof own === 'string' && own ? own : null, inputsForPeople(access.workspace, access.model)) }, tx);
    }
    const config = ((access.workspace.webappConfigs ?? []) as WebappConfig[]).find((c) => c.id === reached.webappRef);
    if (!config) return null;
    return gateway.send(
      { channel: 'webapp', ...base, configId: config.id, sender: null, recipient: null, body: renderTemplate(config.msgTemplate, contact.inputs, inputsForPeople(access.workspace, access.model)), url: config.url ? renderTemplate(config.url, contact.inputs) : null },
      tx,
    );
  }

  /** Why the caller may not give the contact to `agentId`, or null (spec 2 §2.4). */
  async function assignmentProblem(access: WorkspaceAccess, agentId: string | null, current: string | null): Promise<Said | null> {
    const me = access.auth.user;
    if (!access.allows('agentList')) {
      if (agentId === me.id || (agentId === null && current === me.id)) return null;
      return say('assignOnlyYourself');
    }
    if (agentId === null) return null;
    const user = await users.findById(agentId);
    if (!user) return say('userNotFound', { id: agentId });
    // A user the caller does not see keeps the id they sent; one they see is named as the agent select shows them.
    const { visibility } = access;
    if (!visibility.all && !visibility.agentIds.includes(agentId)) return say('assigneeNotYours', { agent: agentId });
    if (user.status === 'disabled') return say('assigneeInactive', { agent: user.username });
    if (!(await workspaces.canOpen(user, access.workspace.id))) return say('assigneeCannotOpen', { agent: user.username, workspace: workspaceNamed(access.workspace) });
    return null;
  }

  return {
    /** The states an agent may move the contact to: none once closed, never its own or a non-manual one. */
    allowedStates(access: WorkspaceAccess, contact: ContactRow): AllowedState[] {
      if (contact.closed) return [];
      const states = (access.workspace.states ?? {}) as Record<string, StateConfig>;
      return Object.entries(states)
        .filter(([code, state]) => code !== contact.state && state.manual !== false)
        .map(([code, state]) => ({ code, label: state.label ?? code }))
        // The stored document (JSONB) does not keep key order: a stable order people read.
        .sort((a, b) => a.label.localeCompare(b.label, 'it'));
    },

    async save(access: WorkspaceAccess, contact: ContactRow, body: ContactSaveBody): Promise<ContactRow> {
      if (contact.closed) throw unprocessable(say('savedClosed'));
      if (!contact.processable) throw unprocessable(say('savedNotProcessable'));
      if (body.version !== contact.version) throw conflict(say('staleVersion'));

      const at = new Date(clock());
      const changes: ContactChanges = {};
      const errors: ErrorItem[] = [];
      let reached: StateConfig | null = null;
      if (body.state !== undefined && body.state !== contact.state) {
        const states = (access.workspace.states ?? {}) as Record<string, StateConfig>;
        const state = Object.prototype.hasOwnProperty.call(states, body.state) ? states[body.state] : undefined;
        if (!state) errors.push({ field: 'state', message: say('stateUnknown', { state: body.state }) });
        else if (state.manual === false) errors.push({ field: 'state', message: say('stateNotManual', { state: state.label ?? body.state }) });
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
      // A state whose configuration says notes: false takes no notes when it is reached (workspace schema, State.notes).
      if (reached?.notes === false && body.notes !== undefined && body.notes !== (contact.notes ?? '')) {
        errors.push({ field: 'notes', message: say('stateTakesNoNotes', { state: reached.label ?? body.state ?? '' }) });
      } else if (body.notes !== undefined) changes.notes = body.notes.slice(0, STATE_NOTES_MAX);
      if (body.outcome !== undefined) {
        const outcomes = (access.workspace.outcomes ?? []) as Outcome[];
        if (!outcomes.length) errors.push({ field: 'outcome', message: say('noOutcomes') });
        else if (!outcomes.some((o) => o.value === body.outcome)) errors.push({ field: 'outcome', message: say('outcomeUnknown', { outcome: body.outcome, outcomes: outcomes.map((o) => o.value) }) });
        else if (body.outcome !== contact.outcome) {
          changes.outcome = body.outcome;
          changes.lastStateChangeAt = at;
        }
      }
      const plans = await planSections(work, access, 'show', { inputs: body.inputs, outputs: body.outputs }, contact, errors);

      const change = { ...changes, ...sectionChanges(plans) };
      const guard = 'NOT closed AND processable';
      // Reaching a state may do more (messages, documents): a transaction around it. Otherwise one statement.
      const reachedState = reached;
      const saved = reachedState
        ? await db.transaction(async (tx) => {
          await actAs(tx, access.auth.user.id, at, 'save');
          const updated = await work.update(tx, contact.id, body.version, change, guard);
          if (updated) await onStateReached(tx, access, reachedState, updated, at);
          return updated;
        })
        : await work.update(db, contact.id, body.version, change, guard, { userId: access.auth.user.id, at, action: 'save' });
      if (!saved) {
        const now = await work.find(contact.id);
        if (now?.closed) throw unprocessable(say('savedClosed'));
        if (now && !now.processable) throw unprocessable(say('savedNotProcessable'));
        throw conflict(say('staleVersion'));
      }
      return saved;
    },

    async edit(access: WorkspaceAccess, contact: ContactRow, body: ContactEditBody): Promise<ContactRow> {
      if (body.version !== contact.version) throw conflict(say('staleVersion'));
      const me = access.auth.user;
      const changes: ContactChanges = {};
      const errors: ErrorItem[] = [];
      if (body.agentId !== undefined && body.agentId !== contact.agentId) {
        const problem = await assignmentProblem(access, body.agentId, contact.agentId);
        if (problem) errors.push({ field: 'agentId', message: problem });
        changes.agentId = body.agentId;
        if (body.agentId !== null && contact.availability === 'toProcess') changes.availability = 'processing';
        if (body.agentId === null && contact.availability === 'processing') changes.availability = 'toProcess';
      }
      if (body.priority !== undefined && body.priority !== contact.priority) changes.priority = body.priority;
      const plans = await planSections(work, access, 'edit', { inputs: body.inputs, outputs: body.outputs }, contact, errors);
      const at = new Date(clock());
      const edited = await db.transaction(async (tx) => {
        await actAs(tx, me.id, at);
        return work.update(tx, contact.id, body.version, { ...changes, ...sectionChanges(plans) });
      });
      if (!edited) throw conflict(say('staleVersion'));
      return edited;
    },

    async close(access: WorkspaceAccess, contact: ContactRow, notes: string | undefined): Promise<ContactRow> {
      if (contact.closed) throw unprocessable(say('alreadyClosed'));
      const at = new Date(clock());
      const closed = await db.transaction(async (tx) => {
        await actAs(tx, access.auth.user.id, at);
        return work.update(tx, contact.id, null, { closed: true, availability: 'closed', lastStateChangeAt: at, ...(notes ? { notes: notes.slice(0, STATE_NOTES_MAX) } : {}) }, 'NOT closed');
      });
      if (!closed) throw unprocessable(say('alreadyClosed'));
      return closed;
    },

    /** A new contact in the workspace's entry state; the route's access declared the manualEntry offer and insert. */
    async insert(access: WorkspaceAccess, body: ContactInsertBody): Promise<NewContact> {
      const entry = access.workspace.entryState as string;
      const plans = await planSections(work, access, 'create', { inputs: body.rawData, outputs: body.outputs }, null);
      const at = new Date(clock());
      const id = newContactId(at);
      await db.transaction(async (tx) => {
        await actAs(tx, access.auth.user.id, at);
        await work.insert(tx, { id, workspaceId: access.workspace.id, state: entry, priority: PRIORITY_DEFAULT, originalContactId: null, inputs: plans.inputs.set, outputs: plans.outputs.set, at });
      });
      return { id, visible: opensNew(access) };
    },

    /** A copy of the contact without its attachments and documents, in the entry state (else the contact's). */
    async clone(access: WorkspaceAccess, contact: ContactRow): Promise<NewContact> {
      const arrays = (access.workspace.arrayConfig ?? {}) as ArrayConfigs;
      const copy = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([name]) => arrays[name]?.type !== 'attachment' && arrays[name]?.type !== 'doc'));
      const entry = typeof access.workspace.entryState === 'string' && access.workspace.entryState ? access.workspace.entryState : contact.state;
      const at = new Date(clock());
      const id = newContactId(at);
      await db.transaction(async (tx) => {
        await actAs(tx, access.auth.user.id, at);
        await work.insert(tx, { id, workspaceId: contact.workspaceId, state: entry, priority: contact.priority, originalContactId: contact.id, inputs: copy(contact.inputs), outputs: copy(contact.outputs), at });
      });
      return { id, visible: opensNew(access) };
    },

    async outbox(access: WorkspaceAccess, { contactId, status, channel, limit }: OutboxQuery): Promise<OutboxMessage[]> {
      return outbox.list(access.workspace.id, { contactId, status, channel, limit: limit ?? 100 });
    },
  };
}
export type ContactWorkService = ReturnType<typeof contactWorkService>;
