/**
 * The browser app's screen paths (react-router patterns), which a role's home path (viewsConfig.<role>._home.path)
 * must lead to. The app's registry (src/app/routes/screens.ts) owns them; this copy in domain serves the server's
 * validate (which never loads the app's code) and the editor's check as you type alike, and
 * tests/server/workspace-config-validation.test.ts checks that it agrees with the registry.
 */
export const APP_ROUTE_PATTERNS: readonly string[] = [
  '/login',
  '/changepassword',
  '/contacts/list',
  '/contacts/embed/list',
  '/contacts/create',
  '/contacts/show/:id',
  '/contacts/edit/:id',
  '/contacts/embed/:contactId/:campaign/:agent/:guid/:callerid/:workspaceId',
  '/contacts/embed/:campaign/:agent/:guid/:callerid/:workspaceId',
  '/dashboard',
  '/flowsmanagement',
  '/events',
  '/reports',
  '/sms',
  '/workspaceconfig',
  '/setting',
  '/gallery',
  '/403',
  '/404',
];
