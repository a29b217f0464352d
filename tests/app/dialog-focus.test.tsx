import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { I18nextProvider } from 'react-i18next';
import type { UsersClient } from '@api-client/users-client';
import { BulkActionDialog } from '@app/features/contacts-list/BulkActionDialog';
import type { ContactListApi } from '@app/features/contacts-list/list-renderer-services';
import { useBulkActionController } from '@app/features/contacts-list/use-bulk-action-controller';
import { CreateUserWizard } from '@app/features/setting/CreateUserWizard';
import type { UserRow } from '@domain/api/users';
import type { MassiveAction } from '@domain/generated/workspace';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { signedInBackend } from './support/fake-backend';
import { createI18nWithScreens } from './support/i18n';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

/**
 * Keyboard focus and screen-reader names around the administration dialogs and tables: the focus goes back to what
 * opened a dialog once it closes, the temporary password takes the focus and is announced, and each row checkbox is
 * named after its row.
 */

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
});

const userRow = (id: string, username: string, extra: Partial<UserRow> = {}): UserRow => ({
  id, username, role: 'basic', status: '', lastPasswordChange: '2026-01-10T09:00:00.000Z', outsourcerId: 'o-1', outsourcerName: 'NordCall',
  siteIds: ['s-1'], teamIds: ['t-1'], siteNames: ['Milano'], teamNames: ['Inbound'], manageable: true, ...extra,
} as UserRow);

const users = [userRow('u-1', 'mario.rossi'), userRow('u-2', 'anna.bianchi')];

const settingPage = (language = 'en-US', groupId: string | null = null) => {
  storeSession('admin');
  if (groupId) localStorage.setItem(STORAGE_KEYS.loggedUser, JSON.stringify({ ...JSON.parse(localStorage.getItem(STORAGE_KEYS.loggedUser)!), groupId }));
  const backend = signedInBackend('admin');
  backend.on('POST /api/cntmng/user/search', [200, { data: users, total: users.length }]);
  backend.on('POST /api/auth/getOutsourcer', [200, { data: [] }]);
  backend.on('POST /api/auth/getSite', [200, { data: [] }]);
  backend.on('POST /api/auth/getTeam', [200, { data: [] }]);
  backend.on('POST /api/auth/signup/temporary', [200, { data: { id: 'u-1', username: 'mario.rossi', status: 'tmp-psw', password: 'Tmp-9876!' } }]);
  renderApp(backend, '/setting', { language });
  return backend;
};

/** Blueprint's overlays close after their transition; the focus moves once they are gone. */
const expectFocusBackOn = async (opener: HTMLElement) => {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(document.activeElement).toBe(opener));
};

/** Escape reaches a dialog once the focus is in it (Blueprint moves it there on the next frame). */
const escapeFrom = async (ui: ReturnType<typeof userEvent.setup>) => {
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog.closest('.bp6-overlay')).toContainElement(document.activeElement as HTMLElement));
  await ui.keyboard('{Escape}');
};

describe('closing a dialog gives the focus back to its opener', () => {
  it('/setting: Reset password, closed with Cancel and with Escape', async () => {
    settingPage();
    const ui = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'Reset password of mario.rossi' });
    await ui.click(opener);
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expectFocusBackOn(opener);

    await ui.keyboard('{Enter}');
    await escapeFrom(ui);
    await expectFocusBackOn(opener);
  });

  it('/setting: New user, closed with Escape', async () => {
    settingPage();
    const ui = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'New user' });
    await ui.click(opener);
    await escapeFrom(ui);
    await expectFocusBackOn(opener);
  });

  it('/setting: a bulk action chosen from its menu gives the focus back to the menu button', async () => {
    settingPage();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('checkbox', { name: 'Select row mario.rossi' }));
    const menuButton = screen.getByRole('button', { name: 'Bulk actions' });
    await ui.click(menuButton);
    await ui.click(await screen.findByRole('menuitem', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expectFocusBackOn(menuButton);
  });

  it('/workspaceconfig Teams: the association dialog, closed with its Close button', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    backend.on('GET /api/cntmng/teams/teamsByWorkspace/w1', [200, { data: [
      { teamId: 't-1', teamName: 'Inbound', siteId: 's-1', siteName: 'Milano', outsourcerId: 'o-1', outsourcerName: 'NordCall', enabled: true },
    ] }]);
    backend.on('GET /api/cntmng/teams/workspacesByTeam/t-1', [200, { data: [
      { workspaceId: 'w1', workspaceName: 'Workspace w1', enabled: true, profilingDisabled: false },
    ] }]);
    renderApp(backend, '/workspaceconfig?tab=teams');
    const ui = userEvent.setup();
    // the team's row checkbox carries the team's name
    expect(await screen.findByRole('checkbox', { name: 'Select row Inbound' })).toBeInTheDocument();
    const opener = screen.getByRole('button', { name: 'Workspaces of team Inbound' });
    await ui.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('checkbox', { name: 'Select row Workspace w1' })).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expectFocusBackOn(opener);
  });

  it('/workspaceconfig Workspaces: the Versions dialog, closed with Escape', async () => {
    storeSession('admin');
    const backend = signedInBackend('admin');
    backend.on('GET /api/cntmng/workspaceconfig/workspaces', [200, { data: [
      { id: 'w1', name: 'Workspace w1', dataModelId: 'dm-w1', enabled: true, version: 1, dataModelVersion: 1, publishedAt: null, publishedBy: null },
    ] }]);
    backend.on('GET /api/cntmng/workspaceconfig/workspaces/w1/versions', [200, { data: [] }]);
    backend.on('GET /api/cntmng/workspaceconfig/workspaces/w1/audit', [200, { data: [] }]);
    renderApp(backend, '/workspaceconfig');
    const ui = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'Versions of Workspace w1' });
    await ui.click(opener);
    await escapeFrom(ui);
    await expectFocusBackOn(opener);
  });

  it('the contact list bulk dialog, opened from its menu and cancelled', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en-US');
    const i18n = createI18nWithScreens(localStorage);
    const action: MassiveAction = { key: 'close', label: 'Close contacts', onAction: { type: 'close' } };
    const Harness = () => {
      const bulk = useBulkActionController({
        api: {} as ContactListApi, workspaceId: 'w1', actions: [action], selectedIds: ['c-1'], filter: {}, total: 1, onWorked: () => undefined, onDone: () => undefined,
      });
      return (
        <>
          <Popover content={<Menu><MenuItem text={action.label} onClick={() => bulk.start(action)} /></Menu>}>
            <Button text="Bulk actions" />
          </Popover>
          <BulkActionDialog bulk={bulk} />
        </>
      );
    };
    render(<I18nextProvider i18n={i18n}><Harness /></I18nextProvider>);
    const ui = userEvent.setup();
    const menuButton = screen.getByRole('button', { name: 'Bulk actions' });
    await ui.click(menuButton);
    await ui.click(await screen.findByRole('menuitem', { name: 'Close contacts' }));
    const dialog = await screen.findByRole('dialog');
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expectFocusBackOn(menuButton);
  });
});

/** On /setting, mario.rossi's password reset, confirmed: its dialog, now showing the temporary password. */
const resetMarioRossi = async () => {
  const ui = userEvent.setup();
  await ui.click(await screen.findByRole('button', { name: 'Reset password of mario.rossi' }));
  const dialog = await screen.findByRole('dialog');
  await ui.click(within(dialog).getByRole('button', { name: 'Reset password' }));
  return { ui, dialog };
};

describe('the temporary password takes the focus and is announced', () => {
  it('after a reset', async () => {
    settingPage();
    const { dialog } = await resetMarioRossi();
    const status = await within(dialog).findByRole('status');
    const field = within(status).getByRole('textbox', { name: 'Temporary password' });
    expect(field).toHaveValue('Tmp-9876!');
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it("a reset sends the username and the group the admin works in (spec 1 §3)", async () => {
    const backend = settingPage('en-US', 'g-nord');
    const { dialog } = await resetMarioRossi();
    await within(dialog).findByRole('status');
    expect(backend.calls.filter((call) => call.path === '/api/auth/signup/temporary').map((call) => call.body)).toEqual([{ username: 'mario.rossi', groupId: 'g-nord' }]);
  });

  it('after creating a user, where the focused Save button goes', async () => {
    renderWizard();
    const ui = await wizardToLastStep();
    const save = await screen.findByRole('button', { name: 'Save' });
    save.focus();
    await ui.keyboard('{Enter}');
    const status = await screen.findByRole('status');
    const field = within(status).getByRole('textbox', { name: 'Temporary password' });
    expect(field).toHaveValue('Tmp-1234!');
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});

describe('row checkboxes are named after their row', () => {
  it('/setting in English', async () => {
    settingPage();
    expect(await screen.findByRole('checkbox', { name: 'Select row mario.rossi' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select row anna.bianchi' })).toBeInTheDocument();
  });

  it('/setting in Italian', async () => {
    settingPage('it-IT');
    expect(await screen.findByRole('checkbox', { name: 'Seleziona la riga mario.rossi' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Seleziona la riga anna.bianchi' })).toBeInTheDocument();
  });
});

/** The wizard filled in (an available username, the statistic role) up to its last step, where Save is. */
const wizardToLastStep = async () => {
  const ui = userEvent.setup();
  await ui.type(await screen.findByRole('textbox', { name: 'Username' }), 'nuovo');
  await screen.findByText('Username available');
  await ui.click(screen.getByRole('button', { name: 'Next' }));
  await ui.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'middle');
  await ui.click(screen.getByRole('button', { name: 'Next' }));
  return ui;
};

/** The create-user wizard by itself, with a users client that finds every username available. */
const renderWizard = (onClose = jest.fn<void, [boolean]>()) => {
  localStorage.setItem(STORAGE_KEYS.language, 'en-US');
  const i18n = createI18nWithScreens(localStorage);
  const client = {
    availability: jest.fn(async () => ({ available: true })),
    signup: jest.fn(async () => ({ id: 'u-new', username: 'nuovo', status: 'tmp-psw', password: 'Tmp-1234!' })),
    search: jest.fn(async () => ({ data: [], total: 0 })),
  } as unknown as UsersClient;
  const source = { outsourcers: async () => [], sites: async () => [], teams: async () => [] };
  render(
    <I18nextProvider i18n={i18n}>
      <CreateUserWizard users={client} creator={{ id: 'u-admin', username: 'admin', role: 'admin' }} source={source} onClose={onClose} />
    </I18nextProvider>,
  );
  return { onClose, client };
};

/** A click on the dark backdrop around a dialog. */
const clickOutside = async (ui: ReturnType<typeof userEvent.setup>) => {
  const backdrop = document.querySelector<HTMLElement>('.bp6-overlay-backdrop');
  expect(backdrop).not.toBeNull();
  await ui.click(backdrop!);
};

describe('the temporary password, shown only once, is not lost by accident', () => {
  it('after a reset: neither Escape nor a click outside closes it, only its Close button', async () => {
    settingPage();
    const { ui, dialog } = await resetMarioRossi();
    const field = await within(dialog).findByRole('textbox', { name: 'Temporary password' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    await ui.keyboard('{Escape}');
    await clickOutside(ui);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('dialog')).toContainElement(field);
    await ui.click(within(dialog.querySelector<HTMLElement>('.bp6-dialog-footer')!).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('after creating a user: Escape and a click outside leave it, the footer Close closes and reloads', async () => {
    const { onClose } = renderWizard();
    const ui = await wizardToLastStep();
    await ui.click(await screen.findByRole('button', { name: 'Save' }));
    const field = await screen.findByRole('textbox', { name: 'Temporary password' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    await ui.keyboard('{Escape}');
    await clickOutside(ui);
    expect(onClose).not.toHaveBeenCalled();
    const close = screen.getAllByRole('button', { name: 'Close' }).find((button) => button.closest('.bp6-dialog-footer'));
    await ui.click(close!);
    expect(onClose).toHaveBeenCalledWith(true);
  });
});

describe('the create-user wizard before saving', () => {
  it('a click outside does not throw away a typed username; Escape still closes, as in every dialog', async () => {
    const { onClose } = renderWizard();
    const ui = userEvent.setup();
    const username = await screen.findByRole('textbox', { name: 'Username' });
    await ui.type(username, 'nuovo');
    await clickOutside(ui);
    expect(onClose).not.toHaveBeenCalled();
    expect(username).toHaveValue('nuovo');
    await waitFor(() => expect(screen.getByRole('dialog').closest('.bp6-overlay')).toContainElement(document.activeElement as HTMLElement));
    await ui.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('an untouched wizard still closes with a click outside', async () => {
    const { onClose } = renderWizard();
    await screen.findByRole('textbox', { name: 'Username' });
    await clickOutside(userEvent.setup());
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('Enter in the username goes on to the role once the username is available, not before', async () => {
    const { client } = renderWizard();
    const ui = userEvent.setup();
    const username = await screen.findByRole('textbox', { name: 'Username' });
    await ui.type(username, 'nuovo{Enter}');
    // still checking: Enter does nothing yet
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    await screen.findByText('Username available');
    expect(client.availability).toHaveBeenCalledWith('nuovo');
    await ui.type(username, '{Enter}');
    expect(await screen.findByRole('combobox', { name: 'Role' })).toBeInTheDocument();
  });

  it('each step change (Enter in the username, Next, Back) puts the focus on the step\'s first field, not on the page', async () => {
    renderWizard();
    const ui = userEvent.setup();
    await ui.type(await screen.findByRole('textbox', { name: 'Username' }), 'nuovo');
    await screen.findByText('Username available');
    await ui.keyboard('{Enter}');
    const role = await screen.findByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(document.activeElement).toBe(role));
    await ui.selectOptions(role, 'middle');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toContainElement(screen.getByText('nuovo', { selector: 'dd' })));
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Role' })));
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Username' })));
  });
});

describe('the create-user wizard on /setting', () => {
  it('lays out Call centers and Teams as form fields, each with its label above and full width, like Role and Outsourcer', async () => {
    const backend = settingPage();
    backend.on('POST /api/auth/getOutsourcer', [200, { data: [{ id: 'o-1', name: 'NordCall' }, { id: 'o-2', name: 'SudCall' }] }]);
    backend.on('POST /api/auth/getSite', [200, { data: [{ id: 's-1', name: 'Milano' }] }]);
    backend.on('POST /api/auth/getTeam', [200, { data: [{ id: 't-1', name: 'Inbound' }] }]);
    backend.on('GET /api/cntmng/user', [200, { data: { available: true } }]);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'New user' }));
    await ui.type(await screen.findByRole('textbox', { name: 'Username' }), 'nuovo');
    await screen.findByText('Username available');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'basic');
    await ui.selectOptions(await screen.findByRole('combobox', { name: 'Outsourcer' }), 'o-1');
    const sites = await screen.findByRole('button', { name: 'Call centers' });
    const teams = screen.getByRole('button', { name: 'Teams' });
    const groupOf = (button: HTMLElement) => button.closest('.bp6-form-group');
    expect(groupOf(sites)).not.toBeNull();
    expect(groupOf(teams)).not.toBeNull();
    expect(groupOf(sites)).not.toBe(groupOf(teams));
    for (const button of [sites, teams]) {
      const pick = button.closest<HTMLElement>('.cm-multipick')!;
      // a block with the label above the button (not the inline, small grey label of a list's filter)
      expect(getComputedStyle(pick).display).toBe('flex');
      expect(getComputedStyle(pick.querySelector('.cm-multipick__label')!).color).not.toBe('rgb(95, 107, 124)');
      expect(getComputedStyle(button).width).toBe('100%');
    }
  });

  it('in Italian, the breadcrumb names the screen as its title does', async () => {
    settingPage('it-IT');
    expect(await screen.findByRole('heading', { name: 'Impostazioni utenti' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Percorso' })).getByText('Impostazioni utenti')).toBeInTheDocument();
    expect(screen.queryByText('Gestione utenti')).not.toBeInTheDocument();
  });
});
