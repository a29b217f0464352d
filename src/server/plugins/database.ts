import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { presenceRepository, type PresenceRepository } from '../repositories/presence-repository';
import { sessionRepository, type SessionRepository } from '../repositories/session-repository';
import { settingsRepository, type SettingsRepository } from '../repositories/settings-repository';
import { userAdminRepository, type UserAdminRepository } from '../repositories/user-admin-repository';
import { smsDeliveryRepository, type SmsDeliveryRepository } from '../repositories/sms-delivery-repository';
import { flowRepository, type FlowRepository } from '../repositories/flow-repository';
import { userRepository, type UserRepository } from '../repositories/user-repository';
import { workspaceRepository, type WorkspaceRepository } from '../repositories/workspace-repository';
import { workspaceConfigRepository, type WorkspaceConfigRepository } from '../repositories/workspace-config-repository';
import { globalPlugin } from './global-plugin';

export interface Repositories {
  users: UserRepository;
  sessions: SessionRepository;
  workspaces: WorkspaceRepository;
  settings: SettingsRepository;
  presence: PresenceRepository;
  userAdmin: UserAdminRepository;
  smsDelivery: SmsDeliveryRepository;
  flows: FlowRepository;
  workspaceConfig: WorkspaceConfigRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    repos: Repositories;
    clock: Clock;
  }
}

/** The database, the clock and the repositories, as decorators every route can reach. */
export const databasePlugin = globalPlugin<{ database: Database; clock: Clock; closeDatabase: boolean }>(
  'database',
  async (app, { database, clock, closeDatabase }) => {
    app.decorate('db', database);
    app.decorate('clock', clock);
    app.decorate('repos', {
      users: userRepository(database),
      sessions: sessionRepository(database),
      workspaces: workspaceRepository(database),
      settings: settingsRepository(database),
      presence: presenceRepository(database),
      userAdmin: userAdminRepository(database),
      smsDelivery: smsDeliveryRepository(database),
      flows: flowRepository(database),
      workspaceConfig: workspaceConfigRepository(database),
    });
    if (closeDatabase) app.addHook('onClose', async () => database.close());
  },
);
