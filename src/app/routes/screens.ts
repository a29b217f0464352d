import type { PermissionName } from '@domain/permissions';
import type { Role } from '@domain/roles';
import type { Workspace } from '@domain/generated/workspace';
import { homePath, type HomePaths } from '@translator/home-path';
import type { MenuEntry, NavigationScreens } from '@translator/menu';
import type { Messages } from '../i18n/messages';
import type { ScreenLoader } from '../ui/lazy-screen';
import { matchPathPattern } from './paths';

/** Who opens a screen. */
export type ScreenAccess =
  /** Signed in, with the permission; without it the route leads to /403 (spec 1 §6). */
  | { permission: PermissionName }
  /** Every signed-in user. */
  | 'signed-in'
  /** Signed out only (spec 1 §2); signed in, the path leads home. */
  | 'signed-out'
  /** Signed in the page; signed out the route keeps the call's data for after the login and leads there (spec 1 §2). */
  | 'embed-entry';

type MenuLabel = `nav.${keyof Messages['nav'] & string}`;
type BreadcrumbLabel = `breadcrumb.${keyof Messages['breadcrumb'] & string}`;
/** Every text key: the dotted path of each text of the catalogues. */
type TextKey<T = Messages> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextKey<T[K]>}` }[keyof T & string];

interface ScreenDefinition<K extends string, P extends object> {
  key: K;
  /** A react-router pattern. */
  path: string;
  access: ScreenAccess;
  /** The screen's own chunk, so that /login loads only what it needs (bundle target in bench/web-bundle.ts). */
  load: ScreenLoader<P>;
  /** What the route gives the component. */
  props?: P;
  /** A navigation item: its label (the translator's menu rules decide who sees it, from the permission). */
  menuLabel?: MenuLabel;
  /** The crumb of the path's last fixed segment; crumbs of paths that are no screen use `breadcrumb.<segment>`. */
  breadcrumbLabel?: BreadcrumbLabel;
  /**
   * The screen's name in the browser tab, where it is not its menu or breadcrumb label; the route's parameters fill
   * it (`{{id}}`). A signed-out screen's is one of the texts loaded before sign-in.
   */
  title?: TextKey;
  /** On a full page load with a stored session, the chunk starts before the app exists (early-loads.ts). */
  startsEarly?: true;
}

/** A registry entry, its props already checked against its component. */
export interface Screen<K extends string = string> extends Omit<ScreenDefinition<K, object>, 'load' | 'props'> {
  load: ScreenLoader;
  props: object;
}

const screen = <K extends string, P extends object = object>({ props, load, ...entry }: ScreenDefinition<K, P>): Screen<K> => ({
  ...entry,
  props: props ?? {},
  // Sound: the definition's type has just matched the props with the component that receives them.
  load: load as unknown as ScreenLoader,
});

const loadContactsList = () => import('../features/contacts-list/ContactsListScreen').then((m) => m.ContactsListScreen);
const loadContactShow = () => import('../features/contact-work/ContactShowScreen').then((m) => m.ContactShowScreen);
const loadEmbed = () => import('../features/embed/EmbedScreen').then((m) => m.EmbedScreen);
/** The embedded entry shows the list and the contact through the registry: features do not import each other. */
const embedScreens = { loadListScreen: loadContactsList, loadShowScreen: loadContactShow };

/** Every screen of the app, once: the routers, the menu, the breadcrumb, the home path and the early loads read it. */
export const SCREENS = [
  screen({ key: 'login', path: '/login', access: 'signed-out', load: () => import('../features/login/LoginPage').then((m) => m.LoginPage), title: 'login.title' }),
  screen({ key: 'changepassword', path: '/changepassword', access: 'signed-out', load: () => import('../features/change-password/ChangePasswordPage').then((m) => m.ChangePasswordPage), title: 'changePassword.title' }),
  screen({ key: 'contacts', path: '/contacts/list', access: { permission: 'list' }, load: loadContactsList, menuLabel: 'nav.contacts', breadcrumbLabel: 'breadcrumb.list' }),
  screen({ key: 'contactsEmbedList', path: '/contacts/embed/list', access: { permission: 'list' }, load: loadContactsList, props: { embed: true }, breadcrumbLabel: 'breadcrumb.list', title: 'nav.contacts' }),
  screen({ key: 'contactCreate', path: '/contacts/create', access: { permission: 'insert' }, load: () => import('../features/contact-work/ContactCreateScreen').then((m) => m.ContactCreateScreen), breadcrumbLabel: 'breadcrumb.create', title: 'contactWork.create.title' }),
  screen({ key: 'contactShow', path: '/contacts/show/:id', access: { permission: 'show' }, load: loadContactShow, breadcrumbLabel: 'breadcrumb.show', title: 'contactWork.show.title', startsEarly: true }),
  screen({ key: 'contactEdit', path: '/contacts/edit/:id', access: { permission: 'edit' }, load: () => import('../features/contact-work/ContactEditScreen').then((m) => m.ContactEditScreen), breadcrumbLabel: 'breadcrumb.edit', title: 'contactWork.edit.title' }),
  screen({ key: 'embed', path: '/contacts/embed/:contactId/:campaign/:agent/:guid/:callerid/:workspaceId', access: 'embed-entry', load: loadEmbed, props: embedScreens, breadcrumbLabel: 'breadcrumb.embed' }),
  // After taking a contact from the embed list: the contact is the one the stored embed data names.
  screen({ key: 'embedTaken', path: '/contacts/embed/:campaign/:agent/:guid/:callerid/:workspaceId', access: 'signed-in', load: loadEmbed, props: embedScreens, breadcrumbLabel: 'breadcrumb.embed' }),
  screen({ key: 'dashboard', path: '/dashboard', access: { permission: 'dashboard' }, load: () => import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage), menuLabel: 'nav.dashboard', breadcrumbLabel: 'breadcrumb.dashboard' }),
  screen({ key: 'flowsmanagement', path: '/flowsmanagement', access: { permission: 'flowsmanagement' }, load: () => import('../features/flows-management/FlowsManagementPage').then((m) => m.FlowsManagementPage), menuLabel: 'nav.flowsmanagement', breadcrumbLabel: 'breadcrumb.flowsmanagement' }),
  screen({ key: 'events', path: '/events', access: { permission: 'events' }, load: () => import('../features/events/EventsPage').then((m) => m.EventsPage), menuLabel: 'nav.events', breadcrumbLabel: 'breadcrumb.events' }),
  screen({ key: 'reports', path: '/reports', access: { permission: 'reports' }, load: () => import('../features/reports/ReportsPage').then((m) => m.ReportsPage), menuLabel: 'nav.reports', breadcrumbLabel: 'breadcrumb.reports' }),
  screen({ key: 'sms', path: '/sms', access: { permission: 'sms' }, load: () => import('../features/sms/SmsPage').then((m) => m.SmsPage), menuLabel: 'nav.sms', breadcrumbLabel: 'breadcrumb.sms' }),
  screen({ key: 'workspaceconfig', path: '/workspaceconfig', access: { permission: 'workspaceconfig' }, load: () => import('../features/workspace-config/WorkspaceConfigPage').then((m) => m.WorkspaceConfigPage), menuLabel: 'nav.workspaceconfig', breadcrumbLabel: 'breadcrumb.workspaceconfig' }),
  screen({ key: 'setting', path: '/setting', access: { permission: 'setting' }, load: () => import('../features/setting/SettingPage').then((m) => m.SettingPage), menuLabel: 'nav.setting', breadcrumbLabel: 'breadcrumb.setting' }),
  screen({ key: 'gallery', path: '/gallery', access: { permission: 'gallery' }, load: () => import('../features/gallery/GalleryPage').then((m) => m.GalleryPage), title: 'gallery.title' }),
  screen({ key: 'forbidden', path: '/403', access: 'signed-in', load: () => import('../features/forbidden/ForbiddenPage').then((m) => m.ForbiddenPage), breadcrumbLabel: 'breadcrumb.403', title: 'pages.forbidden.title' }),
  screen({ key: 'notFound', path: '/404', access: 'signed-in', load: () => import('../features/not-found/NotFoundPage').then((m) => m.NotFoundPage), breadcrumbLabel: 'breadcrumb.404', title: 'pages.notFound.title' }),
];

export type ScreenKey = (typeof SCREENS)[number]['key'];

export const SCREEN = Object.fromEntries(SCREENS.map((entry) => [entry.key, entry])) as Record<ScreenKey, Screen<ScreenKey>>;

/** The navigation items, in the bar's order. */
export const MENU_ENTRIES: ReadonlyArray<MenuEntry<ScreenKey> & { label: MenuLabel }> = SCREENS.flatMap((entry) =>
  entry.menuLabel && typeof entry.access === 'object' ? [{ key: entry.key, permission: entry.access.permission, path: entry.path, label: entry.menuLabel }] : []);

const HOME_PATHS: HomePaths = { signIn: SCREEN.login.path, contacts: SCREEN.contacts.path, reports: SCREEN.reports.path };

/** What the translator's navigation rules need from the registry (the QA replay's navigation.json uses it too). */
export const NAVIGATION_SCREENS: NavigationScreens<ScreenKey> = { menu: MENU_ENTRIES, home: HOME_PATHS };

/** The role's home in a workspace, with the registry's screens as the defaults. */
export const roleHomePath = (workspace: Workspace | null | undefined, role: Role): string => homePath(workspace, role, HOME_PATHS);

/** The path up to a pattern's first parameter: the crumb that names the screen. */
const fixedPart = (pattern: string): string => {
  const segments = pattern.split('/').filter(Boolean);
  const firstParameter = segments.findIndex((segment) => segment.startsWith(':'));
  return `/${(firstParameter < 0 ? segments : segments.slice(0, firstParameter)).join('/')}`;
};
const breadcrumbLabels = new Map(SCREENS.flatMap((entry) => (entry.breadcrumbLabel ? [[fixedPart(entry.path), entry.breadcrumbLabel] as const] : [])));

/** The label key of a crumb that names a screen. */
export const breadcrumbLabel = (crumbPath: string): BreadcrumbLabel | undefined => breadcrumbLabels.get(crumbPath);

/** What documentTitle needs of i18next's `t`. */
type Translate = (key: string, options?: Record<string, string>) => string;

/**
 * The browser tab's title: the screen's name (its contact on a contact's screens), the workspace, the product:
 * 'Contatti · Energia Casa — Contact Manager'. Signed out, only the signed-out screens are routes and any other path
 * shows the not-found page; signed in, a path that is no screen is on its way home and keeps the product's name.
 */
export const documentTitle = (pathname: string, t: Translate, { signedIn, workspaceName }: { signedIn: boolean; workspaceName?: string | null }): string => {
  const product = t('app.title');
  const routed = SCREENS.filter((entry) => (entry.access === 'signed-out') !== signedIn);
  const found = routed.flatMap((entry) => {
    const params = matchPathPattern(entry.path, pathname);
    return params ? [{ entry, params }] : [];
  })[0] ?? (signedIn ? null : { entry: SCREEN.notFound, params: {} });
  const label = found ? found.entry.title ?? found.entry.menuLabel ?? found.entry.breadcrumbLabel : undefined;
  if (!found || !label) return product;
  const name = [t(label, found.params), signedIn ? workspaceName : null].filter(Boolean).join(' · ');
  return `${name} — ${product}`;
};

/** The screen whose chunk starts early on this page, with the path's parameters. */
export const earlyScreen = (pathname: string): { screen: Screen<ScreenKey>; params: Record<string, string> } | null => {
  for (const entry of SCREENS) {
    const params = entry.startsEarly ? matchPathPattern(entry.path, pathname) : null;
    if (params) return { screen: entry, params };
  }
  return null;
};
