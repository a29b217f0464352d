/**
 * Publish → an open agent screen shows the change (issue 13, target p95 ≤ 1 s), in real Chromium against the real
 * server and the built SPA: a team leader has a contact's edit screen of energia-casa open in one browser; an admin,
 * signed in in another, publishes a new label of a field (PUT /api/cntmng/workspaceconfig/workspaces/{id}). The
 * figure is the time from the publish request leaving to the new label on the agent's screen (both clocks are this
 * machine's: Date.now() in Node and in the page). p50 and p95 over 10 publishes after 2 warm-up ones.
 *
 * On PGlite (a fresh DATA_DIR) always; on PostgreSQL too when DATABASE_URL is set (SEED_DEMO=1: the demo data goes in if
 * the database is empty; give it a database of its own, each publish is a new version of energia-casa).
 * `npm run bench -- workspace-publish` builds the SPA first unless `--no-build` is given (then dist/web is used).
 */
import { openChromium } from './support-page-builder';
import { buildWeb, percentile, signIn, startWebServer } from './support-web';

const WORKSPACE = 'energia-casa';
const FIELD = 'nome';
const WARMUP = 2;
const RUNS = 10;
const CONFIG = `/api/cntmng/workspaceconfig/workspaces/${WORKSPACE}`;

buildWeb();

interface Configuration { workspace: Record<string, unknown>; dataModel: { model: Record<string, { label: string }> } & Record<string, unknown>; version: number; dataModelVersion: number }

const json = async <T>(response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }, what: string): Promise<T> => {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
};

/** The p95 (and p50) in ms of publish → label on the open edit screen, on the server at DATABASE_URL ('' = PGlite). */
const measure = async (databaseUrl: string): Promise<{ p50: number; p95: number; all: number[] }> => {
  const server = await startWebServer('cm-bench-publish-', { DATABASE_URL: databaseUrl, ...(databaseUrl ? { SEED_DEMO: '1' } : {}) });
  const admin = await openChromium();
  const agent = await openChromium();
  try {
    await signIn(admin.page, server.base, 'admin', { workspace: WORKSPACE });
    await signIn(agent.page, server.base, 'teamleader', { workspace: WORKSPACE });
    const rows = await json<Array<{ id: string; closed: boolean }>>(await agent.page.request.post(`${server.base}/api/cntmng/contact/search/${WORKSPACE}`, { data: { page: 0, length: 20 } }), 'search');
    const contact = rows.find((r) => !r.closed);
    if (!contact) throw new Error(`no open contact in ${WORKSPACE}`);
    await agent.page.goto(`${server.base}/contacts/edit/${contact.id}`);
    await agent.page.locator(`#cm_in_${FIELD}`).waitFor({ timeout: 30_000 });
    await agent.page.locator(`#cm_in_${FIELD}`).fill('typed by the agent');

    const times: number[] = [];
    const stamp = Date.now();
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const label = `Nome ${stamp}-${i}`;
      // In the page: the wall-clock time the new label is on screen, taken by a MutationObserver (a string, so that
      // tsx's helper names do not leak into the page).
      await agent.page.evaluate(`window.cmSeen = new Promise((done) => {
        const observer = new MutationObserver(() => {
          const edit = document.querySelector('.cm-contact-edit');
          if (edit && edit.textContent.includes(${JSON.stringify(label)})) { observer.disconnect(); done(Date.now()); }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }); undefined`);
      const current = await json<Configuration>(await admin.page.request.get(`${server.base}${CONFIG}`), 'read');
      const dataModel = structuredClone(current.dataModel);
      dataModel.model[FIELD].label = label;
      const sent = Date.now();
      await json(await admin.page.request.put(`${server.base}${CONFIG}`, {
        data: { baseVersion: current.version, baseDataModelVersion: current.dataModelVersion, workspace: current.workspace, dataModel, comment: `bench ${i}` },
      }), 'publish');
      const seen = (await agent.page.evaluate(`Promise.race([
        window.cmSeen,
        new Promise((ok, fail) => setTimeout(() => fail(new Error('the new label did not show in 15 s')), 15000)),
      ])`)) as number;
      if (i >= WARMUP) times.push(seen - sent);
    }
    const typed = await agent.page.locator(`#cm_in_${FIELD}`).inputValue();
    if (typed !== 'typed by the agent') throw new Error(`the typed value was lost: '${typed}'`);
    return { p50: percentile(times, 50), p95: percentile(times, 95), all: times };
  } finally {
    await agent.close();
    await admin.close();
    server.stop();
  }
};

const targets: Array<[string, string]> = [['pglite', ''], ...(process.env.DATABASE_URL ? [['postgres', process.env.DATABASE_URL] as [string, string]] : [])];
for (const [name, url] of targets) {
  const { p50, p95, all } = await measure(url);
  console.log(`workspace-publish-p95-${name}: ${p95.toFixed(0)} ms (p50 ${p50.toFixed(0)} ms; ${RUNS} publishes: ${all.join(', ')}; target 1000 ms)`);
}
