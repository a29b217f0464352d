import type { DataModel } from '@domain/generated/data-model';
import type { SmsConfig, StateConfig, WebappConfig } from '@domain/generated/workspace';
import { inputsForPeople, type MessageFields } from '@translator/message-values';
import { renderTemplate } from '@translator/translate-form';
import type { Queryable } from './database';

/**
 * The demo's history (issue 15): the fixture contacts came in over the four weeks before FIXTURE_EPOCH (their
 * insert events are written by the contacts trigger at their createdAt); this gives each worked contact the takes,
 * state changes (through states a contact plausibly passes), saves, outcomes, closes and releases that lead to the
 * state it has, at times between its arrival and its last state change, by the demo agents. Deterministic: the
 * same fixtures seeded on the same day give the same events. Messages a reached state sends go to the outbox for
 * closed contacts, already sent (their outbox trigger writes the message events).
 */

/** The moment the fixtures describe (the tests' clock). The seed moves every fixture date by whole days to today. */
export const FIXTURE_EPOCH = Date.UTC(2026, 10, 21, 9, 0, 0);
const DAY = 86_400_000;
const MINUTE = 60_000;

/** Whole days from the fixtures' moment to `now` (never negative): what the seed adds to every fixture date. */
export const fixtureShiftMs = (now: Date): number => Math.max(0, Math.floor((now.getTime() - FIXTURE_EPOCH) / DAY)) * DAY;

/** Moves a fixture contact's dates by `shift` ms. */
export function shiftContact(contact: Record<string, unknown>, shift: number): Record<string, unknown> {
  if (!shift) return contact;
  const move = (value: unknown) => (typeof value === 'string' && value ? new Date(new Date(value).getTime() + shift).toISOString() : value);
  return { ...contact, createdAt: move(contact.createdAt), lastStateChangeAt: move(contact.lastStateChangeAt) };
}

/** mulberry32 seeded by the contact id: each contact's story is its own, whatever the order of seeding. */
function rngFor(id: string): () => number {
  let a = 0;
  for (const ch of id) a = (Math.imul(a, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const AGENTS = ['u-agent', 'u-teamleader', 'u-scaduto'];

interface DemoEvent {
  workspace_id: string;
  contact_id: string;
  at: string;
  type: string;
  state: string;
  previous_state: string | null;
  outcome: string | null;
  notes: string | null;
  user_id: string | null;
  agent_id: string | null;
  show_detail: boolean;
  extra_data: Record<string, unknown> | null;
}

interface DemoMessage { channel: 'sms' | 'webapp'; contact_id: string; config_id: string; sender: string | null; recipient: string | null; body: string; url: string | null; created_at: string; created_by: string }

interface FixtureContactRow {
  id: string;
  originalContactId?: string | null;
  state: string;
  outcome?: string | null;
  notes?: string | null;
  closed?: boolean;
  agentId?: string | null;
  createdAt?: string;
  lastStateChangeAt?: string | null;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/**
 * The contact's arrival, as the contacts' insert trigger writes it (migration 007), but in the state its story starts
 * from: a contact the fixtures show in a later state came in at the entry state, and its story's state changes take
 * it from there, so the dashboards' transitions from the entry state (spec 3 §2) count it.
 */
function arrival(workspace: Record<string, unknown>, c: FixtureContactRow, state: string, outcome: string | null, now: number): DemoEvent {
  const original = c.originalContactId ? c.originalContactId.trimEnd() : null;
  return {
    workspace_id: String(workspace.id), contact_id: c.id, at: new Date(c.createdAt ?? now).toISOString(), type: original ? 'clone' : 'insert',
    state, previous_state: null, outcome, notes: original ? `Clone of ${original}` : null,
    user_id: null, agent_id: c.agentId ?? null, show_detail: original !== null, extra_data: original ? { originalContactId: original } : null,
  };
}

/** The events (and messages) of one contact's demo story, its arrival first. */
function story(workspace: Record<string, unknown>, forPeople: MessageFields, c: FixtureContactRow, now: number): { events: DemoEvent[]; messages: DemoMessage[] } {
  const told = storyAfterArrival(workspace, forPeople, c, now);
  const entry = typeof workspace.entryState === 'string' ? workspace.entryState : c.state;
  // A story that changes the state starts from the entry state; any other contact arrived in the state it is in.
  const startsAtEntry = told.events.some((e) => e.type === 'state');
  const first = startsAtEntry ? arrival(workspace, c, entry, null, now) : arrival(workspace, c, c.state, c.outcome ?? null, now);
  return { events: [first, ...told.events], messages: told.messages };
}

function storyAfterArrival(workspace: Record<string, unknown>, forPeople: MessageFields, c: FixtureContactRow, now: number): { events: DemoEvent[]; messages: DemoMessage[] } {
  const random = rngFor(c.id);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const states = (workspace.states ?? {}) as Record<string, StateConfig>;
  const entry = typeof workspace.entryState === 'string' ? workspace.entryState : c.state;
  const closing = new Set((workspace.closingStates ?? []) as string[]);
  const created = new Date(c.createdAt ?? now).getTime();
  const lastChange = c.lastStateChangeAt ? new Date(c.lastStateChangeAt).getTime() : created;
  const worked = c.state !== entry || Boolean(c.agentId) || random() < 0.3;
  if (!worked || created >= now - 10 * MINUTE) return { events: [], messages: [] };

  const agent = c.agentId ?? pick(AGENTS);
  const base = { workspace_id: String(workspace.id), contact_id: c.id, notes: null, outcome: null, show_detail: false, extra_data: null };
  const events: DemoEvent[] = [];
  const messages: DemoMessage[] = [];
  const end = c.state === entry ? Math.min(now - MINUTE, created + (0.1 + random() * 1.9) * DAY) : lastChange;
  // The take comes first: within the first third of the way to the last change.
  let t = created + (end - created) * (0.05 + random() * 0.25);
  let current = entry;
  events.push({ ...base, at: new Date(t).toISOString(), type: 'take', state: current, previous_state: current, user_id: agent, agent_id: agent });

  const outputs = Object.entries(c.outputs ?? {}).filter(([, v]) => v !== null && v !== '' && typeof v !== 'object');
  const saveAt = t + random() * Math.max(MINUTE, end - t) * 0.5;
  const path: string[] = [];
  if (c.state !== entry) {
    const middle = Object.keys(states).filter((s) => s !== entry && s !== c.state && !closing.has(s));
    const steps = Math.floor(random() * Math.min(3, middle.length + 1));
    for (let i = 0; i < steps; i++) path.push(pick(middle.filter((s) => !path.includes(s))));
    path.push(c.state);
  }
  let savedOnce = false;
  path.forEach((next, i) => {
    const at = i === path.length - 1 ? lastChange : t + (end - t) * (0.2 + 0.6 * random()) * ((i + 1) / path.length);
    if (!savedOnce && outputs.length && saveAt < at) {
      const [field, value] = outputs[0];
      events.push({ ...base, at: new Date(saveAt).toISOString(), type: 'save', state: current, previous_state: current, notes: `outputs.${field}`, user_id: agent, agent_id: null, show_detail: true, extra_data: { changed: { outputs: { [field]: { from: null, to: value } } } } });
      savedOnce = true;
    }
    t = Math.min(lastChange, Math.max(t + 1_000, at));
    const last = i === path.length - 1;
    events.push({
      ...base, at: new Date(t).toISOString(), type: 'state', state: next, previous_state: current, user_id: agent, agent_id: null,
      outcome: last ? (c.outcome ?? null) : null, notes: last ? (c.notes || null) : null, show_detail: true, extra_data: { from: current, to: next },
    });
    const reached = states[next]?.onStateReached;
    if (reached && c.closed) {
      const inputs = c.inputs ?? {};
      if (reached.type === 'sms') {
        const config = ((workspace.smsConfigs ?? []) as SmsConfig[]).find((s) => s.id === reached.smsRef);
        const own = config?.phoneField ? inputs[config.phoneField] : null;
        if (config) messages.push({ channel: 'sms', contact_id: c.id, config_id: config.id, sender: config.sender ?? null, recipient: typeof own === 'string' ? own : null, body: renderTemplate(config.msgTemplate, inputs, forPeople), url: null, created_at: new Date(t).toISOString(), created_by: agent });
      } else {
        const config = ((workspace.webappConfigs ?? []) as WebappConfig[]).find((s) => s.id === reached.webappRef);
        if (config) messages.push({ channel: 'webapp', contact_id: c.id, config_id: config.id, sender: null, recipient: null, body: renderTemplate(config.msgTemplate, inputs, forPeople), url: config.url ? renderTemplate(config.url, inputs) : null, created_at: new Date(t).toISOString(), created_by: agent });
      }
    }
    current = next;
  });
  if (c.outcome && path.length) {
    events.push({ ...base, at: new Date(t).toISOString(), type: 'outcome', state: current, previous_state: current, outcome: c.outcome, user_id: agent, agent_id: null });
  }
  if (c.closed) {
    events.push({ ...base, at: new Date(t).toISOString(), type: 'close', state: current, previous_state: current, outcome: c.outcome ?? null, user_id: agent, agent_id: null });
  } else if (!c.agentId) {
    const at = Math.min(now - MINUTE, Math.max(t, end) + (1 + random() * 30) * MINUTE);
    events.push({ ...base, at: new Date(at).toISOString(), type: 'release', state: current, previous_state: current, user_id: agent, agent_id: agent });
  }
  return { events: events.filter((e) => new Date(e.at).getTime() < now), messages };
}

const INSERT_EVENTS = `
INSERT INTO contact_events (workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, agent_id, show_detail, extra_data)
SELECT workspace_id, contact_id, at, type, state, previous_state, outcome, notes, user_id, agent_id, show_detail, extra_data
FROM jsonb_to_recordset($1::jsonb) AS e(workspace_id text, contact_id text, at timestamptz, type text, state text, previous_state text,
  outcome text, notes text, user_id text, agent_id text, show_detail boolean, extra_data jsonb)
ORDER BY at`;

// The demo's messages are history, weeks old: seeded as already sent, so the dispatcher never delivers them once a
// gateway is configured (it only claims 'queued' ones).
const INSERT_MESSAGES = `
INSERT INTO sms_outbox (channel, workspace_id, contact_id, config_id, trigger, sender, recipient, body, url, status, created_at, created_by, sent_at, updated_at)
SELECT channel, $2, contact_id, config_id, 'state', sender, recipient, body, url, 'sent', created_at, created_by, created_at, created_at
FROM jsonb_to_recordset($1::jsonb) AS m(channel text, contact_id text, config_id text, sender text, recipient text, body text, url text, created_at timestamptz, created_by text)
ORDER BY created_at`;

/** Writes the demo history of a workspace's fixture contacts (already inserted, dates already moved). */
export async function seedDemoEvents(tx: Queryable, workspace: Record<string, unknown>, model: Pick<DataModel, 'model'>, contacts: readonly FixtureContactRow[], now: Date): Promise<number> {
  // The demo's messages read as the app's own would (message-values.ts): dates DD/MM/YYYY, listed values by label.
  const forPeople = inputsForPeople(workspace, model);
  const events: DemoEvent[] = [];
  const messages: DemoMessage[] = [];
  for (const contact of contacts) {
    const told = story(workspace, forPeople, contact, now.getTime());
    events.push(...told.events);
    messages.push(...told.messages);
  }
  for (let start = 0; start < events.length; start += 2_000) await tx.query(INSERT_EVENTS, [JSON.stringify(events.slice(start, start + 2_000))]);
  if (messages.length) await tx.query(INSERT_MESSAGES, [JSON.stringify(messages), String(workspace.id)]);
  return events.length + messages.length;
}
