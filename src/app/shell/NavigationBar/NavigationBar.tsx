import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading, Position } from '@blueprintjs/core';
import { AppDrawer } from '../../ui/AppDrawer';
import { Cog, LogOut, Menu, People } from '@blueprintjs/icons';
import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../LanguageSelect';
import { ThemeToggle } from '../theme/ThemeToggle';
import { useNavigationController } from '../use-navigation-controller';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';
import { NAV_CSS } from './nav-styles';

type Controller = ReturnType<typeof useNavigationController>;
type NavItem = Controller['pages'][number];

const isActive = (activePath: string, path: string) => activePath === path || activePath.startsWith(`${path.split('/').slice(0, 2).join('/')}/`) || activePath === path.split('/').slice(0, 2).join('/');

/**
 * Switching reloads the page, so it waits for an explicit choice. A pick with the mouse (or touch) switches at once;
 * a change made with the keys (arrows or typing on a closed select change it on Windows) is only pending until Enter
 * or leaving the field, and Escape puts the current workspace back.
 */
const WorkspaceSelect = ({ nav }: { nav: Controller }) => {
  const { t } = useTranslation();
  const current = nav.workspace?.id ?? '';
  const [pending, setPending] = useState<string | null>(null);
  // Whether a key is down: the change it makes comes between its keydown and its keyup.
  const keyDown = useRef(false);
  const choose = (workspaceId: string) => {
    setPending(null);
    if (workspaceId !== current) void nav.switchWorkspace(workspaceId);
  };
  return (
    // Narrowed with an ellipsis in the desktop bar (nav-styles.ts): the title gives the full name on hover.
    <PlainSelect aria-label={t('nav.workspace')} title={nav.workspace?.name} className="cm-workspace-select" minimal={!nav.mobile} fill={nav.mobile}
      disabled={nav.switching} value={pending ?? current}
      onPointerDown={() => { keyDown.current = false; }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && pending !== null) choose(pending);
        else if (event.key === 'Escape' && pending !== null) setPending(null);
        else keyDown.current = true;
      }}
      onKeyUp={() => { keyDown.current = false; }}
      onBlur={() => {
        keyDown.current = false;
        if (pending !== null) choose(pending);
      }}
      onChange={(event) => (keyDown.current ? setPending(event.currentTarget.value) : choose(event.currentTarget.value))}
      options={nav.workspaces.map((item) => ({ value: item.id, label: item.name }))} />
  );
};

/** A menu item shown among the controls: an icon in the bar, icon and label in the drawer. */
const ControlItem = ({ nav, item, icon, vertical }: { nav: Controller; item: NavItem; icon: ReactElement; vertical: boolean }) => {
  const { t } = useTranslation();
  return (
    <Button variant="minimal" icon={icon} aria-label={t(item.label)} title={t(item.label)}
      text={vertical ? t(item.label) : undefined} alignText={vertical ? Alignment.START : undefined}
      active={nav.activePath === item.path} aria-current={nav.activePath === item.path ? 'page' : undefined} onClick={() => nav.go(item.path)} />
  );
};

/** The registry's menu items the translator's rules show, then the workspace and user controls. */
const Items = ({ nav, vertical }: { nav: Controller; vertical: boolean }) => {
  const { t } = useTranslation();
  return (
    <>
      <nav className={vertical ? 'cm-nav-items cm-nav-vertical' : 'cm-nav-items'} aria-label={t('app.title')}>
        {nav.pages.map((item) => (
          <Button key={item.key} variant="minimal" alignText={vertical ? Alignment.START : undefined} fill={vertical}
            active={isActive(nav.activePath, item.path)} aria-current={isActive(nav.activePath, item.path) ? 'page' : undefined}
            text={t(item.label)} onClick={() => nav.go(item.path)} />
        ))}
      </nav>
      {vertical ? null : <NavbarDivider />}
      <div className={vertical ? 'cm-nav-controls cm-nav-vertical' : 'cm-nav-controls'}>
        {nav.workspaces.length > 0 ? <WorkspaceSelect nav={nav} /> : null}
        {nav.workspaceConfig ? <ControlItem nav={nav} item={nav.workspaceConfig} icon={<Cog />} vertical={vertical} /> : null}
        <LanguageSelect minimal={!vertical} short={!vertical && nav.narrow} />
        <ThemeToggle withText={vertical} />
        <Button variant="minimal" className="cm-user-badge" icon={<LogOut />} text={nav.userBadge} title={t('nav.logout', { username: nav.username })}
          alignText={vertical ? Alignment.START : undefined} onClick={nav.logout} />
        {nav.setting ? <ControlItem nav={nav} item={nav.setting} icon={<People />} vertical={vertical} /> : null}
      </div>
    </>
  );
};

/**
 * Desktop bar above 768 px, drawer below (spec 1 §2); embed view shows only the workspace name and language. The
 * desktop bar keeps one row from 1024 px up (nav-styles.ts).
 */
export const NavigationBar = () => {
  const { t } = useTranslation();
  const nav = useNavigationController();

  if (nav.embed) {
    return (
      <Navbar className="cm-navbar" fixedToTop={false}>
        <NavbarGroup align={Alignment.START}><NavbarHeading className="cm-workspace-name">{nav.workspace?.name}</NavbarHeading></NavbarGroup>
        <NavbarGroup align={Alignment.END}><LanguageSelect minimal /></NavbarGroup>
      </Navbar>
    );
  }

  const brand = (
    <>
      {nav.logo ? <img className="cm-nav-logo" src={nav.logo} alt="" /> : null}
      <NavbarHeading className={nav.logo ? 'cm-nav-title cm-nav-title--beside-logo' : 'cm-nav-title'}>{t('app.title')}</NavbarHeading>
    </>
  );

  if (nav.mobile) {
    return (
      <Navbar className="cm-navbar">
        <NavbarGroup align={Alignment.START}>
          <Button variant="minimal" icon={<Menu />} aria-label={t('nav.openMenu')} onClick={nav.openDrawer} />
          {brand}
        </NavbarGroup>
        <AppDrawer isOpen={nav.drawerOpen} onClose={nav.closeDrawer} position={Position.LEFT} size="80%" title={t('app.title')} className="cm-nav-drawer">
          {/* Blueprint's Drawer carries no dialog role of its own. */}
          <div role="dialog" aria-modal="true" aria-label={t('app.title')} className="cm-drawer-body"><Items nav={nav} vertical /></div>
        </AppDrawer>
      </Navbar>
    );
  }

  return (
    <Navbar className="cm-navbar cm-navbar--desktop">
      <style>{NAV_CSS}</style>
      <NavbarGroup align={Alignment.START}>{brand}<NavbarDivider /><Items nav={nav} vertical={false} /></NavbarGroup>
    </Navbar>
  );
};
