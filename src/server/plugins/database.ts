import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { addressRepository, type AddressRepository } from '../repositories/address-repository';
import { attachmentRepository, type AttachmentRepository } from '../repositories/attachment-repository';
import { contactRepository, type ContactRepository } from '../repositories/contact-repository';
import { contactWorkRepository, type ContactWorkRepository } from '../repositories/contact-work-repository';
import { dashboardRepository, type DashboardRepository } from '../repositories/dashboard-repository';
import { dispositionRepository, type DispositionRepository } from '../repositories/disposition-repository';
import { eventRepository, type EventRepository } from '../repositories/event-repository';
import { flowRepository, type FlowRepository } from '../repositories/flow-repository';
import { organisationRepository, type OrganisationRepository } from '../repositories/organisation-repository';
import { outboxRepository, type OutboxRepository } from '../repositories/outbox-repository';
import { presenceRepository, type PresenceRepository } from '../repositories/presence-repository';
import { reportRepository, type ReportRepository } from '../repositories/report-repository';
import { sessionRepository, type SessionRepository } from '../repositories/session-repository';
import { settingsRepository, type SettingsRepository } from '../repositories/settings-repository';
import { signInThrottleRepository, type SignInThrottleRepository } from '../repositories/sign-in-throttle-repository';
import { smsDeliveryRepository, type SmsDeliveryRepository } from '../repositories/sms-delivery-repository';
import { userAdminRepository, type UserAdminRepository } from '../repositories/user-admin-repository';
import { userRepository, type UserRepository } from '../repositories/user-repository';
import { workspaceConfigRepository, type WorkspaceConfigRepository } from '../repositories/workspace-config-repository';
import { workspaceRepository, type WorkspaceRepository } from '../repositories/workspace-repository';
import { globalPlugin } from './global-plugin';

/** Every repository over the app's database, built once (a transaction builds its own from `tx` where it needs one). */
export interface Repositories {
  users: UserRepository;
  sessions: SessionRepository;
  workspaces: WorkspaceRepository;
  settings: SettingsRepository;
  signInThrottle: SignInThrottleRepository;
  presence: PresenceRepository;
  userAdmin: UserAdminRepository;
  smsDelivery: SmsDeliveryRepository;
  flows: FlowRepository;
  workspaceConfig: WorkspaceConfigRepository;
  contacts: ContactRepository;
  contactWork: ContactWorkRepository;
  attachments: AttachmentRepository;
  addresses: AddressRepository;
  events: EventRepository;
  outbox: OutboxRepository;
  dispositions: DispositionRepository;
  organisation: OrganisationRepository;
  dashboards: DashboardRepository;
  reports: ReportRepository;
}

export function repositories(database: Database): Repositories {
  return {
    users: userRepository(database),
    sessions: sessionRepository(database),
    workspaces: workspaceRepository(database),
    settings: settingsRepository(database),
    signInThrottle: signInThrottleRepository(database),
    presence: presenceRepository(database),
    userAdmin: userAdminRepository(database),
    smsDelivery: smsDeliveryRepository(database),
    flows: flowRepository(database),
    workspaceConfig: workspaceConfigRepository(database),
    contacts: contactRepository(database),
    contactWork: contactWorkRepository(database),
    attachments: attachmentRepository(database),
    addresses: addressRepository(database),
    events: eventRepository(database),
    outbox: outboxRepository(database),
    dispositions: dispositionRepository(database),
    organisation: organisationRepository(database),
    dashboards: dashboardRepository(database),
    reports: reportRepository(database),
  };
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
    app.decorate('repos', repositories(database));
    if (closeDatabase) app.addHook('onClose', async () => database.close());
  },
);
