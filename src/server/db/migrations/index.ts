import type { Migration } from './migration';
import { migration001OrganisationUsersSessions } from './001-organisation-users-sessions';
import { migration002ContactList } from './002-contact-list';
import { migration003ContactWork } from './003-contact-work';
import { migration004Dispositions } from './004-dispositions';
import { migration005SignInThrottle } from './005-sign-in-throttle';
import { migration007Events } from './007-events';
import { migration008UserAdmin } from './008-user-admin';
import { migration009FlowsAndDelivery } from './009-flows-and-delivery';
import { migration010WorkspaceConfig } from './010-workspace-config';
import { migration011ListIndexes } from './011-list-indexes';
import { migration012UsernameUniqueIgnoringCase } from './012-username-unique-ignoring-case';
import { migration014DashboardBacklog } from './014-dashboard-backlog';
import { migration015InsertEventsByWriter } from './015-insert-events-by-writer';
import { migration017StateArrivals } from './017-state-arrivals';
import { migration018StateArrivalSlots } from './018-state-arrival-slots';
import { migration019ImportWritesStateArrivals } from './019-import-writes-state-arrivals';
import { migration021KpiCounts } from './021-kpi-counts';
import { migration022OneIndexPerNullableSort } from './022-one-index-per-nullable-sort';
import { migration023StateArrivalEnds } from './023-state-arrival-ends';
import { migration024StateArrivalLasts } from './024-state-arrival-lasts';
import { migration025EventsAtBrin } from './025-events-at-brin';
import { migration026FlowRowsOneForeignKey } from './026-flow-rows-one-foreign-key';
import { migration027KpiCountsClosedPriority } from './027-kpi-counts-closed-priority';
import { migration028AuthEpoch } from './028-auth-epoch';
import { migration029FlowImportLeases } from './029-flow-import-leases';
import { migration030FlowProblems } from './030-flow-problems';
import { migration031NotesOnlyEvents } from './031-notes-only-events';
import { migration032FlowReloadMissing } from './032-flow-reload-missing';

/** Every migration, in the order they run. Add a new one as the next numbered file and append it here. */
export const MIGRATIONS: readonly Migration[] = [
  migration001OrganisationUsersSessions,
  migration002ContactList,
  migration003ContactWork,
  migration004Dispositions,
  migration005SignInThrottle,
  migration007Events,
  migration008UserAdmin,
  migration009FlowsAndDelivery,
  migration010WorkspaceConfig,
  migration011ListIndexes,
  migration012UsernameUniqueIgnoringCase,
  migration014DashboardBacklog,
  migration015InsertEventsByWriter,
  migration017StateArrivals,
  migration018StateArrivalSlots,
  migration019ImportWritesStateArrivals,
  migration021KpiCounts,
  migration022OneIndexPerNullableSort,
  migration023StateArrivalEnds,
  migration024StateArrivalLasts,
  migration025EventsAtBrin,
  migration026FlowRowsOneForeignKey,
  migration027KpiCountsClosedPriority,
  migration028AuthEpoch,
  migration029FlowImportLeases,
  migration030FlowProblems,
  migration031NotesOnlyEvents,
  migration032FlowReloadMissing,
];
