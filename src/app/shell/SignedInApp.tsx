import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { EventsPage } from '../features/events/EventsPage';
import { FlowsManagementPage } from '../features/flows-management/FlowsManagementPage';
import { ForbiddenPage } from '../features/forbidden/ForbiddenPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { ReportsPage } from '../features/reports/ReportsPage';
import { SettingPage } from '../features/setting/SettingPage';
import { SmsPage } from '../features/sms/SmsPage';
import { WorkspaceConfigPage } from '../features/workspace-config/WorkspaceConfigPage';
import { loadContactShowScreen } from '../routes/early-loads';
import { EMBED_ROUTE, EMBED_TAKEN_ROUTE } from '../routes/paths';
import { RequirePermission } from '../routes/RequirePermission';
import { useServices } from '../services/services-context';
import { useSessionController } from '../session/use-session-controller';
import { Breadcrumb } from './Breadcrumb';
import { NavigationBar } from './NavigationBar/NavigationBar';
import { PageLoading } from './PageLoading';

// The contact list (contacts issue): its own chunk, as it brings the table and the filter form.
const ContactsListScreen = lazy(() => import('../features/contacts-list/ContactsListScreen').then((m) => ({ default: m.ContactsListScreen })));
// Working a contact (issue 6): show, edit and create, one chunk with the contact forms.
const ContactShowScreen = lazy(() => loadContactShowScreen().then((m) => ({ default: m.ContactShowScreen })));
const ContactEditScreen = lazy(() => import('../features/contact-work/ContactEditScreen').then((m) => ({ default: m.ContactEditScreen })));
const ContactCreateScreen = lazy(() => import('../features/contact-work/ContactCreateScreen').then((m) => ({ default: m.ContactCreateScreen })));
// The embedded entry (issue 7): its own chunk, with the disposition dialog.
const EmbedScreen = lazy(() => import('../features/embed/EmbedScreen').then((m) => ({ default: m.EmbedScreen })));
// The fixture gallery (renderers issue): its own chunk; the page admits admins, and everyone in development.
const GalleryPage = lazy(() => import('../features/gallery/GalleryPage').then((m) => ({ default: m.GalleryPage })));

/** Routes when logged in (spec 1 §2), inside the shell; loaded as its own chunk after sign-in. */
export const SignedInApp = () => {
  useSessionController();
  const { auth } = useServices();
  const home = auth.home();
  return (
    <div className="cm-shell">
      <NavigationBar />
      <Breadcrumb />
      <div className="cm-content">
        <Routes>
          <Route path="/" element={<Navigate to={home} replace />} />
          <Route path="/login" element={<Navigate to={home} replace />} />
          <Route path="/changepassword" element={<Navigate to={home} replace />} />
          <Route path="/contacts/list" element={<RequirePermission permission="list"><Suspense fallback={<PageLoading />}><ContactsListScreen /></Suspense></RequirePermission>} />
          <Route path="/contacts/embed/list" element={<RequirePermission permission="list"><Suspense fallback={<PageLoading />}><ContactsListScreen embed /></Suspense></RequirePermission>} />
          <Route path="/contacts/create" element={<RequirePermission permission="insert"><Suspense fallback={<PageLoading />}><ContactCreateScreen /></Suspense></RequirePermission>} />
          <Route path="/contacts/show/:id" element={<RequirePermission permission="show"><Suspense fallback={<PageLoading />}><ContactShowScreen /></Suspense></RequirePermission>} />
          <Route path="/contacts/edit/:id" element={<RequirePermission permission="edit"><Suspense fallback={<PageLoading />}><ContactEditScreen /></Suspense></RequirePermission>} />
          <Route path={EMBED_ROUTE} element={<Suspense fallback={<PageLoading />}><EmbedScreen /></Suspense>} />
          <Route path={EMBED_TAKEN_ROUTE} element={<Suspense fallback={<PageLoading />}><EmbedScreen /></Suspense>} />
          <Route path="/dashboard" element={<RequirePermission permission="dashboard"><DashboardPage /></RequirePermission>} />
          <Route path="/events" element={<RequirePermission permission="events"><EventsPage /></RequirePermission>} />
          <Route path="/reports" element={<RequirePermission permission="reports"><ReportsPage /></RequirePermission>} />
          <Route path="/sms" element={<RequirePermission permission="sms"><SmsPage /></RequirePermission>} />
          <Route path="/flowsmanagement" element={<RequirePermission permission="flowsmanagement"><FlowsManagementPage /></RequirePermission>} />
          <Route path="/setting" element={<RequirePermission permission="setting"><SettingPage /></RequirePermission>} />
          <Route path="/workspaceconfig" element={<RequirePermission permission="workspaceconfig"><WorkspaceConfigPage /></RequirePermission>} />
          <Route path="/gallery" element={<GalleryPage />} />
          <Route path="/403" element={<ForbiddenPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </div>
    </div>
  );
};
