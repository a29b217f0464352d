import { randomBytes } from 'node:crypto';
import type { ContactRow } from '@domain/api/contacts';
import type { HistoryEntry } from '@domain/api/contact-work';
import type { Database, Queryable, Row } from '../db/database';
import { CONTACT_COLUMNS, contactById, toContactRow } from './contact-repository';
import { SqlParams } from './contact-query';
import { eventActorItem, type EventActor } from './event-repository';

/** Writes of one contact (spec 2 §2.3–2.5, §2.9, §4): save, edit, close, insert, clone, history and opens. Their events come from triggers. */

type DbRow = Parameters<typeof toContactRow>[0] & Row;

/** A Mongo-style id: 4 bytes of seconds, then 8 random bytes, as 24 lower-case hexadecimal characters. */
export function newContactId(at: Date): string {
  const seconds = Buffer.alloc(4);
  seconds.writeUInt32BE(Math.floor(at.getTime() / 1000) >>> 0);
  return Buffer.concat([seconds, randomBytes(8)]).toString('hex');
}

/**
 * Ids for the many contacts one writer makes in a row (a file's import), in MongoDB ObjectId's own layout: 4 bytes of
 * seconds, 5 random bytes drawn once for the sequence, a 3-byte counter. They ascend as they are made, so each batch
 * lands at the right-hand end of every index on contacts (keyed by workspace, a value the batch shares, then the id)
 * instead of at random places in it; unique without a lookup like newContactId's.
 */
export function contactIdSequence(): (at: Date) => string {
  const salt = randomBytes(5).toString('hex');
  let counter = 0;
  return (at) => {
    counter = (counter + 1) & 0xffffff;
    return `${(Math.floor(at.getTime() / 1000) >>> 0).toString(16).padStart(8, '0')}${salt}${counter.toString(16).padStart(6, '0')}`;
  };
}

/** The changes of one update: fixed columns, and per section the values to set and the keys to remove. */
export interface ContactChanges {
  state?: string;
  notes?: string | null;
  outcome?: string | null;
  closed?: boolean;
  availability?: ContactRow['availability'];
  agentId?: string | null;
  priority?: number;
  lastStateChangeAt?: Date;
  inputs?: { set: Record<string, unknown>; remove: string[] };
  outputs?: { set: Record<string, unknown>; remove: string[] };
}

export interface NewContactRow {
  id: string;
  workspaceId: string;
  state: string;
  priority: number;
  originalContactId: string | null;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
  at: Date;
}

/**
 * Marks the transaction with who acts and when, for the event triggers (migrations/007-events.ts): its events then
 * carry the user and the app's clock. `action` names the field-change event ('save' from the show screen, 'edit'
 * by default), or says the array change belongs to an attachment, whose own event describes it.
 */
export async function actAs(tx: Queryable, userId: string, at: Date, action: 'save' | 'edit' | 'attachment' = 'edit'): Promise<void> {
  await tx.query(
    "SELECT set_config('contact_manager.user_id', $1, true), set_config('contact_manager.at', $2, true), set_config('contact_manager.action', $3, true)",
    [userId, at.toISOString(), action],
  );
}

interface HistoryRow extends Row {
  at: Date | string;
  type: HistoryEntry['type'];
  state: string | null;
  outcome: string | null;
  notes: string | null;
  user_id: string | null;
  agent_id: string | null;
  user_name: string | null;
  agent_name: string | null;
}

export function contactWorkRepository(db: Database) {
  return {
    find: (id: string, tx: Queryable = db): Promise<ContactRow | null> => contactById(tx, id),

    /**
     * Applies `changes` only while the contact still has `version` (and, with `guard`, still matches it), bumping
     * the version; null when nothing matched. JSON sections are merged in SQL (`(inputs - removed) || set`), so keys
     * the change does not name keep what other calls wrote meanwhile. With `actor`, the statement marks its own
     * transaction for the event triggers (eventActorItem) instead of needing actAs in a transaction around it.
     */
    async update(tx: Queryable, id: string, version: number | null, changes: ContactChanges, guard = 'true', actor?: EventActor & { action: 'save' | 'edit' }): Promise<ContactRow | null> {
      const p = new SqlParams();
      const sets: string[] = ['version = version + 1'];
      const column = (name: string, value: string | number | boolean | Date | null | undefined) => {
        if (value !== undefined) sets.push(`${name} = ${p.add(value)}`);
      };
      column('state', changes.state);
      column('notes', changes.notes);
      column('outcome', changes.outcome);
      column('closed', changes.closed);
      column('availability', changes.availability);
      column('agent_id', changes.agentId);
      column('priority', changes.priority);
      column('last_state_change_at', changes.lastStateChangeAt);
      for (const section of ['inputs', 'outputs'] as const) {
        const change = changes[section];
        if (!change || (Object.keys(change.set).length === 0 && change.remove.length === 0)) continue;
        sets.push(`${section} = (${section} - ${p.add(change.remove)}::text[]) || ${p.json(change.set)}`);
      }
      const where = [`id = ${p.add(id.toLowerCase())}`, guard];
      if (version !== null) where.push(`version = ${p.add(version)}`);
      const marked = eventActorItem(actor, p.values.length + 1, actor?.action);
      const rows = await tx.query<DbRow>(`UPDATE contacts SET ${sets.join(', ')}${marked.from} WHERE ${where.join(' AND ')} RETURNING ${CONTACT_COLUMNS}`, [...p.values, ...marked.params], { prepared: true });
      return rows.length ? toContactRow(rows[0]) : null;
    },

    async insert(tx: Queryable, c: NewContactRow): Promise<void> {
      await tx.query(
        `INSERT INTO contacts (id, workspace_id, state, priority, original_contact_id, inputs, outputs, created_at, last_state_change_at, availability, version)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $8, 'toProcess', 0)`,
        [c.id, c.workspaceId, c.state, c.priority, c.originalContactId, JSON.stringify(c.inputs), JSON.stringify(c.outputs), c.at],
      );
    },

    async history(contactId: string): Promise<HistoryEntry[]> {
      const rows = await db.query<HistoryRow>(
        `SELECT e.at, e.type, e.state, e.outcome, e.notes, e.user_id, e.agent_id, u.username AS user_name, a.username AS agent_name
         FROM contact_events e LEFT JOIN users u ON u.id = e.user_id LEFT JOIN users a ON a.id = e.agent_id
         WHERE e.contact_id = $1 ORDER BY e.at, e.id`,
        [contactId.toLowerCase()],
      );
      return rows.map((r) => ({
        at: new Date(r.at).toISOString(), type: r.type, state: r.state, outcome: r.outcome, notes: r.notes, userId: r.user_id, agentId: r.agent_id,
        userName: r.user_name, agentName: r.agent_name,
      }));
    },

    async recordOpen(contactId: string, userId: string, agentScriptOpen: boolean, at: Date): Promise<void> {
      await db.query('INSERT INTO contact_opens (contact_id, user_id, at, agent_script_open) VALUES ($1, $2, $3, $4)', [contactId.toLowerCase(), userId, at, agentScriptOpen], { prepared: true });
    },

    async enumFieldHasValues(workspaceId: string, kind: 'inputs' | 'outputs', field: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM enum_values WHERE workspace_id = $1 AND kind = $2 AND field = $3 LIMIT 1', [workspaceId, kind, field]);
      return rows.length > 0;
    },

    /** Whether a remote enum value exists for the field with the given parents' values. */
    async enumValueExists(workspaceId: string, kind: 'inputs' | 'outputs', field: string, value: string, parents: Record<string, string>): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM enum_values WHERE workspace_id = $1 AND kind = $2 AND field = $3 AND value = $4 AND parents @> $5::jsonb LIMIT 1',
        [workspaceId, kind, field, value, JSON.stringify(parents)],
      );
      return rows.length > 0;
    },
  };
}
export type ContactWorkRepository = ReturnType<typeof contactWorkRepository>;
