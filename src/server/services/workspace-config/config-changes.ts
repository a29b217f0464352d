import type { ServerResponse } from 'node:http';
import type { WorkspaceSummary } from '@domain/api/workspace';
import { ACCESS_CHANGE_EVENT, CONFIG_CHANGE_EVENT, type AccessChange, type ConfigChange } from '@domain/api/workspace-config';
import { notify, type Database, type Queryable } from '../../db/database';
import type { UserRecord } from '../../repositories/user-repository';
import type { WorkspaceRepository } from '../../repositories/workspace-repository';
import { CONFIG_CHANGES_CHANNEL } from './workspace-config-service';

/** How often an open stream gets a comment line, so that proxies and browsers keep it open. */
export const KEEP_ALIVE_MS = 25_000;

type Viewer = Pick<UserRecord, 'id' | 'role'>;

/** The NOTIFY payload of an access change: who may open what is read per stream when it arrives. */
const ACCESS_NOTICE = JSON.stringify({ kind: 'access' });

/**
 * Tells every open stream that the workspaces its user may open may have changed (a team association, a user's
 * workspace rights). Inside `tx`: sent when it commits, not at all when it rolls back.
 */
export async function announceAccessChange(tx: Queryable): Promise<void> {
  await notify(tx, CONFIG_CHANGES_CHANNEL, ACCESS_NOTICE);
}

interface Stream {
  user: Viewer;
  response: ServerResponse;
  keepAlive: NodeJS.Timeout;
}

/**
 * The push channel's fan-out in one server process: it LISTENs once on the database's change channel (so it hears
 * the publishes of every process on the same database) and writes each notice, as a Server-Sent Event, to the open
 * streams of the users who may open that workspace (or, when it was disabled, who could before). An access change
 * goes to every non-admin stream with its user's workspace list as it now is: who could open a workspace before the
 * change is not known any more, and the browser compares the list with its own.
 */
export function configChangeHub(db: Database, workspaces: WorkspaceRepository, log: { warn(obj: unknown, msg: string): void }) {
  const streams = new Set<Stream>();
  let unlisten: (() => Promise<void>) | null = null;

  async function deliverAccess(): Promise<void> {
    const lists = new Map<string, Promise<WorkspaceSummary[] | null>>();
    await Promise.all(
      [...streams].map(async (stream) => {
        // An admin opens every workspace whatever the teams and rights say.
        if (stream.user.role === 'admin') return;
        let list = lists.get(stream.user.id);
        if (!list) {
          list = workspaces.listFor(stream.user).catch(() => null);
          lists.set(stream.user.id, list);
        }
        const answer = await list;
        if (!answer || stream.response.writableEnded) return;
        const data: AccessChange = { workspaces: answer };
        stream.response.write(`event: ${ACCESS_CHANGE_EVENT}\ndata: ${JSON.stringify(data)}\n\n`);
      }),
    );
  }

  async function deliver(payload: string): Promise<void> {
    let change: ConfigChange;
    try {
      change = JSON.parse(payload) as ConfigChange;
    } catch {
      log.warn({ payload }, 'configuration change notice that is not JSON');
      return;
    }
    if ((change as { kind?: unknown }).kind === 'access') return deliverAccess();
    const frame = `event: ${CONFIG_CHANGE_EVENT}\ndata: ${JSON.stringify(change)}\n\n`;
    const allowed = new Map<string, Promise<boolean>>();
    await Promise.all(
      [...streams].map(async (stream) => {
        let may = allowed.get(stream.user.id);
        if (!may) {
          // A disabled workspace is open to nobody but admins: those who had it are told it went away.
          const check = change.enabled ? workspaces.canOpen : workspaces.canOpenIfEnabled;
          may = check(stream.user, change.workspaceId).catch(() => false);
          allowed.set(stream.user.id, may);
        }
        if ((await may) && !stream.response.writableEnded) stream.response.write(frame);
      }),
    );
  }

  const close = (stream: Stream) => {
    clearInterval(stream.keepAlive);
    streams.delete(stream);
  };

  return {
    async start(): Promise<void> {
      unlisten = await db.listen(CONFIG_CHANGES_CHANNEL, (payload) => {
        void deliver(payload).catch((error: unknown) => log.warn({ err: error }, 'configuration change notice not delivered'));
      });
    },

    /** Starts an event stream on `response` for `user`; it ends when the client goes away or the server closes. */
    open(user: Viewer, response: ServerResponse, headers: Record<string, string | number | string[]>): void {
      response.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      response.write('retry: 3000\n: connected\n\n');
      const stream: Stream = { user, response, keepAlive: setInterval(() => response.write(': keep-alive\n\n'), KEEP_ALIVE_MS) };
      stream.keepAlive.unref();
      streams.add(stream);
      response.on('close', () => close(stream));
    },

    get size(): number {
      return streams.size;
    },

    /** Ends every open stream (the server is closing: its clients reconnect to another process). */
    endStreams(): void {
      for (const stream of [...streams]) {
        close(stream);
        stream.response.end();
      }
    },

    async stop(): Promise<void> {
      const stop = unlisten;
      unlisten = null;
      await stop?.().catch(() => undefined);
    },
  };
}
export type ConfigChangeHub = ReturnType<typeof configChangeHub>;
