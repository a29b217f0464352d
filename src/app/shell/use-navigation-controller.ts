import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { BREAKPOINTS } from '@domain/constants';
import { roleDisplayName } from '@domain/roles';
import { menuItems } from '@translator/menu';
import { isContactDetailPath, isEmbedPath } from '../routes/paths';
import { MENU_ENTRIES } from '../routes/screens';
import { useServices, useSession } from '../services/services-context';
import { useMediaQuery } from './use-media-query';

/** From this width the desktop bar has room for every control at full size (nav-styles.ts). */
const FULL_BAR_WIDTH = 1440;

/** The navigation bar's state (spec 1 §2, §4); NavigationBar only renders it. */
export const useNavigationController = () => {
  const services = useServices();
  const session = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINTS.tablet - 1}px)`);
  const narrow = useMediaQuery(`(max-width: ${FULL_BAR_WIDTH - 1}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logo, setLogo] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    let live = true;
    void services.loadBranding().then((branding) => {
      if (live && branding) setLogo(branding.logoNav);
    });
    return () => {
      live = false;
    };
  }, [services]);

  useEffect(() => setDrawerOpen(false), [location.pathname, mobile]);

  const user = session.user;
  const items = useMemo(() => {
    const shown = new Set(user ? menuItems(session.workspace, user.role, MENU_ENTRIES).map((item) => item.key) : []);
    return MENU_ENTRIES.filter((entry) => shown.has(entry.key));
  }, [session.workspace, user]);

  const switchWorkspace = useCallback(async (workspaceId: string) => {
    if (workspaceId === session.workspace?.id) return;
    if (isContactDetailPath(services.currentPath())) {
      services.toasts.show({ intent: 'warning', message: t('nav.cantChangeWorkspace') });
      return;
    }
    setSwitching(true);
    try {
      await services.auth.switchWorkspace(workspaceId);
      services.reload();
    } catch {
      setSwitching(false);
    }
  }, [services, session.workspace, t]);

  return {
    // The embed view: its routes, and the create form opened from the embed list (state.embed).
    embed: isEmbedPath(location.pathname) || (location.state as { embed?: unknown } | null)?.embed === true,
    mobile,
    /** Under 1440 px the desktop bar is one row only with its controls made compact. */
    narrow,
    drawerOpen,
    openDrawer: () => setDrawerOpen(true),
    closeDrawer: () => setDrawerOpen(false),
    logo,
    pages: items.filter((item) => item.key !== 'workspaceconfig' && item.key !== 'setting'),
    workspaceConfig: items.find((item) => item.key === 'workspaceconfig') ?? null,
    setting: items.find((item) => item.key === 'setting') ?? null,
    activePath: location.pathname,
    workspace: session.workspace,
    workspaces: session.workspaces,
    switching,
    switchWorkspace,
    userBadge: user ? `${user.username} · ${roleDisplayName(user.role)}` : '',
    username: user?.username ?? '',
    logout: () => void services.logout(),
    go: (path: string) => services.navigate(path),
  };
};
