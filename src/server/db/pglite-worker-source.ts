/**
 * The code of the thread that holds PGlite (pglite-database.ts), as a CommonJS script for `new Worker(…, { eval: true })`:
 * one file for tsx (ESM), jest (CommonJS) and any later bundle, with nothing to locate on disk. It loads PGlite from
 * `workerData.pglite` (a module path the opening thread resolved; `workerData.trigrams`, pg_trgm's, when found) and
 * answers one message per call:
 *   { id, op: 'open' | 'query' | 'exec' | 'begin' | 'end' | 'listen' | 'unlisten' | 'dump' | 'close', … }
 * ('query' with `prepared`: the name its statement is kept under, QueryOptions.prepared)
 *   → { id, ok: true, result } or { id, ok: false, error: { message, name, code, detail, … } }
 * and posts { notification, payload } for each NOTIFY heard by a `listen`. Calls run as they arrive, in order: PGlite's
 * own lock orders them as it does in one thread (a call outside a transaction waits for the open one to end).
 * A query's result is its rows; with json or jsonb columns, { rows, json } where those columns still hold their text
 * (parsedJsonColumns in pglite-database.ts parses them on the calling thread).
 */
export const PGLITE_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');

const ROLLBACK = Symbol('rollback');
const JSON_TYPE = 114;
const JSONB_TYPE = 3802;
/** json[] and jsonb[] */
const JSON_ARRAY_TYPES = [199, 3807];
let pg = null;
/** PGlite's protocol messages and its results' reader (the module's own exports). */
let serialize = null;
let parseResults = null;
let describedTypes = null;
/** name -> the parameter types of a statement prepared on this connection (they last as long as it). */
const prepared = new Map();
/** Names whose prepared statement PostgreSQL refused as stale (a table under it changed): they run unprepared. */
const stalePrepared = new Set();
const isStalePlan = (error) => error && error.code === '0A000' && /cached plan must not change result type/.test(String(error.message));
let nextId = 1;
/**
 * tx -> the promise of { tx, finish(commit), done } once PGlite has begun it. The caller names the transaction in
 * 'begin' and sends its statements at once, without waiting for the answer: they wait here for it to begin.
 */
const transactions = new Map();
/** id -> unlisten() */
const listeners = new Map();

/** What crosses the thread boundary of an error: its message and every plain field (code, detail, constraint…). */
function describe(error) {
  const out = { message: String((error && error.message) || error), name: (error && error.name) || 'Error' };
  if (error && typeof error === 'object') {
    for (const key of Object.keys(error)) {
      const value = error[key];
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    }
  }
  return out;
}

function joined(parts) {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const protocolCall = (message) => pg.execProtocolStream(message, { syncToFs: false });

/**
 * One statement through the extended protocol, as PGlite's query() runs it (parameters serialized by the types
 * PostgreSQL describes, results read by PGlite's reader), in two calls instead of its six: parse and describe, then
 * bind, describe, execute and sync. With a name, the statement is parsed once on this connection and kept: each later
 * run sends only the second call, and PostgreSQL plans it once (its generic plan, after five runs) instead of every
 * time. Inside a transaction the caller holds it; outside, it waits for any open one, as query() does.
 */
async function runStatement(inTransaction, sql, params, name) {
  const run = () => pg._runExclusiveQuery(async () => {
    const statement = name || '';
    let synced = false;
    let results;
    try {
      let types = name ? prepared.get(name) : undefined;
      if (!types) {
        types = describedTypes(await protocolCall(joined([serialize.parse({ name: statement, text: sql }), serialize.describe({ type: 'S', name: statement })])));
        if (name) prepared.set(name, types);
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pg.serializers[types[i]];
        return serializer ? serializer(value) : value.toString();
      });
      const messages = await protocolCall(joined([serialize.bind({ statement, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]));
      synced = true;
      results = parseResults(messages, pg.parsers)[0];
    } finally {
      if (!synced) await protocolCall(serialize.sync());
    }
    if (!inTransaction) await pg.syncToFs();
    return results;
  });
  return inTransaction ? run() : pg._runExclusiveTransaction(run);
}

/** A statement's result: prepared under its name unless PostgreSQL found that statement stale, then as a plain one. */
async function statementResult(inTransaction, sql, params, name) {
  if (!name || stalePrepared.has(name)) return runStatement(inTransaction, sql, params);
  try {
    return await runStatement(inTransaction, sql, params, name);
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    stalePrepared.add(name);
    prepared.delete(name);
    // A transaction is aborted by the error: its caller fails this once, the next runs unprepared.
    if (inTransaction) throw error;
    return runStatement(false, sql, params);
  }
}

async function target(tx) {
  if (!tx) return pg;
  const opening = transactions.get(tx);
  if (!opening) throw new Error('transaction ' + tx + ' has ended');
  return (await opening).tx;
}

const handlers = {
  async open({ dataDir, dump }) {
    const { PGlite, protocol, parse } = await import(workerData.pglite);
    serialize = protocol.serialize;
    parseResults = parse.parseResults;
    describedTypes = parse.parseDescribeStatementResults;
    // json and jsonb stay text here (arrays of them: arrays of text) and the calling thread parses them: the copy of a
    // parsed object across threads cost more than its text and its parse together (a contact read by id, 20,000
    // contacts: 1.5-1.9 ms a call before, 1.04-1.06 ms after, back to back).
    const asText = (value) => value;
    // pg_trgm, for the trigram indexes of the list's contains filters (list-sort-indexes.ts), when it was found.
    const extensions = workerData.trigrams ? { pg_trgm: (await import(workerData.trigrams)).pg_trgm } : {};
    pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(dump ? { loadDataDir: new Blob([dump]) } : {}), parsers: { [JSON_TYPE]: asText, [JSONB_TYPE]: asText }, extensions });
    // A date, for the opening thread to see whether what it receives is of its own realm.
    return new Date(0);
  },
  /** The rows, or with json columns { rows, json: [[column, is an array], ...] }: those columns hold text to parse. */
  async query({ sql, params, tx, prepared: name }) {
    if (tx) await target(tx);
    const { rows, fields } = await statementResult(Boolean(tx), sql, params || [], name);
    const json = fields
      .filter((field) => field.dataTypeID === JSON_TYPE || field.dataTypeID === JSONB_TYPE || JSON_ARRAY_TYPES.includes(field.dataTypeID))
      .map((field) => [field.name, JSON_ARRAY_TYPES.includes(field.dataTypeID)]);
    return json.length && rows.length ? { rows, json } : rows;
  },
  async exec({ sql, tx }) {
    await (await target(tx)).exec(sql);
  },
  /** Answers once PGlite has begun transaction 'tx'; it ends with an 'end' call. */
  begin({ tx: id }) {
    const opening = new Promise((started, refused) => {
      const open = { tx: null, finish: null, done: null };
      const decision = new Promise((resolve) => { open.finish = resolve; });
      open.done = pg.transaction(async (tx) => {
        open.tx = tx;
        started(open);
        if (!(await decision)) throw ROLLBACK;
      });
      open.done.catch(refused);
    });
    transactions.set(id, opening);
    return opening.then(() => id);
  },
  async end({ tx, commit }) {
    const opening = transactions.get(tx);
    if (!opening) throw new Error('transaction ' + tx + ' has ended');
    try {
      const open = await opening;
      open.finish(commit);
      await open.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    } finally {
      transactions.delete(tx);
    }
  },
  async listen({ channel }) {
    const id = nextId++;
    listeners.set(id, await pg.listen(channel, (payload) => parentPort.postMessage({ notification: id, payload })));
    return id;
  },
  async unlisten({ listener }) {
    const unlisten = listeners.get(listener);
    listeners.delete(listener);
    if (unlisten && !pg.closed) await unlisten();
  },
  async dump() {
    return await (await pg.dumpDataDir('none')).arrayBuffer();
  },
  async close() {
    if (pg && !pg.closed) await pg.close();
  },
};

parentPort.on('message', (message) => {
  Promise.resolve()
    .then(() => handlers[message.op](message))
    .then(
      (result) => parentPort.postMessage({ id: message.id, ok: true, result }, result instanceof ArrayBuffer ? [result] : []),
      (error) => parentPort.postMessage({ id: message.id, ok: false, error: describe(error) }),
    );
});
`;
