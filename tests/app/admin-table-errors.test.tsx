import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserRow } from '@domain/api/users';
import { apiError, signedInBackend } from './support/fake-backend';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

/**
 * The administration tables tell a failed load from an empty one: a failure says so with a Retry that asks again,
 * and an empty list says what is missing (users, teams, workspaces) in the user's language.
 */

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
});

const userRow = (id: string, username: string): UserRow => ({
  id, username, role: 'basic', status: '', lastPasswordChange: '2026-01-10T09:00:00.000Z', outsourcerId: 'o-1', outsourcerName: 'NordCall',
  siteIds: ['s-1'], teamIds: ['t-1'], siteNames: ['Milano'], teamNames: ['Inbound'], manageable: true,
} as UserRow);

const team = { teamId: 't-1', teamName: 'Inbound', siteId: 's-1', siteName: 'Milano', outsourcerId: 'o-1', outsourcerName: 'NordCall', enabled: true };

/** Answers with a server error until `recover` is called, then with the answer, however often the page asks. */
const failingUntilRecovered = (answer: [number, unknown]) => {
  let failing = true;
  const handler = () => (failing ? apiError(500, 'Internal Server Error') : answer);
  return Object.assign(handler, { recover: () => { failing = false; } });
};
type Route = ReturnType<typeof failingUntilRecovered> | [number, unknown];

describe('/setting', () => {
  it('a failed load of the users offers a Retry, which loads them', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    const search = failingUntilRecovered([200, { data: [userRow('u-1', 'mario.rossi')], total: 1 }]);
    backend.on('POST /api/cntmng/user/search', search);
    backend.on('POST /api/auth/getOutsourcer', [200, { data: [] }]);
    backend.on('POST /api/auth/getSite', [200, { data: [] }]);
    backend.on('POST /api/auth/getTeam', [200, { data: [] }]);
    renderApp(backend, '/setting');
    await screen.findByText('The users could not be loaded');
    expect(screen.queryByText('No users match')).not.toBeInTheDocument();

    const asked = backend.called('POST /api/cntmng/user/search');
    search.recover();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: 'Select row mario.rossi' })).toBeInTheDocument();
    expect(screen.queryByText('The users could not be loaded')).not.toBeInTheDocument();
    expect(backend.called('POST /api/cntmng/user/search')).toBeGreaterThan(asked);
  });
});

describe('/workspaceconfig Teams', () => {
  const teamsPage = (teams: Route, workspaces: Route = [200, { data: [] }], language = 'en-US') => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    backend.on('GET /api/cntmng/teams/teamsByWorkspace/w1', teams);
    backend.on('GET /api/cntmng/teams/workspacesByTeam/t-1', workspaces);
    renderApp(backend, '/workspaceconfig?tab=teams', { language });
    return backend;
  };

  it('a failed load of the teams is not "no users match": it says so, and Retry loads them', async () => {
    const teams = failingUntilRecovered([200, { data: [team] }]);
    const backend = teamsPage(teams);
    await screen.findByText('The teams could not be loaded');
    expect(screen.queryByText('No users match')).not.toBeInTheDocument();
    expect(screen.queryByText('No teams')).not.toBeInTheDocument();
    const asked = backend.called('GET /api/cntmng/teams/teamsByWorkspace/w1');
    teams.recover();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: 'Select row Inbound' })).toBeInTheDocument();
    expect(backend.called('GET /api/cntmng/teams/teamsByWorkspace/w1')).toBeGreaterThan(asked);
  });

  it('no teams says "No teams"', async () => {
    teamsPage([200, { data: [] }]);
    expect(await screen.findByText('No teams')).toBeInTheDocument();
    expect(screen.queryByText('No users match')).not.toBeInTheDocument();
  });

  it('no teams, in Italian', async () => {
    teamsPage([200, { data: [] }], [200, { data: [] }], 'it-IT');
    expect(await screen.findByText('Nessun team')).toBeInTheDocument();
  });

  it('the association dialog: a failed load of the workspaces offers a Retry; no workspaces says "No workspaces"', async () => {
    const workspaces = failingUntilRecovered([200, { data: [] }]);
    const backend = teamsPage([200, { data: [team] }], workspaces);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Workspaces of team Inbound' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The workspaces could not be loaded')).toBeInTheDocument();
    expect(within(dialog).queryByText('No users match')).not.toBeInTheDocument();
    const asked = backend.called('GET /api/cntmng/teams/workspacesByTeam/t-1');
    workspaces.recover();
    await ui.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('No workspaces')).toBeInTheDocument();
    expect(within(dialog).queryByText('The workspaces could not be loaded')).not.toBeInTheDocument();
    expect(backend.called('GET /api/cntmng/teams/workspacesByTeam/t-1')).toBeGreaterThan(asked);
  });

  it('the association dialog in Italian: "Nessun workspace"', async () => {
    teamsPage([200, { data: [team] }], [200, { data: [] }], 'it-IT');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Workspace del team Inbound' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Nessun workspace')).toBeInTheDocument();
  });
});

describe('the Teams tab while its teams reload', () => {
  it('turns the toggles off until the teams come', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    let hold = false;
    let held = 0;
    let release: () => void = () => undefined;
    backend.on('GET /api/cntmng/teams/teamsByWorkspace/w1', () => {
      if (!hold) return [200, { data: [team] }];
      held++;
      return new Promise<[number, unknown]>((resolve) => { release = () => resolve([200, { data: [{ ...team, enabled: false }] }]); });
    });
    backend.on('POST /api/cntmng/teams/associate', [200, { data: { ok: true } }]);
    renderApp(backend, '/workspaceconfig?tab=teams');
    const toggle = await screen.findByRole('checkbox', { name: /^Inbound: / });
    expect(toggle).toBeEnabled();
    const ui = userEvent.setup();
    hold = true;
    await ui.click(toggle);
    // the change reloads the teams: meanwhile the row's toggle does not move
    await waitFor(() => expect(held).toBe(1));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Inbound: / })).toBeDisabled());
    release();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Inbound: / })).toBeEnabled());
  });
});
