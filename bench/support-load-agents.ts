/**
 * The load bench's simulated people (bench/load.ts), in a process of their own, as a load tool runs beside the server
 * it measures: their HTTP work (building requests, reading answers, parsing JSON) never waits in the server's event
 * loop nor counts in its processor time. They talk to the server over loopback with keep-alive connections (node:http,
 * one socket per person at most), as browsers do.
 *
 * The parent forks this file with the plan (LoadPlan, as the first IPC message) and receives `{ loopStarts: true }` when
 * the sign-ins are over and the timed loop begins, then `{ result }` (a LoadResult) or `{ error }`.
 * Agents loop: take next -> open -> save with a changed field (notes) -> release (or close 1 in `closeEvery`), with a
 * presence heartbeat every 60 s; supervisors poll the KPI strip every 2 s and export the CSV every 30 s.
 */
import http from 'node:http';

export interface LoadPlan {
  base: string;
  workspace: string;
  password: string;
  agents: number;
  supervisors: string[];
  seconds: number;
  closeEvery: number;
  thinkMs: number;
}

export interface LoadResult {
  /** Per call name, every request's time in ms (sign-in calls included, made before the timed loop). */
  timings: Record<string, number[]>;
  errors: Record<string, number>;
  errorSamples: string[];
  requests: number;
  signinRequests: number;
  signinSeconds: number;
  elapsed: number;
  /** This process's processor time during the timed loop, in ms. */
  cpuMs: number;
  saves: number;
  doubleOwners: number;
  /** Per contact, its last acknowledged save. */
  lastSave: Array<[string, { version: number; notes: string }]>;
}

interface Answer { status: number; json: unknown; cookie?: string }

/** `loopStarts` is called when the sign-ins are over and the timed loop begins. */
export async function runLoad(plan: LoadPlan, loopStarts: () => void = () => undefined): Promise<LoadResult> {
  const { base, workspace, password, agents, seconds, closeEvery, thinkMs } = plan;
  const origin = new URL(base);
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1_000 });
  const think = () => (thinkMs > 0 ? new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random()))) : Promise.resolve());

  const timings = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const errorSamples: string[] = [];
  let requests = 0;

  const send = (method: string, path: string, cookie: string, body?: unknown) =>
    new Promise<{ status: number; text: string; type: string; setCookie: string[] }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = { origin: base };
      if (cookie) headers.cookie = cookie;
      if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      const request = http.request({ host: origin.hostname, port: origin.port, method, path, headers, agent: keepAlive }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          type: String(response.headers['content-type'] ?? ''),
          setCookie: response.headers['set-cookie'] ?? [],
        }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });

  const call = async (name: string, cookie: string, method: string, path: string, body?: unknown, ok = [200]): Promise<Answer> => {
    const started = performance.now();
    try {
      const { status, text, type, setCookie } = await send(method, path, cookie, body);
      const elapsed = performance.now() - started;
      requests++;
      (timings.get(name) ?? timings.set(name, []).get(name)!).push(elapsed);
      if (!ok.includes(status)) {
        errors.set(`${name} ${status}`, (errors.get(`${name} ${status}`) ?? 0) + 1);
        if (errorSamples.length < 5) errorSamples.push(`${name} ${status} ${text.slice(0, 200)}`);
      }
      const json = text && type.includes('json') ? JSON.parse(text) : null;
      return { status, json, cookie: setCookie.find((c) => c.startsWith('jwt='))?.split(';')[0] };
    } catch (error) {
      requests++;
      errors.set(`${name} network`, (errors.get(`${name} network`) ?? 0) + 1);
      if (errorSamples.length < 5) errorSamples.push(`${name} ${String(error)}`);
      return { status: 0, json: null };
    }
  };

  const signIn = async (username: string): Promise<string> => {
    const { cookie, status } = await call('signin', '', 'POST', '/api/auth/signin', { username, password });
    if (!cookie) throw new Error(`sign-in of ${username}: ${status}`);
    return cookie;
  };

  // What the run acknowledged: per contact, the save with the highest version; and who holds what.
  const lastSave = new Map<string, { version: number; notes: string }>();
  const holder = new Map<string, string>();
  let doubleOwners = 0;
  let saves = 0;

  // Sign-in hashes the password (deliberately slow): the agents sign in first, 8 at a time, outside the timed loop.
  const cookies: string[] = new Array(agents);
  const signingStarted = performance.now();
  for (let from = 0; from < agents; from += 8) {
    await Promise.all(Array.from({ length: Math.min(8, agents - from) }, async (_, k) => {
      const n = from + k + 1;
      cookies[n - 1] = await signIn(`load${n}`);
      await call('agent-signin', cookies[n - 1], 'POST', '/api/cntmng/agent/signin', { agentId: `ext-${n}`, workspaceId: workspace });
    }));
  }
  const supervisorCookies = await Promise.all(plan.supervisors.map((name) => signIn(name)));
  const signinSeconds = (performance.now() - signingStarted) / 1000;
  const signinRequests = requests;
  requests = 0;
  const deadline = Date.now() + seconds * 1000;
  loopStarts();

  const agent = async (n: number) => {
    const user = `load${n}`;
    const cookie = cookies[n - 1];
    let nextHeartbeat = Date.now() + 60_000;
    let seq = 0;
    while (Date.now() < deadline) {
      if (Date.now() >= nextHeartbeat) {
        await call('heartbeat', cookie, 'POST', '/api/cntmng/agent/heartbeat');
        nextHeartbeat += 60_000;
      }
      await think();
      const next = await call('take-next', cookie, 'GET', `/api/cntmng/workspace/${workspace}/takeNext`, undefined, [200, 404]);
      if (next.status !== 200) { await new Promise((r) => setTimeout(r, 200)); continue; }
      const id = (next.json as { data: { id: string } }).data.id;
      const other = holder.get(id);
      if (other && other !== user) doubleOwners++;
      holder.set(id, user);
      await think();
      const opened = await call('open', cookie, 'GET', `/api/cntmng/contact/${id}`);
      const version = (opened.json as { data?: { version?: number } } | null)?.data?.version;
      if (opened.status === 200 && typeof version === 'number') {
        const notes = `${user}-${++seq}`;
        await think();
        const saved = await call('save', cookie, 'PUT', `/api/cntmng/contact/${id}`, { version, notes });
        const savedVersion = (saved.json as { data?: { version?: number } } | null)?.data?.version;
        if (saved.status === 200 && typeof savedVersion === 'number') {
          saves++;
          const known = lastSave.get(id);
          if (!known || known.version < savedVersion) lastSave.set(id, { version: savedVersion, notes });
        }
      }
      // Handing the contact back: it is no longer this agent's from the moment the request leaves.
      if (holder.get(id) === user) holder.delete(id);
      await think();
      // Closing needs the edit right, which the demo agent's role lacks in energia-casa (403): with --close, 1 in 5 is closed.
      if (closeEvery && seq % closeEvery === 0) await call('close', cookie, 'POST', `/api/cntmng/contact/${id}/close`, {});
      else await call('release', cookie, 'POST', `/api/cntmng/contact/release/${id}`);
    }
  };

  const supervisor = async (cookie: string) => {
    let nextExport = Date.now() + 5_000;
    while (Date.now() < deadline) {
      await call('kpi', cookie, 'GET', `/api/cntmng/kpi/${workspace}?timezone=Europe%2FRome`);
      if (Date.now() >= nextExport) {
        await call('export-csv', cookie, 'POST', `/api/cntmng/exportCsv/${workspace}`, { filters: { states: ['APPUNTAMENTO'] } });
        nextExport += 30_000;
      }
      await new Promise((r) => setTimeout(r, 2_000));
    }
  };

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all([...Array.from({ length: agents }, (_, i) => agent(i + 1)), ...supervisorCookies.map((cookie) => supervisor(cookie))]);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  keepAlive.destroy();
  return {
    timings: Object.fromEntries(timings), errors: Object.fromEntries(errors), errorSamples, requests, signinRequests, signinSeconds, elapsed,
    cpuMs: (cpu.user + cpu.system) / 1000, saves, doubleOwners, lastSave: [...lastSave],
  };
}

// Forked by bench/load.ts: one plan in, one result out.
if (process.send) {
  // The bench that forked it is gone (stopped, or failed): so is the run.
  process.once('disconnect', () => process.exit(1));
  process.once('message', (plan: LoadPlan) => {
    runLoad(plan, () => process.send!({ loopStarts: true })).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: String((error as Error)?.stack ?? error) }, () => process.exit(1)),
    );
  });
}
