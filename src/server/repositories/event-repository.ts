import type { EventDetail, EventRow, EventType, EventsSearchBody } from '@domain/api/events';
import { EVENTS_PAGE_SIZE } from '@domain/api/events';
import type { Database, Queryable, Row, SqlParam } from '../db/database';

/**
 * The events table (contact_events, migrations/007-events.ts). The triggers write the events of every change; this
 * repository reads them, writes the few events no row change stands for (a caller-id lookup), and marks a
 * transaction as a bulk action run so its events carry the run.
 */

interface EventDbRow extends Row {
  id: string | number;
  type: EventType;
  state: string | null;
  contact_id: string;
  agent: string | null;
  at: Date | string;
  show_detail: boolean;
}

interface EventDetailDbRow extends EventDbRow {
  previous_state: string | null;
  outcome: string | null;
  notes: string | null;
  run_id: string | number | null;
  extra_data: Record<string, unknown> | null;
}

/** Who the event is about: whoever made the change, else (a release nobody asked for) the agent who had the contact. */
const AGENT = 'coalesce(user_id, agent_id)';
const COLUMNS = `id, type, state, contact_id, ${AGENT} AS agent, at, show_detail`;

const SORTS: Record<NonNullable<EventsSearchBody['sort']>, string> = { at: 'at', type: 'type', agentId: AGENT, state: 'state' };

const toEvent = (row: EventDbRow): EventRow => ({
  id: String(row.id),
  type: row.type,
  state: row.state,
  contactId: row.contact_id.trim(),
  agentId: row.agent,
  at: new Date(row.at).toISOString(),
  showDetail: row.show_detail,
});

/** Who acts and when, for the events a statement's triggers write (see contact-work-repository.ts actAs). */
export interface EventActor { userId: string; at: Date }

/**
 * Marks one UPDATE's own (implicit) transaction with who acts and when, as actAs does in a transaction (BEGIN,
 * set_config, the statement, COMMIT: four round trips), in one statement: `UPDATE … FROM <item> WHERE …` joins each
 * row it changes with this one-row item, which makes the settings first, and every trigger on contacts runs AFTER
 * the rows, so it reads them. Its parameters are numbered from `from`; none without an actor.
 */
export function eventActorItem(actor: EventActor | undefined, from: number, action?: 'save' | 'edit'): { from: string; params: string[] } {
  if (!actor) return { from: '', params: [] };
  const settings = [`set_config('contact_manager.user_id', $${from}, true)`, `set_config('contact_manager.at', $${from + 1}, true)`];
  const params = [actor.userId, actor.at.toISOString()];
  if (action) {
    settings.push(`set_config('contact_manager.action', $${from + 2}, true)`);
    params.push(action);
  }
  return { from: ` FROM (SELECT ${settings.join(', ')}) AS actor`, params };
}

/** Marks the transaction as bulk action run `runId`: every contact it changes gets one 'bulk' event naming the run. */
export async function actAsBulkRun(tx: Queryable, run: { userId: string; at: Date; runId: string; action: string }): Promise<void> {
  await tx.query(
    `SELECT set_config('contact_manager.user_id', $1, true), set_config('contact_manager.at', $2, true),
            set_config('contact_manager.run_id', $3, true), set_config('contact_manager.run_action', $4, true)`,
    [run.userId, run.at.toISOString(), run.runId, run.action],
  );
}

export interface NewEvent {
  contactId: string;
  type: EventType;
  userId: string | null;
  at: Date;
  notes?: string | null;
  extraData?: Record<string, unknown> | null;
}

export function eventRepository(db: Database) {
  return {
    /**
     * An event no row change stands for, with the contact's workspace, state and outcome as they are. Written with
     * `tx` when it belongs to a change made in that transaction.
     */
    async record(event: NewEvent, tx: Queryable = db): Promise<void> {
      await tx.query(
        `INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, show_detail, extra_data)
         SELECT workspace_id, id, $2, $3, state, state, outcome, $4, $5, $6, $7::jsonb FROM contacts WHERE id = $1`,
        [event.contactId.toLowerCase(), event.at, event.type, event.notes ?? null, event.userId, event.extraData != null, event.extraData == null ? null : JSON.stringify(event.extraData)],
      );
    },

    /** One page of a contact's events in a workspace, and their total (the page and the count side by side). */
    async search(workspaceId: string, body: EventsSearchBody): Promise<{ rows: EventRow[]; total: number }> {
      const params: SqlParam[] = [workspaceId, body.contactId.toLowerCase()];
      const where = ['workspace_id = $1', 'contact_id = $2'];
      if (body.agents?.length) where.push(`${AGENT} = ANY($${params.push(body.agents)})`);
      if (body.from) where.push(`at >= $${params.push(new Date(body.from))}`);
      if (body.to) where.push(`at <= $${params.push(new Date(body.to))}`);
      const whereSql = where.join(' AND ');
      const order = body.order === 'asc' ? 'ASC' : 'DESC';
      const sort = SORTS[body.sort ?? 'at'];
      const length = body.length ?? EVENTS_PAGE_SIZE;
      const offset = (body.page ?? 0) * length;
      const [rows, counted] = await Promise.all([
        db.query<EventDbRow>(
          `SELECT ${COLUMNS} FROM contact_events WHERE ${whereSql}
           ORDER BY ${sort === 'at' ? '' : `${sort} ${order} NULLS LAST, `}at ${order}, id ${order} LIMIT ${length} OFFSET ${offset}`,
          params,
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_events WHERE ${whereSql}`, params),
      ]);
      return { rows: rows.map(toEvent), total: counted[0].n };
    },

    async find(workspaceId: string, eventId: string): Promise<EventDetail | null> {
      const rows = await db.query<EventDetailDbRow>(
        `SELECT ${COLUMNS}, previous_state, outcome, notes, run_id, extra_data FROM contact_events WHERE id = $2 AND workspace_id = $1`,
        [workspaceId, eventId],
      );
      if (!rows.length) return null;
      const row = rows[0];
      return {
        ...toEvent(row),
        previousState: row.previous_state,
        outcome: row.outcome,
        notes: row.notes,
        runId: row.run_id === null ? null : String(row.run_id),
        extraData: row.extra_data,
      };
    },
  };
}
export type EventRepository = ReturnType<typeof eventRepository>;
