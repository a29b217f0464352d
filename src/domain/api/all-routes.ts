import { authRoutes } from './auth';
import { addressRoutes, contactWorkRoutes } from './contact-work';
import { contactRoutes } from './contacts';
import { embedRoutes } from './embed';
import { dashboardRoutes } from './dashboard';
import { eventsRoutes } from './events';
import { fileRoutes, flowRoutes } from './flows';
import { galleryRoutes } from './gallery';
import { organisationRoutes } from './organisation';
import { reportRoutes } from './reports';
import { smsRoutes } from './sms';
import { teamsRoutes } from './teams';
import { userAdminRoutes } from './users';
import { workspaceRoutes } from './workspace';
import { workspaceConfigRoutes } from './workspace-config';

/**
 * Every route contract of the API, by area. A new contract file adds its routes here: the OpenAPI test checks that
 * the server serves exactly these (and documents each), so a route cannot be served without a contract or forgotten.
 */
export const ALL_ROUTES = {
  auth: authRoutes,
  workspace: workspaceRoutes,
  contacts: contactRoutes,
  contactWork: contactWorkRoutes,
  address: addressRoutes,
  embed: embedRoutes,
  organisation: organisationRoutes,
  gallery: galleryRoutes,
  users: userAdminRoutes,
  teams: teamsRoutes,
  events: eventsRoutes,
  dashboard: dashboardRoutes,
  reports: reportRoutes,
  sms: smsRoutes,
  flows: flowRoutes,
  files: fileRoutes,
  workspaceConfig: workspaceConfigRoutes,
} as const;
