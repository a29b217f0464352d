import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createEmbedMessenger, normaliseOrigin } from '@app/features/embed/embed-messages';
import { consumeTaken } from '@app/shell/hotkeys/after-take';
import { apiError, signedInBackend, workspace, type FakeBackend } from './support/fake-backend';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

// The contact and list screens have their own tests; here they only show what the embedded entry hands them.
jest.mock('../../src/app/features/contact-work/ContactShowScreen', () => ({
  ContactShowScreen: ({ id, embed }: { id: string; embed: { onSaveBlocked(): void; onDone(): void; saveBlockedReason?: string | null } }) => (
    <div data-testid="show">
      <span>contact {id}</span>
      <span data-testid="save-blocked">{embed.saveBlockedReason ?? 'none'}</span>
      <button type="button" onClick={embed.onSaveBlocked}>blocked save</button>
      <button type="button" onClick={embed.onDone}>done</button>
    </div>
  ),
}));
jest.mock('../../src/app/features/contacts-list/ContactsListScreen', () => {
  const { useNavigate, useSearchParams } = jest.requireActual('react-router-dom');
  const { useServices, useSession } = jest.requireActual('../../src/app/services/services-context');
  return {
    ContactsListScreen: ({ embed }: { embed: boolean }) => {
      const [params] = useSearchParams();
      const navigate = useNavigate();
      const { store } = useServices();
      const { embed: call } = useSession();
      const ids = JSON.parse(params.get('contactIds') ?? '[]') as string[];
      // What the list's take does in embed view: the stored embed data names the contact, then the route without it.
      const take = (id: string) => {
        store.setEmbed({ ...call, contactId: id });
        navigate(`/contacts/embed/${[call.campaign, call.agent, call.guid, call.callerid, call.workspaceId].join('/')}`);
      };
      return (
        <div data-testid="list">
          {`embed=${String(embed)} contactIds=${params.get('contactIds')} dataModelFilters=${params.get('dataModelFilters')}`}
          {ids.map((id) => <button key={id} type="button" onClick={() => take(id)}>{`take ${id}`}</button>)}
        </div>
      );
    },
  };
});

const ORIGIN = 'https://cti.example';
const W1 = workspace('w1', { parentOrigin: ORIGIN });
const ID1 = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const ID2 = 'aaaaaaaaaaaaaaaaaaaaaaa2';
const row = (id: string) => ({ id, workspaceId: 'w1', state: 'NEW', outcome: null, notes: null, closed: false, processable: true, suspended: false, availability: 'toProcess', agentId: null, originalContactId: null, priority: 10, createdAt: '2026-11-01T00:00:00.000Z', lastStateChangeAt: null, version: 1, inputs: {}, outputs: {} });
const TREE = {
  campaign: 'camp',
  levels: [
    { value: 'A', label: 'Raggiunto', children: [{ value: 'A1', label: 'Interessato', children: [{ value: 'A1x', label: 'Appuntamento' }] }, { value: 'A2', label: 'Non interessato' }] },
    { value: 'B', label: 'Numero errato' },
  ],
};

let posted: Array<{ message: unknown; origin: string }>;
const frameApp = () => {
  posted = [];
  const parent = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) };
  Object.defineProperty(window, 'parent', { configurable: true, get: () => parent });
};

const backendWith = (matches: string[], extra: (backend: FakeBackend) => void = () => undefined) => {
  const backend = signedInBackend('basic', 'agent', [W1, workspace('w2')]);
  backend.on('GET /api/cntmng/user/workspace/w1', [200, { data: W1 }]);
  backend.on('GET /api/dmll/data-model/dm-w1', [200, { data: { id: 'dm-w1', model: {}, outputs: {}, modelContactProperty: 'telefono' } }]);
  backend.on('POST /api/cntmng/contact/searchRef', [200, { data: matches.map(row), total: matches.length }]);
  for (const id of matches) backend.on(`POST /api/cntmng/contact/take/${id}`, [200, { data: { ...row(id), agentId: 'id-agent' } }]);
  backend.on('GET /api/cntmng/disposition/w1', [200, { data: TREE }]);
  backend.on('POST /api/cntmng/disposition/w1', (body) => [200, { data: { id: '7', workspaceId: 'w1', createdBy: 'id-agent', createdAt: '2026-11-21T09:00:00.000Z', labels: [], comment: '', ...(body as object) } }]);
  extra(backend);
  return backend;
};

const embedPath = (contactId = 'unknown', workspaceId = 'w1') => `/contacts/embed/${contactId}/camp/ag-7/guid-1/3331234567/${workspaceId}`;
const storedEmbed = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.embedData) ?? 'null') as Record<string, string> | null;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
  frameApp();
  storeSession('basic', 'agent', W1);
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify({ id: 'dm-w1', model: {}, outputs: {}, modelContactProperty: 'telefono' }));
});

describe('embedded entry with an unknown contact (spec 2 §2.10)', () => {
  it('no match: the warning, the stored contact id stays unknown, the host is told at its origin', async () => {
    const backend = backendWith([]);
    renderApp(backend, embedPath(), { language: 'it-IT' });
    expect(await screen.findAllByText('Nessun contatto trovato con questo caller id')).not.toHaveLength(0);
    const search = backend.calls.find((call) => call.path === '/api/cntmng/contact/searchRef')?.body as Record<string, string>;
    expect(search).toMatchObject({ ref: 'telefono', refValue: '3331234567', workspaceIds: ['w1'] });
    const days = (Date.parse(search.createdTo) - Date.parse(search.createdFrom)) / 86_400_000;
    expect(days).toBe(180);
    expect(storedEmbed()).toEqual({ contactId: 'unknown', campaign: 'camp', agent: 'ag-7', guid: 'guid-1', callerid: '3331234567', workspaceId: 'w1' });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      origin: ORIGIN,
      message: { source: 'contact-manager', version: 1, type: 'contact-manager:lookup', result: 'none', contactId: null, contactIds: [], call: { campaign: 'camp', agent: 'ag-7', guid: 'guid-1', callerid: '3331234567', workspaceId: 'w1' } },
    });
  });

  it('one match: the contact is taken and shown; save or cancel puts the stored contact id back to unknown', async () => {
    const backend = backendWith([ID1]);
    renderApp(backend, embedPath());
    expect(await screen.findByText(`contact ${ID1}`)).toBeInTheDocument();
    expect(backend.called(`POST /api/cntmng/contact/take/${ID1}`)).toBe(1);
    // Taken: the contact screen puts the focus in its first editable field (README "Keyboard").
    expect(consumeTaken(ID1)).toBe(true);
    expect(screen.getByTestId('save-blocked')).toHaveTextContent('none');
    expect(storedEmbed()?.contactId).toBe(ID1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'done' }));
    expect(storedEmbed()?.contactId).toBe('unknown');
    expect(posted.map((p) => (p.message as { type: string }).type)).toEqual(['contact-manager:lookup', 'contact-manager:contact-done']);
    expect(posted.filter((p) => p.origin !== ORIGIN)).toEqual([]);
  });

  it('several matches: the warning and the embed list of those ids', async () => {
    renderApp(backendWith([ID1, ID2]), embedPath(), { language: 'it-IT' });
    expect(await screen.findByTestId('list')).toHaveTextContent(`embed=true contactIds=${JSON.stringify([ID1, ID2])} dataModelFilters={}`);
    expect(screen.getAllByText('Sono stati trovati più contatti con lo stesso numero di telefono').length).toBeGreaterThan(0);
  });

  it('several matches: taking one from the list opens it in the embedded entry, and the disposition names it', async () => {
    const backend = backendWith([ID1, ID2]);
    const app = renderApp(backend, embedPath(), { language: 'it-IT' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `take ${ID2}` }));
    expect(await screen.findByText(`contact ${ID2}`)).toBeInTheDocument();
    expect(app.path()).toMatch(/^\/contacts\/embed\/camp\/ag-7\/guid-1\/3331234567\/w1(\?|$)/);
    expect(screen.queryByTestId('list')).not.toBeInTheDocument();
    expect(document.querySelector('.cm-embed__notice')).toBeNull();
    expect(storedEmbed()?.contactId).toBe(ID2);
    await waitFor(() => expect(posted.map((p) => p.message as { type: string; result?: string; contactId?: string | null }).at(-1)).toMatchObject({ type: 'contact-manager:lookup', result: 'given', contactId: ID2 }));
    // no second lookup on the route without contact id
    expect(backend.called('POST /api/cntmng/contact/searchRef')).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Imposta esito chiamata' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByLabelText(/^Livello 1/), 'B');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = backend.calls.find((call) => call.method === 'POST' && call.path === '/api/cntmng/disposition/w1')?.body as { contactId: string | null };
    expect(body.contactId).toBe(ID2);
  });

  it('one match held by another user: no error toast, a notice naming them, and the contact screen is told why it cannot save', async () => {
    localStorage.setItem(STORAGE_KEYS.agents, JSON.stringify([{ id: 'id-tl', username: 'teamleader' }]));
    const backend = backendWith([ID1], (b) => {
      b.on(`POST /api/cntmng/contact/take/${ID1}`, apiError(409, 'Contact already assigned'));
      b.on(`GET /api/cntmng/contact/${ID1}`, [200, { data: { ...row(ID1), agentId: 'id-tl', availability: 'processing' } }]);
    });
    renderApp(backend, embedPath(), { language: 'it-IT' });
    expect(await screen.findByText(`contact ${ID1}`)).toBeInTheDocument();
    const notice = 'Questo contatto è assegnato a teamleader: non puoi salvarlo';
    expect(screen.getByRole('alert')).toHaveTextContent(notice);
    expect(screen.getByTestId('save-blocked')).toHaveTextContent(notice);
    expect(screen.queryByText(/Contact already assigned/)).not.toBeInTheDocument();
    expect(consumeTaken(ID1)).toBe(false);
    expect(storedEmbed()?.contactId).toBe(ID1);
    expect((posted[0].message as { result: string }).result).toBe('one');
  });

  it('one match held by someone the agent cannot name: the notice says another user', async () => {
    const backend = backendWith([ID1], (b) => {
      b.on(`POST /api/cntmng/contact/take/${ID1}`, apiError(409, 'Contact already assigned'));
      b.on(`GET /api/cntmng/contact/${ID1}`, apiError(403, 'Forbidden'));
      b.on('POST /api/cntmng/contact/searchRef', [200, { data: [{ ...row(ID1), agentId: 'id-someone' }], total: 1 }]);
    });
    renderApp(backend, embedPath(), { language: 'it-IT' });
    expect(await screen.findByText(`contact ${ID1}`)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Questo contatto è assegnato a un altro utente: non puoi salvarlo');
    expect(screen.queryByText(/Forbidden|Contact already assigned/)).not.toBeInTheDocument();
  });

  it('one closed match: the refused take shows no error; the contact is shown as for any closed contact', async () => {
    const backend = backendWith([ID1], (b) => {
      b.on(`POST /api/cntmng/contact/take/${ID1}`, apiError(409, 'A closed contact cannot be taken'));
      b.on(`GET /api/cntmng/contact/${ID1}`, [200, { data: { ...row(ID1), closed: true, availability: 'closed' } }]);
    });
    renderApp(backend, embedPath(), { language: 'it-IT' });
    expect(await screen.findByText(`contact ${ID1}`)).toBeInTheDocument();
    expect(screen.getByTestId('save-blocked')).toHaveTextContent('none');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/cannot be taken/)).not.toBeInTheDocument();
    expect(consumeTaken(ID1)).toBe(false);
  });

  it('a given contact id is shown as it is, without a lookup', async () => {
    const backend = backendWith([]);
    renderApp(backend, embedPath(ID2));
    expect(await screen.findByText(`contact ${ID2}`)).toBeInTheDocument();
    expect(backend.called('POST /api/cntmng/contact/searchRef')).toBe(0);
  });

  it('another workspace: its workspace and data model are loaded, then the page reloads', async () => {
    const backend = backendWith([]);
    const app = renderApp(backend, embedPath('unknown', 'w2'));
    await waitFor(() => expect(app.reload).toHaveBeenCalledTimes(1));
    expect(backend.called('GET /api/cntmng/user/workspace/w2')).toBe(1);
    expect(backend.called('GET /api/dmll/data-model/dm-w2')).toBe(1);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.workspace) ?? '{}').id).toBe('w2');
    expect(backend.called('POST /api/cntmng/contact/searchRef')).toBe(0);
  });

  it('after that reload the agent is told the call switched their workspace, once', async () => {
    const first = renderApp(backendWith([]), embedPath('unknown', 'w2'));
    await waitFor(() => expect(first.reload).toHaveBeenCalledTimes(1));
    cleanup();
    const backend = backendWith([]);
    backend.on('GET /api/dmll/data-model/dm-w2', [200, { data: { id: 'dm-w2', model: {}, outputs: {}, modelContactProperty: 'telefono' } }]);
    renderApp(backend, embedPath('unknown', 'w2'));
    expect(await screen.findByText(/^This call belongs to workspace .+: your workspace was switched from .+/)).toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEYS.embedSwitchedFrom)).toBeNull();
  });

  it('a lookup failure says so', async () => {
    renderApp(backendWith([], (b) => b.on('POST /api/cntmng/contact/searchRef', apiError(403, 'Forbidden'))), embedPath());
    expect(await screen.findByText(/The caller id lookup failed/)).toBeInTheDocument();
  });

  it('after a lookup failure Retry looks the caller up again', async () => {
    const backend = backendWith([ID1], (b) => b.on('POST /api/cntmng/contact/searchRef', apiError(500, 'down')));
    renderApp(backend, embedPath());
    expect(await screen.findByText(/The caller id lookup failed/)).toBeInTheDocument();
    backend.on('POST /api/cntmng/contact/searchRef', [200, { data: [row(ID1)], total: 1 }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(`contact ${ID1}`)).toBeInTheDocument();
    expect(backend.called('POST /api/cntmng/contact/searchRef')).toBe(2);
    expect(backend.called(`POST /api/cntmng/contact/take/${ID1}`)).toBe(1);
  });

  it('after a failed workspace switch Retry switches again', async () => {
    const backend = backendWith([], (b) => b.on('GET /api/cntmng/user/workspace/w2', apiError(500, 'down')));
    const app = renderApp(backend, embedPath('unknown', 'w2'));
    expect(await screen.findByText(/Workspace w2 cannot be opened/)).toBeInTheDocument();
    expect(app.reload).not.toHaveBeenCalled();
    backend.on('GET /api/cntmng/user/workspace/w2', [200, { data: workspace('w2') }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(app.reload).toHaveBeenCalledTimes(1));
  });
});

describe('disposition dialog (spec 2 §2.7)', () => {
  const openDialog = async (backend: FakeBackend) => {
    renderApp(backend, embedPath());
    await screen.findByText(`contact ${ID1}`);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'blocked save' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText(/^Level 1/);
    return { user, dialog };
  };

  it('reveals level 2 and 3 under nodes with children, enables save on a final level, saves, clears the embed data and tells the host', async () => {
    const backend = backendWith([ID1]);
    const { user, dialog } = await openDialog(backend);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(within(dialog).queryByLabelText('Level 2')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/^Level 1/), 'A');
    expect(within(dialog).getByLabelText('Level 2')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Level 3')).not.toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Level 2'), 'A1');
    expect(save).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Level 3'), 'A1x');
    expect(save).toBeEnabled();
    // choosing another level 2 clears level 3; a leaf at level 2 is final
    await user.selectOptions(within(dialog).getByLabelText('Level 2'), 'A2');
    expect(within(dialog).queryByLabelText('Level 3')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.selectOptions(within(dialog).getByLabelText('Level 2'), 'A1');
    await user.selectOptions(within(dialog).getByLabelText('Level 3'), 'A1x');
    await user.type(within(dialog).getByLabelText('Notes'), 'Richiamare lunedì');
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = backend.calls.find((call) => call.method === 'POST' && call.path === '/api/cntmng/disposition/w1')?.body;
    expect(body).toEqual({ l1: 'A', l2: 'A1', l3: 'A1x', comment: 'Richiamare lunedì', contactId: ID1, campaign: 'camp', agent: 'ag-7', guid: 'guid-1', callerid: '3331234567' });
    expect(backend.calls.find((call) => call.path === '/api/cntmng/disposition/w1' && call.method === 'GET')).toBeDefined();
    expect(localStorage.getItem(STORAGE_KEYS.embedData)).toBeNull();
    const last = posted.at(-1) as { message: { type: string; disposition: { l3: string } }; origin: string };
    expect(last.origin).toBe(ORIGIN);
    expect(last.message.type).toBe('contact-manager:disposition-saved');
    expect(last.message.disposition.l3).toBe('A1x');
    expect((await screen.findAllByText('Disposition saved. The call data has been sent to the telephony host.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Set disposition' })).toBeDisabled();
  });

  it('a final level 1 is enough; the dialog opens from the set-disposition button; a refused save keeps it open with the reason', async () => {
    const backend = backendWith([ID1], (b) => b.on('POST /api/cntmng/disposition/w1', apiError(400, 'l1: nope', [{ field: 'l1', message: 'l1: nope' }])));
    renderApp(backend, embedPath());
    await screen.findByText(`contact ${ID1}`);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Set disposition' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(await within(dialog).findByLabelText(/^Level 1/), 'B');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('l1: nope')).toBeInTheDocument();
    expect(storedEmbed()).not.toBeNull();
  });
});

describe('messages to the host page', () => {
  it('go only to an http(s) parentOrigin; * gets nothing but one refusal per call, without call data; the reason is logged', () => {
    const sent: Array<[unknown, string]> = [];
    const logger = { warn: jest.fn(), info: jest.fn() };
    const messenger = createEmbedMessenger({ self: {}, parent: { postMessage: (m, o) => sent.push([m, o]) } }, logger);
    const call = { campaign: 'c', agent: 'a', guid: 'g', callerid: '1', workspaceId: 'w' };
    const message = { type: 'contact-manager:contact-done', contactId: ID1 } as const;
    expect(messenger.post(undefined, call, message)).toEqual({ posted: false, reason: 'the workspace has no parentOrigin' });
    expect(messenger.post('*', call, message).posted).toBe(false);
    expect(messenger.post('javascript:alert(1)', call, message).posted).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(3);
    expect(messenger.post('https://cti.example/path?x=1', call, message)).toEqual({ posted: true, origin: 'https://cti.example' });
    expect(sent.map(([, origin]) => origin)).toEqual(['*', 'https://cti.example']);
    expect(sent[0][0]).toEqual({ source: 'contact-manager', version: 1, type: 'contact-manager:refused', reason: 'the workspace has no parentOrigin', expectedOrigin: null });
    const unframed = createEmbedMessenger({ self: 'me', parent: null }, logger);
    expect(unframed.post(ORIGIN, call, message).posted).toBe(false);
    expect(normaliseOrigin('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
  });

  it('a host page served by the app itself gets the messages at the app origin, whatever parentOrigin says', () => {
    const sent: Array<[unknown, string]> = [];
    const logger = { warn: jest.fn(), info: jest.fn() };
    const own = 'http://127.0.0.1:4123';
    const messenger = createEmbedMessenger({ self: {}, parent: { postMessage: (m, o) => sent.push([m, o]) }, ownOrigin: own, hostOrigin: own }, logger);
    const call = { campaign: 'c', agent: 'a', guid: 'g', callerid: '1', workspaceId: 'w' };
    expect(messenger.post('http://localhost:3000', call, { type: 'contact-manager:contact-done', contactId: ID1 })).toEqual({ posted: true, origin: own });
    expect(sent.map(([, origin]) => origin)).toEqual([own]);
  });

  it('a host page on another origin than parentOrigin gets no call data, only why, once per call, addressed to its origin', () => {
    const sent: Array<[unknown, string]> = [];
    const logger = { warn: jest.fn(), info: jest.fn() };
    const messenger = createEmbedMessenger({ self: {}, parent: { postMessage: (m, o) => sent.push([m, o]) }, ownOrigin: 'http://app.example', hostOrigin: 'http://elsewhere.example' }, logger);
    const call = { campaign: 'c', agent: 'a', guid: 'g', callerid: '1', workspaceId: 'w' };
    const message = { type: 'contact-manager:contact-done', contactId: ID1 } as const;
    expect(messenger.post('https://cti.example', call, message).posted).toBe(false);
    expect(messenger.post('https://cti.example', call, message).posted).toBe(false);
    expect(sent).toEqual([[{ source: 'contact-manager', version: 1, type: 'contact-manager:refused', reason: "the host page's origin http://elsewhere.example is not the workspace's parentOrigin https://cti.example", expectedOrigin: 'https://cti.example' }, 'http://elsewhere.example']]);
  });

  it('a workspace without parentOrigin: the lookup posts no call data, only the refusal', async () => {
    const plain = workspace('w1');
    storeSession('basic', 'agent', plain);
    const backend = backendWith([]);
    backend.on('GET /api/cntmng/user/workspace/w1', [200, { data: plain }]);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp(backend, embedPath());
    await screen.findAllByText('No contact found with this caller id');
    await act(async () => { await Promise.resolve(); });
    expect(posted).toEqual([{ message: { source: 'contact-manager', version: 1, type: 'contact-manager:refused', reason: 'the workspace has no parentOrigin', expectedOrigin: null }, origin: '*' }]);
    expect(warn).toHaveBeenCalledWith('[embed] contact-manager:lookup not posted: the workspace has no parentOrigin');
    warn.mockRestore();
  });
});
