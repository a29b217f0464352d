import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useServices, useSession } from '../services/services-context';
import { PageLoading } from '../shell/PageLoading';
import { useDocumentTitle } from '../shell/use-document-title';
import type { EmbedData } from '../session/session-store';
import { checkStoredSession } from '../session/startup-check';
import { ScreenPage } from './ScreenPage';
import { SCREEN, SCREENS, type Screen } from './screens';
import { loadSignedInApp } from './signed-in-app-chunk';

const SignedInApp = lazy(() => loadSignedInApp().then((m) => ({ default: m.SignedInApp })));

/** Logged out, the embed route keeps its data for after login (spec 1 §2) and sends the user to sign in. */
const EmbedSignIn = () => {
  const params = useParams();
  const { store } = useServices();
  const key = JSON.stringify({
    contactId: params.contactId ?? '', campaign: params.campaign ?? '', agent: params.agent ?? '',
    guid: params.guid ?? '', callerid: params.callerid ?? '', workspaceId: params.workspaceId ?? '',
  });
  useEffect(() => {
    if (JSON.stringify(store.getState().embed) !== key) store.setEmbed(JSON.parse(key) as EmbedData);
  }, [key, store]);
  return <Navigate to={SCREEN.login.path} replace />;
};

const signedOutElement = (screen: Screen) => {
  if (screen.access === 'signed-out') return <ScreenPage screen={screen} />;
  if (screen.access === 'embed-entry') return <EmbedSignIn />;
  return null;
};

/** Routes when logged out (spec 1 §2): the registry's signed-out screens and the embed entry; / goes to /login. */
const SignedOutRoutes = () => {
  useDocumentTitle(false);
  return (
    <Routes>
      <Route path="/" element={<Navigate to={SCREEN.login.path} replace />} />
      {SCREENS.map((screen) => {
        const element = signedOutElement(screen);
        return element ? <Route key={screen.key} path={screen.path} element={element} /> : null;
      })}
      <Route path="*" element={<ScreenPage screen={SCREEN.notFound} />} />
    </Routes>
  );
};

export const AppRoot = () => {
  const session = useSession();
  const services = useServices();

  useEffect(() => {
    if (session.status === 'checking') void checkStoredSession(services);
  }, [session.status, services]);

  if (session.status === 'checking') return <PageLoading />;
  return (
    <Suspense fallback={<PageLoading />}>
      {session.status === 'signed-in' ? <SignedInApp /> : <SignedOutRoutes />}
    </Suspense>
  );
};
