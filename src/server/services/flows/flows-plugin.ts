import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { globalPlugin } from '../../plugins/global-plugin';
import { createFlowService, type FlowService, type FlowServiceOptions } from './flow-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** File flows: uploads, the inbound folders and this process's import queue. */
    flows: FlowService;
  }
}

export interface FlowsOptions extends Partial<FlowServiceOptions> {
  /** Watch the inbound folders while the server runs (main does; tests scan by hand). */
  watch?: boolean;
}

/** The flow service on the app; its folder watch starts when the server is ready and stops, with the import queue, on close. */
export const flowsPlugin = globalPlugin<{ options: FlowsOptions }>('flows', async (app, { options }) => {
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'cm-flows-'));
  const service = createFlowService({ db: app.db, clock: app.clock, workspaces: app.repos.workspaces, flows: app.repos.flows }, { ...options, root });
  app.decorate('flows', service);
  if (options.watch) app.addHook('onReady', async () => service.startWatching());
  app.addHook('onClose', async () => service.stop());
});
