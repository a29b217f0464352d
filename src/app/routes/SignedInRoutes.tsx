import { Navigate, Route, Routes } from 'react-router-dom';
import { RequirePermission } from './RequirePermission';
import { ScreenPage } from './ScreenPage';
import { SCREENS, type Screen } from './screens';

const signedInElement = (screen: Screen, home: string) => {
  if (screen.access === 'signed-out') return <Navigate to={home} replace />;
  const page = <ScreenPage screen={screen} />;
  return typeof screen.access === 'object' ? <RequirePermission permission={screen.access.permission}>{page}</RequirePermission> : page;
};

/** Routes when logged in (spec 1 §2), from the screen registry; an unknown path leads home. */
export const SignedInRoutes = ({ home }: { home: string }) => (
  <Routes>
    <Route path="/" element={<Navigate to={home} replace />} />
    {SCREENS.map((screen) => <Route key={screen.key} path={screen.path} element={signedInElement(screen, home)} />)}
    <Route path="*" element={<Navigate to={home} replace />} />
  </Routes>
);
