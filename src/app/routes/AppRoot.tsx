import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { useServices, useSession } from '../services/services-context';
import { EMBED_ROUTE } from './paths';
import { ChangePasswordPage, LoginPage, NotFoundPage, SignedInApp } from './lazy-pages';
import { PageLoading } from '../shell/PageLoading';
import type { EmbedData } from '../session/session-store';
import { checkStoredSession } from '../session/startup-check';

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
  return <Navigate to="/login" replace />;
};

/** Routes when logged out (spec 1 §2): only /login, /changepassword and the embed route; / goes to /login. */
const SignedOutRoutes = () => (
  <Routes>
    <Route path="/" element={<Navigate to="/login" replace />} />
    <Route path="/login" element={<LoginPage />} />
    <Route path="/changepassword" element={<ChangePasswordPage />} />
    <Route path={EMBED_ROUTE} element={<EmbedSignIn />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);

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
