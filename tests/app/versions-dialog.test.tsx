import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { I18nextProvider } from 'react-i18next';
import { ApiRequestError } from '@api-client/api-error';
import type { ApiClient } from '@api-client/api-client';
import { createCaller } from '@api-client/call';
import { VersionsDialog } from '@app/features/workspace-config/versions/VersionsDialog';
import { createI18nWithScreens } from './support/i18n';
import type { AppServices } from '@app/services/app-services';
import { ServicesContext } from '@app/services/services-context';
import type { AuditEntry, Configuration, ConfigDiff, VersionEntry } from '@domain/api/workspace-config';
import { STORAGE_KEYS } from '@domain/storage-keys';

/**
 * The Versions dialog with the API client faked at its transport (the request the descriptors' calls go through,
 * answered by method and path): the workspace-config client, the controller and the Blueprint view are the real ones.
 */
const BASE = '/api/cntmng/workspaceconfig/workspaces/sinistri-auto';
const at = (day: number) => `2025-03-${String(day).padStart(2, '0')}T10:15:00.000Z`;

const versionsList = (extra: VersionEntry[] = []): VersionEntry[] => [
  ...extra,
  { version: 3, dataModelVersion: 2, at: at(3), by: 'admin', comment: 'Etichetta del gruppo', action: 'publish', fromVersion: 2 },
  { version: 2, dataModelVersion: 2, at: at(2), by: 'admin', comment: 'Nuovo campo', action: 'publish', fromVersion: 1 },
  { version: 1, dataModelVersion: 1, at: at(1), by: null, comment: null, action: 'seed', fromVersion: null },
];

const auditList: AuditEntry[] = [
  { id: 'a2', workspaceId: 'sinistri-auto', action: 'publish', fromVersion: 2, toVersion: 3, at: at(3), by: 'admin', comment: 'Etichetta del gruppo' },
  { id: 'a1', workspaceId: 'sinistri-auto', action: 'disable', fromVersion: null, toVersion: null, at: at(2), by: 'manager', comment: 'Pausa' },
];

const v1: Configuration = {
  workspace: { id: 'sinistri-auto', groupsInputs: [{ label: 'Sinistro', fields: ['numeroSinistro'] }], takeConfig: { enabled: true } },
  dataModel: { id: 'dm-sinistri', model: { numeroSinistro: { label: 'Numero sinistro' } } },
  version: 1,
  dataModelVersion: 1,
};

const v3: Configuration = {
  workspace: { id: 'sinistri-auto', groupsInputs: [{ label: 'Dati del sinistro', fields: ['numeroSinistro'] }] },
  dataModel: { id: 'dm-sinistri', model: { numeroSinistro: { label: 'Numero sinistro' }, targa: { label: 'Targa' } } },
  version: 3,
  dataModelVersion: 2,
};

const diff13: ConfigDiff = {
  from: 1,
  to: 3,
  workspace: [
    { op: 'replace', path: '/groupsInputs/0/label', value: 'Dati del sinistro' },
    { op: 'remove', path: '/takeConfig' },
  ],
  dataModel: [{ op: 'add', path: '/model/targa', value: { label: 'Targa' } }],
};

type Answer = unknown | ((body: unknown) => unknown);

function setup(routes: Record<string, Answer>) {
  localStorage.setItem(STORAGE_KEYS.language, 'en-US');
  const i18n = createI18nWithScreens(localStorage);
  const request = jest.fn(async (method: string, path: string, options?: { body?: unknown; query?: Record<string, string | undefined> }) => {
    const query = options?.query ? `?${new URLSearchParams(options.query as Record<string, string>).toString()}` : '';
    const answer = routes[`${method} ${path}${query}`];
    if (answer === undefined) throw new Error(`no answer for ${method} ${path}${query}`);
    return typeof answer === 'function' ? (answer as (body: unknown) => unknown)(options?.body) : answer;
  });
  const toasts = { show: jest.fn(), attach: jest.fn() };
  const services = { api: createCaller({ request: request as <T>(...args: Parameters<typeof request>) => Promise<T> }) as unknown as ApiClient, toasts, i18n } as unknown as AppServices;
  const onRolledBack = jest.fn();
  const onClose = jest.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>
        <VersionsDialog workspaceId="sinistri-auto" isOpen onClose={onClose} onRolledBack={onRolledBack} />
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
  const calls = (route: string) => request.mock.calls.filter(([m, p]) => `${m} ${p}` === route);
  return { request, toasts, onRolledBack, onClose, calls };
}

const versionsTable = () => screen.findByRole('table', { name: 'Version' });
const rowOf = (table: HTMLElement, version: number) => within(table).getByRole('checkbox', { name: `Compare version ${version}` }).closest('tr') as HTMLElement;

afterEach(() => act(async () => { await new Promise((r) => setTimeout(r, 20)); }));

describe('Versions dialog', () => {
  it('lists the versions (when as DD/MM/YYYY HH:mm, who, comment, action) and the change log', async () => {
    setup({ [`GET ${BASE}/versions`]: versionsList(), [`GET ${BASE}/audit`]: auditList });
    const table = await versionsTable();
    const third = rowOf(table, 3);
    expect(third).toHaveTextContent('v3');
    expect(third).toHaveTextContent('live');
    expect(third).toHaveTextContent(format(new Date(at(3)), 'dd/MM/yyyy HH:mm'));
    expect(third).toHaveTextContent('Etichetta del gruppo');
    expect(third).toHaveTextContent('Publish');
    expect(within(third).queryByRole('button', { name: /Roll back/ })).not.toBeInTheDocument();
    expect(within(rowOf(table, 1)).getByRole('button', { name: 'Roll back to version 1' })).toBeEnabled();
    const audit = await screen.findByRole('table', { name: 'Change log' });
    const rows = within(audit).getAllByRole('row').slice(1).map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Publish', 'v2 → v3', 'admin', format(new Date(at(3)), 'dd/MM/yyyy HH:mm'), 'Etichetta del gruppo'],
      ['Disable', '— → —', 'manager', format(new Date(at(2)), 'dd/MM/yyyy HH:mm'), 'Pausa'],
    ]);
    expect(screen.getByText('Pick two versions to compare them')).toBeInTheDocument();
  });

  it('shows an empty list and a failed load with a retry', async () => {
    let fail = true;
    const s = setup({ [`GET ${BASE}/versions`]: () => { if (fail) throw new Error('server down'); return []; }, [`GET ${BASE}/audit`]: [] });
    expect(await screen.findByText('The versions could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No versions yet')).toBeInTheDocument();
    expect(s.calls(`GET ${BASE}/versions`)).toHaveLength(2);
    expect(screen.getByText('No changes recorded')).toBeInTheDocument();
  });

  it('a network failure shows the localized sentence, not the browser\'s own English', async () => {
    const offline = () => { throw new ApiRequestError({ kind: 'network', status: null, message: 'Failed to fetch', errors: [], requestText: `GET ${BASE}/versions`, handled: true }); };
    setup({ [`GET ${BASE}/versions`]: offline, [`GET ${BASE}/audit`]: [] });
    expect(await screen.findByText('The versions could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(`The request GET ${BASE}/versions could not be completed`, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch', { exact: false })).not.toBeInTheDocument();
  });

  /** A pane's lines as shown: [number, text, mark]. */
  const paneLines = (pane: HTMLElement) =>
    within(pane).getAllByRole('listitem').map((li) => [Number(li.firstChild?.textContent), li.lastChild?.textContent, li.getAttribute('data-mark')]);

  /** Opens the dialog on versions 1 to 3 and picks them, newest first: the diff still goes from the older to the newer. */
  async function compareOneAndThree() {
    const s = setup({
      [`GET ${BASE}/versions`]: versionsList(),
      [`GET ${BASE}/audit`]: auditList,
      [`GET ${BASE}/diff?from=1&to=3`]: diff13,
      [`GET ${BASE}/versions/1`]: v1,
      [`GET ${BASE}/versions/3`]: v3,
    });
    const table = await versionsTable();
    fireEvent.click(within(rowOf(table, 3)).getByRole('checkbox'));
    fireEvent.click(within(rowOf(table, 1)).getByRole('checkbox'));
    return { s, table, diff: await screen.findByRole('region', { name: 'Changes from v1 to v3' }) };
  }

  it('compares two versions side by side: two read-only panes per document, the lines the patch touches marked', async () => {
    const { diff } = await compareOneAndThree();
    expect(within(diff).getByRole('tab', { name: 'Side by side' })).toHaveAttribute('aria-selected', 'true');

    expect(paneLines(within(diff).getByRole('region', { name: 'Workspace, v1' }))).toEqual([
      [1, '{', null],
      [2, '  "id": "sinistri-auto",', null],
      [3, '  "groupsInputs": [', null],
      [4, '    {', null],
      [5, '      "label": "Sinistro",', 'changed'],
      [6, '      "fields": [', null],
      [7, '        "numeroSinistro"', null],
      [8, '      ]', null],
      [9, '    }', null],
      [10, '  ],', null],
      [11, '  "takeConfig": {', 'removed'],
      [12, '    "enabled": true', 'removed'],
      [13, '  }', 'removed'],
      [14, '}', null],
    ]);
    const after = paneLines(within(diff).getByRole('region', { name: 'Workspace, v3' }));
    expect(after.filter(([, , mark]) => mark)).toEqual([[5, '      "label": "Dati del sinistro",', 'changed']]);
    expect(after.map(([, text]) => text).join('\n')).toBe(JSON.stringify(v3.workspace, null, 2));
    // The older side shows the removal struck out, the newer one the addition inserted.
    expect(within(diff).getByRole('region', { name: 'Workspace, v1' }).querySelectorAll('del')).toHaveLength(4);
    const model = within(diff).getByRole('region', { name: 'Data model, v3' });
    expect(paneLines(model).filter(([, , mark]) => mark)).toEqual([
      [7, '    "targa": {', 'added'],
      [8, '      "label": "Targa"', 'added'],
      [9, '    }', 'added'],
    ]);
    expect(model.querySelectorAll('ins')).toHaveLength(3);
    expect(paneLines(within(diff).getByRole('region', { name: 'Data model, v1' })).filter(([, , mark]) => mark)).toEqual([]);
  });

  it('compares two versions: the JSON Patch per document in its own tab, with the old value read from the older version', async () => {
    const { s, table, diff } = await compareOneAndThree();
    fireEvent.click(within(diff).getByRole('tab', { name: 'Patch operations' }));
    const cells = (name: string) => within(within(diff).getByRole('table', { name })).getAllByRole('row').slice(1).map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent));
    expect(cells('Workspace')).toEqual([
      ['replace', '/groupsInputs/0/label', '"Sinistro"', '"Dati del sinistro"'],
      ['remove', '/takeConfig', JSON.stringify({ enabled: true }, null, 2), ''],
    ]);
    expect(cells('Data model')).toEqual([['add', '/model/targa', '', JSON.stringify({ label: 'Targa' }, null, 2)]]);
    expect(s.calls(`GET ${BASE}/versions/1`)).toHaveLength(1);
    // A third pick replaces the first one picked.
    fireEvent.click(within(rowOf(table, 2)).getByRole('checkbox'));
    expect(within(rowOf(table, 3)).getByRole('checkbox')).not.toBeChecked();
    // That pair's diff has no answer here: the error state.
    expect(await screen.findByText(/The changes could not be loaded/)).toBeInTheDocument();
  });

  it('rolls back with a comment: a 409 reloads the list with a clear message, a success toasts and reports the new version', async () => {
    let conflict = true;
    let published = false;
    const s = setup({
      [`GET ${BASE}/versions`]: () => versionsList(published ? [{ version: 5, dataModelVersion: 1, at: at(5), by: 'admin', comment: 'Torno alla v1', action: 'rollback', fromVersion: 1 }] : conflict ? [] : [{ version: 4, dataModelVersion: 2, at: at(4), by: 'other', comment: null, action: 'publish', fromVersion: 3 }]),
      [`GET ${BASE}/audit`]: auditList,
      [`POST ${BASE}/rollback`]: (body: unknown) => {
        if (conflict) {
          conflict = false;
          const error = new ApiRequestError({ kind: 'errors', status: 409, message: 'Conflict', errors: [], requestText: `POST ${BASE}/rollback`, handled: false });
          throw Object.assign(error, { body: { statusCode: 409, error: 'Conflict', message: 'stale', errors: [], currentVersion: 4 } });
        }
        published = true;
        return { version: 5, dataModelVersion: 1, echo: body };
      },
    });
    let table = await versionsTable();
    fireEvent.click(within(rowOf(table, 1)).getByRole('button', { name: 'Roll back to version 1' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Roll back to version 1?');
    fireEvent.change(within(confirm).getByRole('textbox', { name: 'Comment' }), { target: { value: 'Torno alla v1' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Roll back' }));

    expect(await screen.findByText(/Someone published version 4 meanwhile: the list has been reloaded/)).toBeInTheDocument();
    expect(s.request).toHaveBeenCalledWith('POST', `${BASE}/rollback`, expect.objectContaining({ body: { baseVersion: 3, toVersion: 1, comment: 'Torno alla v1' }, quiet: true }));
    await waitFor(() => expect(s.calls(`GET ${BASE}/versions`)).toHaveLength(2));
    await waitFor(() => expect(rowOf(screen.getByRole('table', { name: 'Version' }), 4)).toHaveTextContent('live'));
    table = await versionsTable();
    expect(s.onRolledBack).not.toHaveBeenCalled();
    expect(s.toasts.show).not.toHaveBeenCalled();

    // The second attempt starts from the version now live, with the comment typed for the first.
    fireEvent.click(within(rowOf(table, 1)).getByRole('button', { name: 'Roll back to version 1' }));
    const again = await screen.findByRole('alertdialog');
    expect(within(again).getByRole('textbox', { name: 'Comment' })).toHaveValue('Torno alla v1');
    fireEvent.click(within(again).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(s.onRolledBack).toHaveBeenCalledWith(5));
    expect(s.request).toHaveBeenLastCalledWith('GET', `${BASE}/audit`, expect.anything());
    expect(s.calls(`POST ${BASE}/rollback`)[1]?.[2]).toEqual(expect.objectContaining({ body: { baseVersion: 4, toVersion: 1, comment: 'Torno alla v1' } }));
    expect(s.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success', message: 'Rolled back: version 5 is live' }));
    // The list reloads after the rollback: its table may be drawn anew, so it is looked up again.
    await waitFor(() => expect(rowOf(screen.getByRole('table', { name: 'Version' }), 5)).toHaveTextContent('live'));
    expect(rowOf(screen.getByRole('table', { name: 'Version' }), 5)).toHaveTextContent('Rollback from v1');
    expect(screen.queryByText(/Someone published/)).not.toBeInTheDocument();
  });
});
