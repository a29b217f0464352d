import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HotkeysProvider } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { ApiRequestError } from '@api-client/api-error';
import type { ContactRow } from '@domain/api/contacts';
import { ACTION_BLOCKED_REASONS } from '@domain/api/contact-work';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';
import type { AppServices } from '@app/services/app-services';
import { ServicesContext } from '@app/services/services-context';
import { createSessionStore } from '@app/session/session-store';
import type { ContactWorkApi } from '@app/features/contact-work/contact-work-api';
import { errorsByField, contactForm } from '@app/features/contact-work/contact-forms';
import { splitMedia } from '@app/ui/media-section';
import { createDraftStore, draftKey } from '@app/features/contact-work/drafts';
import { useContactShowController, type ContactShowController, type EmbedHooks } from '@app/features/contact-work/use-contact-show-controller';
import { useContactEditController } from '@app/features/contact-work/use-contact-edit-controller';
import { ContactEditView } from '@app/features/contact-work/ContactEditScreen';
import { ContactShowView } from '@app/features/contact-work/ContactShowScreen';
import { useContactCreateController } from '@app/features/contact-work/use-contact-create-controller';
import { ContactCreateView } from '@app/features/contact-work/ContactCreateScreen';
import { LiveAnnouncer } from '@app/shell/hotkeys/announcer';
import { contactRendererServices, forgetEnumSections } from '@app/features/contact-work/services';
import minimoWorkspace from '../../fixtures/workspaces/minimo/workspace.json';
import minimoModel from '../../fixtures/workspaces/minimo/data-model.json';
import smsWorkspace from '../../fixtures/workspaces/sms-promo/workspace.json';
import smsModel from '../../fixtures/workspaces/sms-promo/data-model.json';
import sinistriWorkspace from '../../fixtures/workspaces/sinistri-auto/workspace.json';
import sinistriModel from '../../fixtures/workspaces/sinistri-auto/data-model.json';
import energiaWorkspace from '../../fixtures/workspaces/energia-casa/workspace.json';
import energiaModel from '../../fixtures/workspaces/energia-casa/data-model.json';
import energiaContacts from '../../fixtures/workspaces/energia-casa/contacts.json';

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

const row = (patch: Partial<ContactRow> = {}): ContactRow => ({
  id: ID, workspaceId: 'minimo', state: 'NUOVO', outcome: null, notes: null, closed: false, processable: true, suspended: false,
  availability: 'toProcess', agentId: null, originalContactId: null, priority: 10, createdAt: '2026-01-01T10:00:00Z', lastStateChangeAt: null,
  version: 1, inputs: { nome: 'Mario', cognome: 'Rossi' }, outputs: {}, ...patch,
});

type Fn = jest.Mock;
const fakeApi = (contact: ContactRow) => {
  const contactWork = {
    get: jest.fn(async () => contact), states: jest.fn(async () => [{ code: 'CHIUSO', label: 'Chiuso' }]), history: jest.fn(async () => []),
    save: jest.fn(async (_id: string, body: { version: number }) => ({ ...contact, version: body.version + 1 })),
    edit: jest.fn(async (_id: string, body: { version: number }) => ({ ...contact, version: body.version + 1 })),
    close: jest.fn(async () => ({ ...contact, closed: true })), insert: jest.fn(async () => ({ id: 'bbbbbbbbbbbbbbbbbbbbbbbb', visible: true })),
    clone: jest.fn(async () => ({ id: 'cccccccccccccccccccccccc', visible: true })), actions: jest.fn(async () => []), runAction: jest.fn(),
    widgets: jest.fn(async () => []), widgetData: jest.fn(), uploadAttachment: jest.fn(), getAttachment: jest.fn(), deleteAttachment: jest.fn(), getDocument: jest.fn(),
  };
  const api = { contactWork, address: { provinces: jest.fn(), cities: jest.fn(), streets: jest.fn() }, contacts: { enumValues: jest.fn(async () => []) }, auth: { users: jest.fn(async () => [{ id: 'u2', username: 'altro' }]) } };
  return api as unknown as ContactWorkApi & { contactWork: Record<keyof typeof contactWork, Fn>; auth: { users: Fn } };
};

const setup = (workspace: unknown, model: unknown, role = 'admin') => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem(STORAGE_KEYS.language, 'en-US');
  localStorage.setItem(STORAGE_KEYS.loggedUser, JSON.stringify({ id: 'u1', username: 'mario', role, groupId: null, isSysadmin: false, groups: [] }));
  localStorage.setItem(STORAGE_KEYS.workspace, JSON.stringify(workspace));
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify(model));
  const store = createSessionStore(localStorage);
  store.setStatus('signed-in');
  const services = {
    store, i18n: createI18nWithScreens(localStorage), sessionStorage,
    toasts: { show: jest.fn(), attach: jest.fn() }, navigate: jest.fn(), expireSession: jest.fn(async () => undefined),
  } as unknown as AppServices & { toasts: { show: Fn }; navigate: Fn; expireSession: Fn };
  // The app's shell gives every screen a HotkeysProvider (the views register their keys with it).
  const wrapper = ({ children }: { children: ReactNode }) => <ServicesContext.Provider value={services}><HotkeysProvider>{children}</HotkeysProvider></ServicesContext.Provider>;
  return { services, wrapper };
};

const conflict = () => new ApiRequestError({ kind: 'errors', status: 409, message: 'stale', errors: [{ message: 'stale' }], requestText: 'PUT /x', handled: false });

afterEach(() => jest.useRealTimers());

describe('show controller: state or outcome, save rules (spec 2 §4)', () => {
  it('offers the allowed states after the empty "0" option and omits the state when unchanged', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.mode).toBe('state');
    expect(result.current.state).toBe('0');
    await waitFor(() => expect(result.current.allowedStates).toEqual([{ code: 'CHIUSO', label: 'Chiuso' }]));
    expect(result.current.canSave).toBe(true);
    await act(() => result.current.save());
    expect(api.contactWork.save).toHaveBeenCalledWith(ID, { version: 1 }, { quiet: true });
  });

  it('sends the chosen state and notes truncated to 255 characters', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => { result.current.setState('CHIUSO'); result.current.setNotes('x'.repeat(300)); });
    expect(result.current.notes).toHaveLength(255);
    await act(() => result.current.save());
    expect(api.contactWork.save.mock.calls[0][1]).toEqual({ version: 1, state: 'CHIUSO', notes: 'x'.repeat(255) });
  });

  it('a state configured with notes: false takes no notes: the box is read-only while it is chosen and no notes go', async () => {
    const workspace = { ...minimoWorkspace, states: { ...minimoWorkspace.states, CHIUSO: { ...minimoWorkspace.states.CHIUSO, notes: false } } };
    const { wrapper } = setup(workspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setNotes('da richiamare'));
    expect(result.current.notesAllowed).toBe(true);
    act(() => result.current.setState('CHIUSO'));
    expect(result.current.notesAllowed).toBe(false);
    await act(() => result.current.save());
    expect(api.contactWork.save.mock.calls[0][1]).toEqual({ version: 1, state: 'CHIUSO' });
  });

  it.each([
    ['closed', { closed: true }],
    ['not processable', { processable: false }],
  ])('disables save when the contact is %s', async (_label, patch) => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row(patch));
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.canSave).toBe(false);
    await act(() => result.current.save());
    expect(api.contactWork.save).not.toHaveBeenCalled();
  });

  it('with outcomes: an outcome selector replaces the state one, and save waits for an outcome', async () => {
    const { wrapper } = setup(smsWorkspace, smsModel);
    const api = fakeApi(row({ workspaceId: 'sms-promo', state: 'DA_CONTATTARE' }));
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.mode).toBe('outcome');
    expect(result.current.outcomes.map((o) => o.value)).toContain('INTERESSATO');
    expect(result.current.canSave).toBe(false);
    act(() => result.current.setOutcome('INTERESSATO'));
    expect(result.current.canSave).toBe(true);
    await act(() => result.current.save());
    expect(api.contactWork.save.mock.calls[0][1]).toEqual({ version: 1, outcome: 'INTERESSATO' });
  });

  it('after a save goes to the list after 1.5 s and clears the draft', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.onFieldChange('inputs', { nome: 'Luigi', cognome: 'Rossi' }, 'nome'));
    jest.useFakeTimers();
    await act(() => result.current.save());
    expect(api.contactWork.save.mock.calls[0][1]).toEqual({ version: 1, inputs: { nome: 'Luigi' } });
    expect(localStorage.getItem(draftKey({ userId: 'u1', workspaceId: 'minimo', contactId: ID, view: 'show' }))).toBeNull();
    act(() => { jest.advanceTimersByTime(1_400); });
    expect(services.navigate).not.toHaveBeenCalledWith('/contacts/list');
    act(() => { jest.advanceTimersByTime(200); });
    expect(services.navigate).toHaveBeenCalledWith('/contacts/list');
  });

  it('while the delayed redirect after a save waits, Save stays disabled: a second click saves nothing twice', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    jest.useFakeTimers();
    await act(() => result.current.save());
    expect(result.current.saving).toBe(false);
    expect(result.current.leaving).toBe(true);
    expect(result.current.canSave).toBe(false);
    await act(() => result.current.save());
    expect(api.contactWork.save).toHaveBeenCalledTimes(1);
    act(() => { jest.advanceTimersByTime(1_500); });
    expect(services.navigate).toHaveBeenCalledTimes(1);
    expect(result.current.leaving).toBe(false);
  });

  it('after a save the toast, then back to the list page the contact was opened from (issue 17, item 7)', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel);
    sessionStorage.setItem(STORAGE_KEYS.listReturn, JSON.stringify({ path: '/contacts/list?page=3&sort=priority', scrollY: 900, scrollLeft: 0 }));
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    jest.useFakeTimers();
    await act(() => result.current.save());
    expect(services.toasts.show).toHaveBeenCalledWith({ intent: 'success', message: 'Contact saved', timeout: 1_500 });
    act(() => { jest.advanceTimersByTime(1_500); });
    expect(services.navigate).toHaveBeenCalledWith('/contacts/list?page=3&sort=priority');
    // the list gives the focus to this contact's row
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.listReturn) ?? 'null')).toEqual({ path: '/contacts/list?page=3&sort=priority', scrollY: 900, scrollLeft: 0, rowId: ID });
  });

  it('an attachment upload or delete moves the contact to the version the server answered, so the next save is not a 409', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    api.contactWork.deleteAttachment.mockResolvedValue({ ok: true, version: 2 });
    api.contactWork.uploadAttachment.mockResolvedValue({ field: 'allegati', name: 'a.pdf', contentType: 'application/pdf', size: 8, items: [{ name: 'a.pdf' }], version: 3 });
    const field = { name: 'allegati', kind: 'attachment' as const, title: 'Allegati', itemSchema: undefined };
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.attachments.remove(field, 'old.pdf'));
    expect(result.current.contact?.version).toBe(2);
    await act(() => result.current.save());
    expect(api.contactWork.save.mock.calls[0][1]).toEqual({ version: 2 });
    await act(() => result.current.attachments.upload(field, new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' })));
    expect(api.contactWork.uploadAttachment).toHaveBeenCalled();
    expect(result.current.contact?.version).toBe(3);
  });

  it('the header and the history read the workspace\'s state and outcome labels, the codes in tooltips (issue 17, item 4)', async () => {
    const { wrapper } = setup(smsWorkspace, smsModel);
    const api = fakeApi(row({ workspaceId: 'sms-promo', state: 'SMS_INVIATO', outcome: 'NON_INTERESSATO' }));
    api.contactWork.history.mockResolvedValue([
      { at: '2026-01-02T10:00:00Z', type: 'outcome', state: 'DA_CONTATTARE', outcome: 'RICHIAMARE', notes: null, userId: 'u1', agentId: null },
      { at: '2026-01-02T10:05:00Z', type: 'save', state: 'DA_CONTATTARE', outcome: null, notes: 'inputs.codicePromo, outputs.smsInviato, inputs.tolto, priority 3', userId: 'u1', agentId: null },
    ]);
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    expect((await screen.findByTitle('SMS_INVIATO')).textContent).toBe('SMS inviato');
    expect(screen.getByTitle('NON_INTERESSATO').textContent).toBe('Non interessato');
    const history = await screen.findByRole('table', { name: 'History' });
    await waitFor(() => expect(history.textContent).toContain('Da contattare · Da richiamare'));
    expect(history.textContent).not.toMatch(/DA_CONTATTARE|RICHIAMARE/);
    // A save names the fields it changed by their labels (a field the model no longer has keeps its name).
    expect(history.textContent).toContain('Codice promo, SMS inviato, inputs.tolto, Priority 3');
    expect(history.textContent).not.toContain('inputs.codicePromo');
  });

  it('Alt+R with unsaved edits asks before releasing (it works inside a field): Cancel keeps them, the yes releases', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel, 'basic');
    const api = fakeApi(row({ agentId: 'u1', availability: 'processing' }));
    const release = jest.fn(async () => undefined);
    Object.assign(services, { api: { ...api, contacts: { ...(api as unknown as { contacts: object }).contacts, release } } });
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    const nome = await waitFor(() => document.getElementById('cm_in_nome') as HTMLTextAreaElement);
    fireEvent.change(nome, { target: { value: 'Marco' } });
    fireEvent.keyDown(nome, { key: 'r', code: 'KeyR', altKey: true });
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('has unsaved changes');
    expect(release).not.toHaveBeenCalled();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(nome).toHaveValue('Marco');
    expect(release).not.toHaveBeenCalled();
    fireEvent.keyDown(nome, { key: 'r', code: 'KeyR', altKey: true });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Release and lose the changes' }));
    await waitFor(() => expect(release).toHaveBeenCalledWith(ID));
  });

  it('a basic agent (no users list) reads the history\'s people by their usernames, the ids in tooltips', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel, 'basic');
    const api = fakeApi(row());
    api.contactWork.history.mockResolvedValue([
      { at: '2026-01-02T10:00:00Z', type: 'assign', state: 'NUOVO', outcome: null, notes: null, userId: 'u-teamleader', agentId: 'u-other', userName: 'teamleader', agentName: 'altro' },
    ]);
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    const history = await screen.findByRole('table', { name: 'History' });
    await waitFor(() => expect(history.textContent).toContain('teamleader → altro'));
    expect(within(history).getByTitle('u-teamleader').textContent).toBe('teamleader');
  });

  it('the history and the next states say they are loading, not "No history", until they answer', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    let answer: (entries: unknown[]) => void = () => undefined;
    api.contactWork.history.mockImplementation(() => new Promise((resolve) => { answer = resolve; }));
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(api.contactWork.history).toHaveBeenCalled());
    const historyCard = screen.getByRole('heading', { name: 'History' }).parentElement as HTMLElement;
    expect(within(historyCard).getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText('No history yet')).not.toBeInTheDocument();
    await act(async () => { answer([]); });
    expect(await screen.findByText('No history yet')).toBeInTheDocument();
  });

  it('a failed history or next-state load says so with Retry, which asks again', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    api.contactWork.history.mockRejectedValueOnce(new Error('down'));
    api.contactWork.states.mockRejectedValueOnce(new Error('down'));
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    expect(await screen.findByText('The history could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The next states could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('No history yet')).not.toBeInTheDocument();
    const alert = screen.getByText('The history could not be loaded').closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No history yet')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByLabelText('Next state')).getByRole('option', { name: 'Chiuso' })).toBeInTheDocument());
    expect(screen.queryByText('The next states could not be loaded')).not.toBeInTheDocument();
    expect(api.contactWork.history).toHaveBeenCalledTimes(2);
  });

  it('the controller tells the side lists apart: loading, then ready or error', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    api.contactWork.history.mockRejectedValueOnce(new Error('down'));
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    expect(result.current.historyStatus).toBe('loading');
    expect(result.current.statesStatus).toBe('loading');
    await waitFor(() => expect(result.current.historyStatus).toBe('error'));
    expect(result.current.statesStatus).toBe('ready');
    act(() => result.current.reloadSide());
    await waitFor(() => expect(result.current.historyStatus).toBe('ready'));
  });

  it('says beside Save why it is disabled, as text the button is described by (a tooltip never reaches the keyboard)', async () => {
    const { wrapper } = setup(smsWorkspace, smsModel);
    const api = fakeApi(row({ workspaceId: 'sms-promo', state: 'DA_CONTATTARE' }));
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Choose an outcome to save');
    expect(screen.getByText('Choose an outcome to save')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'INTERESSATO' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('Choose an outcome to save')).not.toBeInTheDocument();
  });

  it('a closed contact: the reason is next to the disabled Save', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row({ closed: true }));
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('A closed contact cannot be saved');
  });

  it("shows why the actions are disabled, in the user's language: a teammate's contact is not the agent's to message", async () => {
    const { wrapper, services } = setup(smsWorkspace, smsModel);
    const api = fakeApi(row({ workspaceId: 'sms-promo' }));
    api.contactWork.actions.mockResolvedValue([
      { key: 'promo-base', type: 'sms', name: 'Invia SMS: Promo base', enabled: false, reason: ACTION_BLOCKED_REASONS.notYours },
      { key: 'promo-promemoria', type: 'sms', name: 'Invia SMS: Promemoria', enabled: false, reason: ACTION_BLOCKED_REASONS.notYours },
    ]);
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send action' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Take the contact to run its actions: it is not assigned to you')).toBeInTheDocument();
    for (const name of ['Invia SMS: Promo base', 'Invia SMS: Promemoria']) expect(within(dialog).getByRole('button', { name })).toBeDisabled();
    await act(async () => { await services.i18n.changeLanguage('it-IT'); });
    expect(within(dialog).getByText('Prendi in carico il contatto per eseguire le sue azioni: non è assegnato a te')).toBeInTheDocument();
  });

  it('a failure loading the actions leads to /404', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    api.contactWork.actions.mockRejectedValue(new ApiRequestError({ kind: 'errors', status: 500, message: 'x', errors: [], requestText: 'GET', handled: false }));
    renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(services.navigate).toHaveBeenCalledWith('/404', { replace: true }));
  });

  it('refuses a bad phone with the messageRegex text for 5 s and sends a good one', async () => {
    const { wrapper } = setup(smsWorkspace, smsModel);
    const api = fakeApi(row({ workspaceId: 'sms-promo' }));
    api.contactWork.runAction.mockResolvedValue({ status: 'queued', recipient: '+393331234567', error: null });
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const action = { key: 'promo-base', type: 'sms' as const, name: 'Invia', enabled: true, reason: null };
    act(() => result.current.actions.setPhone('12ab'));
    jest.useFakeTimers();
    await act(() => result.current.actions.send(action));
    expect(result.current.actions.phoneError).toBe('The phone number must be empty or +39 followed by 9 or 10 digits');
    expect(api.contactWork.runAction).not.toHaveBeenCalled();
    act(() => { jest.advanceTimersByTime(5_000); });
    expect(result.current.actions.phoneError).toBeNull();
    jest.useRealTimers();
    act(() => result.current.actions.setPhone('+393331234567'));
    await act(() => result.current.actions.send(action));
    expect(api.contactWork.runAction).toHaveBeenCalledWith(ID, 'promo-base', '+393331234567');
  });
});

describe('show controller: no lost work (drafts and 409)', () => {
  it('keeps edits as a debounced local draft and offers them back on the next open', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const first = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    expect(first.result.current.draftOffer).toBeNull();
    act(() => {
      first.result.current.onFieldChange('inputs', { nome: 'Luigi', cognome: 'Rossi' }, 'nome');
      first.result.current.setNotes('da richiamare');
    });
    const key = draftKey({ userId: 'u1', workspaceId: 'minimo', contactId: ID, view: 'show' });
    await waitFor(() => expect(localStorage.getItem(key)).not.toBeNull());
    expect(JSON.parse(localStorage.getItem(key) ?? '{}')).toMatchObject({ version: 1, inputs: { nome: 'Luigi' }, notes: 'da richiamare' });
    first.unmount();

    const second = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(second.result.current.draftOffer).not.toBeNull());
    expect(second.result.current.formData.inputs.nome).toBe('Mario');
    act(() => second.result.current.restoreDraft());
    expect(second.result.current.formData.inputs.nome).toBe('Luigi');
    expect(second.result.current.notes).toBe('da richiamare');
    await act(() => second.result.current.save());
    expect(api.contactWork.save.mock.calls[0][1]).toEqual({ version: 1, inputs: { nome: 'Luigi' }, notes: 'da richiamare' });
    expect(localStorage.getItem(key)).toBeNull();
  });

  it.each([
    ['show', useContactShowController],
    ['edit', useContactEditController],
  ] as const)('%s: a restored draft that cleared a field shows it empty and saves it as cleared', async (view, useController) => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    createDraftStore(localStorage).write({ userId: 'u1', workspaceId: 'minimo', contactId: ID, view }, { version: 1, savedAt: 1, inputs: { cognome: null, nome: 'Luigi' }, outputs: {} });
    const { result } = renderHook(() => useController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.draftOffer).not.toBeNull());
    act(() => result.current.restoreDraft());
    expect(result.current.formData.inputs).toEqual({ nome: 'Luigi' });
    await act(() => result.current.save());
    const saved = view === 'show' ? api.contactWork.save : api.contactWork.edit;
    expect(saved.mock.calls[0][1]).toMatchObject({ version: 1, inputs: { nome: 'Luigi', cognome: null } });
  });

  it('discarding a draft removes it', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const key = { userId: 'u1', workspaceId: 'minimo', contactId: ID, view: 'show' as const };
    createDraftStore(localStorage).write(key, { version: 1, savedAt: 1, inputs: { nome: 'X' }, outputs: {} });
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.draftOffer).not.toBeNull());
    act(() => result.current.discardDraft());
    expect(result.current.draftOffer).toBeNull();
    expect(localStorage.getItem(draftKey(key))).toBeNull();
  });

  it('on 409 reloads the contact, re-applies the edits on top, tells the user, and saves with the new version', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.onFieldChange('inputs', { nome: 'Luigi', cognome: 'Rossi' }, 'nome'));
    // someone else changed cognome meanwhile
    api.contactWork.save.mockRejectedValueOnce(conflict());
    api.contactWork.get.mockResolvedValue(row({ version: 2, inputs: { nome: 'Mario', cognome: 'Bianchi' } }));
    await act(() => result.current.save());
    expect(result.current.formData.inputs).toEqual({ nome: 'Luigi', cognome: 'Bianchi' });
    expect(result.current.notice).toMatch(/changed meanwhile/);
    expect(services.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ intent: 'warning' }));
    expect(localStorage.getItem(draftKey({ userId: 'u1', workspaceId: 'minimo', contactId: ID, view: 'show' }))).not.toBeNull();
    expect(services.navigate).not.toHaveBeenCalled();
    await act(() => result.current.save());
    expect(api.contactWork.save.mock.calls[1][1]).toEqual({ version: 2, inputs: { nome: 'Luigi' } });
  });

  it('a 400 keeps what was typed and names the fields', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.onFieldChange('inputs', { nome: 'Luigi', cognome: 'Rossi', telefono: '12' }, 'telefono'));
    api.contactWork.save.mockRejectedValueOnce(new ApiRequestError({ kind: 'errors', status: 400, message: 'invalid', errors: [{ field: '/inputs/telefono', message: 'must match pattern' }, { field: 'state', message: "The state 'X' is not a state of this workspace" }], requestText: 'PUT', handled: false }));
    await act(() => result.current.save());
    expect(result.current.generalErrors).toEqual(["The state 'X' is not a state of this workspace"]);
    expect(localStorage.getItem(draftKey({ userId: 'u1', workspaceId: 'minimo', contactId: ID, view: 'show' }))).toContain('telefono');
  });
});

describe('show controller in embed (the seam with issue 7)', () => {
  it.each([['closed', { closed: true }], ['not processable', { processable: false }], ['suspended', { suspended: true }]])('a %s contact opens the disposition instead of saving', async (_l, patch) => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row(patch));
    const embed: EmbedHooks = { onSaveBlocked: jest.fn(), onDone: jest.fn() };
    const { result } = renderHook(() => useContactShowController({ id: ID, api, embed }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.canSave).toBe(true);
    await act(() => result.current.save());
    expect(embed.onSaveBlocked).toHaveBeenCalled();
    expect(api.contactWork.save).not.toHaveBeenCalled();
  });

  it('a contact the embedded entry says is held by another user cannot be saved, and says why', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row({ agentId: 'id-tl', availability: 'processing' }));
    const embed: EmbedHooks = { onSaveBlocked: jest.fn(), onDone: jest.fn(), saveBlockedReason: 'Questo contatto è assegnato a teamleader: non puoi salvarlo' };
    const { result } = renderHook(() => useContactShowController({ id: ID, api, embed }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.canSave).toBe(false);
    expect(result.current.saveBlockedReason).toBe('Questo contatto è assegnato a teamleader: non puoi salvarlo');
    await act(() => result.current.save());
    expect(api.contactWork.save).not.toHaveBeenCalled();
    expect(embed.onSaveBlocked).not.toHaveBeenCalled();
  });

  it('stays on the page after a save (toast 2 s) and calls onDone; cancel calls onDone too', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const embed: EmbedHooks = { onSaveBlocked: jest.fn(), onDone: jest.fn() };
    const { result } = renderHook(() => useContactShowController({ id: ID, api, embed }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.save());
    expect(services.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success', timeout: 2_000 }));
    expect(embed.onDone).toHaveBeenCalledTimes(1);
    expect(result.current.contact?.version).toBe(2);
    act(() => result.current.cancel());
    expect(embed.onDone).toHaveBeenCalledTimes(2);
    expect(services.navigate).not.toHaveBeenCalled();
  });

  it('clone: success toast and, outside embed, back to the list', async () => {
    const { wrapper, services } = setup(sinistriWorkspace, sinistriModel);
    const api = fakeApi(row({ workspaceId: 'sinistri-auto', state: 'APERTO', inputs: {} }));
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.clone.allowed).toBe(true);
    await act(() => result.current.clone.confirm());
    expect(services.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success', heading: 'Contact cloned successfully', message: 'New contact: cccccccccccccccccccccccc' }));
    // Until the list opens, Clone is off: a second click makes no second copy.
    expect(result.current.clone.leaving).toBe(true);
    act(() => result.current.clone.ask());
    expect(result.current.clone.confirming).toBe(false);
    await waitFor(() => expect(services.navigate).toHaveBeenCalledWith('/contacts/list'), { timeout: 3_000 });
    expect(result.current.clone.leaving).toBe(false);
    api.contactWork.clone.mockRejectedValueOnce(new ApiRequestError({ kind: 'errors', status: 422, message: 'x', errors: [], requestText: 'POST', handled: false }));
    await act(() => result.current.clone.confirm());
    expect(services.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Clone failed' }));
  });
});

describe('edit and create controllers', () => {
  it('edit: the whole user list only with agentList; priority clamped 1-10; save sends agent and priority', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel, 'admin');
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactEditController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.agentList).toBe(true);
    await waitFor(() => expect(result.current.agents).toEqual([{ value: 'u2', label: 'altro' }]));
    act(() => { result.current.setPriority(15); result.current.setAgentId('u2'); });
    expect(result.current.priority).toBe(10);
    act(() => result.current.setPriority(3));
    await act(() => result.current.save());
    expect(api.contactWork.edit.mock.calls[0][1]).toEqual({ version: 1, agentId: 'u2', priority: 3 });
  });

  it('edit: a basic user may only assign to themselves', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel, 'basic');
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactEditController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.agentList).toBe(false);
    expect(result.current.agents).toEqual([{ value: 'u1', label: 'mario' }]);
    expect(api.auth.users).not.toHaveBeenCalled();
  });

  it('edit: a contact of another workspace shows none of the session workspace\'s fields, cannot be saved and offers the switch', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel, 'admin');
    localStorage.setItem(STORAGE_KEYS.workspaceIds, JSON.stringify(['minimo', 'campagna-grande']));
    localStorage.setItem(STORAGE_KEYS.workspaceNames, JSON.stringify(['Minimo', 'Campagna Grande']));
    const switched = { auth: { switchWorkspace: jest.fn(async () => undefined) }, reload: jest.fn() };
    Object.assign(services, { store: createSessionStore(localStorage), ...switched });
    services.store.setStatus('signed-in');
    const api = fakeApi(row({ workspaceId: 'campagna-grande', inputs: { ragione_sociale: 'ACME' } }));
    const Edit = () => <ContactEditView c={useContactEditController({ id: ID, api })} />;
    render(<Edit />, { wrapper });
    const button = await screen.findByRole('button', { name: 'Switch to Campagna Grande' });
    expect(screen.getByRole('alert').textContent).toContain('Campagna Grande');
    for (const label of ['Nome', 'Cognome', 'Telefono', 'Note']) expect(screen.queryByLabelText(label, { exact: false })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(switched.reload).toHaveBeenCalled());
    expect(switched.auth.switchWorkspace).toHaveBeenCalledWith('campagna-grande');

    const { result } = renderHook(() => useContactEditController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => result.current.save());
    expect(api.contactWork.edit).not.toHaveBeenCalled();
  });

  it('create: inserts the input map, then Save and back goes to the list after 1.5 s', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactCreateController({ api }), { wrapper });
    expect(result.current.allowed).toBe(true);
    act(() => result.current.onFieldChange('inputs', { nome: 'Anna', cognome: 'Verdi' }, 'cognome'));
    jest.useFakeTimers();
    await act(() => result.current.save('back'));
    expect(api.contactWork.insert).toHaveBeenCalledWith('minimo', { rawData: { nome: 'Anna', cognome: 'Verdi' } }, { quiet: true });
    act(() => { jest.advanceTimersByTime(1_500); });
    expect(services.navigate).toHaveBeenCalledWith('/contacts/list');
  });

  it.each([['save', 1_000], ['back', 1_500]] as const)('create: after Save (%s) the buttons stay disabled until the redirect, so no duplicate contact', async (mode, wait) => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactCreateController({ api }), { wrapper });
    act(() => result.current.onFieldChange('inputs', { nome: 'Anna', cognome: 'Verdi' }, 'cognome'));
    jest.useFakeTimers();
    await act(() => result.current.save(mode));
    expect(result.current.saving).toBeNull();
    expect(result.current.leaving).toBe(true);
    await act(() => result.current.save(mode));
    await act(() => result.current.save('continue'));
    expect(api.contactWork.insert).toHaveBeenCalledTimes(1);
    act(() => { jest.advanceTimersByTime(wait); });
    expect(services.navigate).toHaveBeenCalledTimes(1);
  });

  it('create: Save opens the new contact after 1 s; one the user does not see (only their own contacts) leaves the form ready for the next instead of a 403', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactCreateController({ api }), { wrapper });
    act(() => result.current.onFieldChange('inputs', { nome: 'Anna', cognome: 'Verdi' }, 'cognome'));
    jest.useFakeTimers();
    await act(() => result.current.save('save'));
    act(() => { jest.advanceTimersByTime(1_000); });
    expect(services.navigate).toHaveBeenLastCalledWith('/contacts/show/bbbbbbbbbbbbbbbbbbbbbbbb');

    (api.contactWork.insert as jest.Mock).mockResolvedValueOnce({ id: 'dddddddddddddddddddddddd', visible: false });
    const show = jest.spyOn(services.toasts, 'show');
    const calls = (services.navigate as jest.Mock).mock.calls.length;
    const again = renderHook(() => useContactCreateController({ api }), { wrapper });
    act(() => again.result.current.onFieldChange('inputs', { nome: 'Bruno', cognome: 'Neri' }, 'cognome'));
    await act(() => again.result.current.save('save'));
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ message: expect.stringContaining('dddddddddddddddddddddddd') }));
    expect(again.result.current.leaving).toBe(true);
    act(() => { jest.advanceTimersByTime(1_000); });
    expect((services.navigate as jest.Mock).mock.calls.length).toBe(calls);
    expect(again.result.current.leaving).toBe(false);
    expect(again.result.current.formData.inputs).toEqual({});
  });

  it('create: Save and continue stays on the form, ready for the next contact', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactCreateController({ api }), { wrapper });
    act(() => result.current.onFieldChange('inputs', { nome: 'Anna', cognome: 'Verdi' }, 'cognome'));
    await act(() => result.current.save('continue'));
    expect(result.current.leaving).toBe(false);
  });

  it('create in embed view: Save opens the new contact in the embedded entry of the call; Save and back goes to the embed list', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel);
    services.store.setEmbed({ contactId: 'unknown', campaign: 'camp', agent: 'ag-7', guid: 'guid-1', callerid: '3331234567', workspaceId: 'minimo' });
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactCreateController({ api, embed: true }), { wrapper });
    act(() => result.current.onFieldChange('inputs', { nome: 'Anna', cognome: 'Verdi' }, 'cognome'));
    jest.useFakeTimers();
    await act(() => result.current.save('save'));
    act(() => { jest.advanceTimersByTime(1_500); });
    expect(services.navigate).toHaveBeenLastCalledWith('/contacts/embed/bbbbbbbbbbbbbbbbbbbbbbbb/camp/ag-7/guid-1/3331234567/minimo');
    act(() => result.current.onFieldChange('inputs', { nome: 'Bruno', cognome: 'Neri' }, 'cognome'));
    await act(() => result.current.save('back'));
    act(() => { jest.advanceTimersByTime(1_500); });
    expect(services.navigate).toHaveBeenLastCalledWith('/contacts/embed/list');
  });

  it('create: refused when the entry state is not manual', () => {
    const { wrapper } = setup({ ...minimoWorkspace, states: { NUOVO: { label: 'Nuovo', manual: false } } }, minimoModel);
    const { result } = renderHook(() => useContactCreateController({ api: fakeApi(row()) }), { wrapper });
    expect(result.current.allowed).toBe(false);
  });
});

describe('contact forms helpers', () => {
  it('maps 400 JSON pointers to fields', () => {
    expect(errorsByField([{ field: '/inputs/telefono', message: 'bad' }, { field: '/outputs/a~1b', message: 'x' }, { field: '/rawData/nome', message: 'req' }, { message: 'general' },
      { field: 'state', message: "Lo stato 'Chiuso' non accetta note" }], '')).toEqual({
      inputs: { telefono: ['bad'], nome: ['req'] }, outputs: { 'a/b': ['x'] }, other: ['general', "Lo stato 'Chiuso' non accetta note"],
    });
  });

  it('moves attachment and document arrays into the MEDIA panel', () => {
    const t = contactForm(sinistriModel, sinistriWorkspace, 'show', 'outputs', 'admin');
    if (!t.ok) throw new Error('translation refused');
    const { form, media } = splitMedia(t.value);
    expect(media.map((m) => [m.name, m.kind])).toEqual(expect.arrayContaining([['fotoDanni', 'attachment'], ['documenti', 'doc']]));
    expect(Object.keys(form.schema.properties ?? {})).not.toContain('fotoDanni');
    expect(media.find((m) => m.name === 'fotoDanni')?.maxSize).toBe(8_000_000);
  });
});

describe('enum values of a contact form (issue 17, item 8)', () => {
  const rows = {
    regione: [{ value: 'lom', label: 'Lombardia', parents: {} }, { value: 'laz', label: 'Lazio', parents: {} }],
    provincia: [{ value: 'MI', label: 'Milano', parents: { regione: 'lom' } }, { value: 'RM', label: 'Roma', parents: { regione: 'laz' } }],
  };
  const api = () => {
    const a = fakeApi(row());
    const contacts = { enumValues: jest.fn(async () => [{ value: 'x', label: 'X' }]), enumSection: jest.fn(async () => ({ version: 4, values: rows })) };
    return Object.assign(a, { contacts }) as typeof a & { contacts: typeof contacts };
  };
  const ask = (field: string, parents: Record<string, unknown> = {}) => ({ section: 'inputs' as const, field, url: null, remoteValues: true, parents });

  afterEach(() => forgetEnumSections());

  it('one request per workspace version and section serves every field, dependent ones by their parents\' values', async () => {
    const fake = api();
    const services = contactRendererServices(fake, 'campagna-grande', ID, 4);
    expect(await Promise.all([services.loadEnum(ask('regione')), services.loadEnum(ask('provincia', { regione: 'laz' }))])).toEqual([
      [{ value: 'lom', label: 'Lombardia' }, { value: 'laz', label: 'Lazio' }],
      [{ value: 'RM', label: 'Roma' }],
    ]);
    expect(await services.loadEnum(ask('provincia', { regione: 'lom' }))).toEqual([{ value: 'MI', label: 'Milano' }]);
    // the next contact of the same workspace version asks nothing
    await contactRendererServices(fake, 'campagna-grande', 'bbbbbbbbbbbbbbbbbbbbbbbb', 4).loadEnum(ask('regione'));
    expect(fake.contacts.enumSection).toHaveBeenCalledTimes(1);
    expect(fake.contacts.enumValues).not.toHaveBeenCalled();
    // a new version asks again
    await contactRendererServices(fake, 'campagna-grande', ID, 5).loadEnum(ask('regione'));
    expect(fake.contacts.enumSection).toHaveBeenCalledTimes(2);
  });

  it('a field the answer leaves out (too many values), or a failed answer, is asked per field', async () => {
    const fake = api();
    const services = contactRendererServices(fake, 'campagna-grande', ID, 4);
    expect(await services.loadEnum(ask('comune', { provincia: 'MI' }))).toEqual([{ value: 'x', label: 'X' }]);
    expect(fake.contacts.enumValues).toHaveBeenCalledWith('campagna-grande', 'inputs', 'comune', { provincia: 'MI' }, ID);
    fake.contacts.enumSection.mockRejectedValueOnce(new Error('down'));
    await contactRendererServices(fake, 'campagna-grande', ID, 6).loadEnum(ask('regione'));
    expect(fake.contacts.enumValues).toHaveBeenCalledTimes(2);
  });
});


describe('QA round: no input lost, no request twice', () => {
  const refused = (status: number, message: string) => new ApiRequestError({ kind: 'errors', status, message, errors: [{ message }], requestText: 'PUT /x', handled: false });
  const altKey = (key: string) => fireEvent.keyDown(document.body, { key, code: `Key${key.toUpperCase()}`, altKey: true });

  it("show: a contact of another workspace draws none of the session workspace's fields (nothing typed there is lost by the switch), and says the workspace by its name", async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel, 'basic');
    localStorage.setItem(STORAGE_KEYS.workspaceIds, JSON.stringify(['minimo', 'campagna-grande']));
    localStorage.setItem(STORAGE_KEYS.workspaceNames, JSON.stringify(['Minimo', 'Campagna Grande']));
    Object.assign(services, { store: createSessionStore(localStorage), auth: { switchWorkspace: jest.fn(async () => undefined) }, reload: jest.fn() });
    services.store.setStatus('signed-in');
    const api = fakeApi(row({ workspaceId: 'campagna-grande', agentId: 'u1', availability: 'processing', inputs: { ragione_sociale: 'ACME' } }));
    const shown: { c: ContactShowController | null } = { c: null };
    const Show = () => { const c = useContactShowController({ id: ID, api }); shown.c = c; return <ContactShowView c={c} />; };
    render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Switch to Campagna Grande' });
    expect(screen.getByRole('alert').textContent).toContain('Campagna Grande');
    // no field, no state or notes, no Save: nothing to type into
    expect(document.querySelector('input, textarea, select')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(shown.c?.canSave).toBe(false);
    expect(shown.c?.saveBlockedReason).toContain('Campagna Grande');
    expect(shown.c?.saveBlockedReason).not.toContain('campagna-grande');
  });

  it('Alt+N on the contact screen takes one next contact at a time, however often it is pressed while the first runs', async () => {
    const { wrapper, services } = setup(energiaWorkspace, energiaModel, 'basic');
    let answer: (value: { id: string }) => void = () => undefined;
    const takeNext = jest.fn(() => new Promise<{ id: string }>((resolve) => { answer = resolve; }));
    Object.assign(services, { api: { contacts: { takeNext, release: jest.fn() } } });
    const api = fakeApi(row({ workspaceId: 'energia-casa', agentId: 'u1', availability: 'processing', inputs: {} }));
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    altKey('n');
    altKey('n');
    altKey('n');
    expect(takeNext).toHaveBeenCalledTimes(1);
    await act(async () => { answer({ id: 'bbbbbbbbbbbbbbbbbbbbbbbb' }); });
    expect(services.navigate).toHaveBeenCalledTimes(1);
    expect(services.navigate).toHaveBeenCalledWith('/contacts/show/bbbbbbbbbbbbbbbbbbbbbbbb');
  });

  it('Alt+N with unsaved edits asks first; while that question (or any dialog) is open, the contact shortcuts wait', async () => {
    const { wrapper, services } = setup(energiaWorkspace, energiaModel, 'basic');
    const takeNext = jest.fn(async () => ({ id: 'bbbbbbbbbbbbbbbbbbbbbbbb' }));
    const release = jest.fn();
    Object.assign(services, { api: { contacts: { takeNext, release } } });
    const api = fakeApi(row({ workspaceId: 'energia-casa', agentId: 'u1', availability: 'processing', inputs: {} }));
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    const nome = await waitFor(() => { const field = document.getElementById('cm_in_nome'); expect(field).not.toBeNull(); return field as HTMLElement; });
    fireEvent.change(nome, { target: { value: 'Marco' } });
    altKey('n');
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('has unsaved changes');
    // behind the question nothing acts: not a second take, not a release, not a leave
    altKey('n');
    altKey('r');
    altKey('w');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(takeNext).not.toHaveBeenCalled();
    expect(release).not.toHaveBeenCalled();
    expect(services.navigate).not.toHaveBeenCalled();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(nome).toHaveValue('Marco');
    altKey('n');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Take the next one' }));
    await waitFor(() => expect(services.navigate).toHaveBeenCalledWith('/contacts/show/bbbbbbbbbbbbbbbbbbbbbbbb'));
    expect(takeNext).toHaveBeenCalledTimes(1);
  });

  it('Alt+N right after a save takes the next contact without asking: what is on screen was saved', async () => {
    const { wrapper, services } = setup(energiaWorkspace, energiaModel, 'basic');
    const takeNext = jest.fn(async () => ({ id: 'bbbbbbbbbbbbbbbbbbbbbbbb' }));
    Object.assign(services, { api: { contacts: { takeNext, release: jest.fn() } } });
    // a seeded contact, whose inputs the form accepts
    const [seeded] = (energiaContacts as unknown as Array<{ inputs: Record<string, unknown> }>);
    const api = fakeApi(row({ workspaceId: 'energia-casa', agentId: 'u1', availability: 'processing', inputs: seeded.inputs }));
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    const nome = await waitFor(() => { const field = document.getElementById('cm_in_nome'); expect(field).not.toBeNull(); return field as HTMLElement; });
    fireEvent.change(nome, { target: { value: 'Marco' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.contactWork.save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(services.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ intent: 'success' })));
    // saved, on the way to the list (Save stays off until then)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    altKey('n');
    await waitFor(() => expect(takeNext).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a save refused because a team leader released the contact meanwhile shows it as it is, offers the take, and after the take the typed values save', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel, 'basic');
    const api = fakeApi(row({ agentId: 'u1', availability: 'processing' }));
    const take = jest.fn(async () => row({ agentId: 'u1', availability: 'processing', version: 3 }));
    Object.assign(api.contacts, { take });
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.ribbon.forYou).toBe(true);
    act(() => result.current.onFieldChange('inputs', { nome: 'Luigi', cognome: 'Rossi' }, 'nome'));
    api.contactWork.save.mockRejectedValueOnce(refused(403, `Contact ${ID} is not assigned to you: take it before changing it`));
    api.contactWork.get.mockResolvedValueOnce(row({ agentId: null, availability: 'toProcess', version: 2 }));
    await act(() => result.current.save());
    // the contact as it is now: no longer "for you", the take offered, the typed value still there
    expect(result.current.contact).toMatchObject({ agentId: null, availability: 'toProcess', version: 2 });
    expect(result.current.ribbon.forYou).toBe(false);
    expect(result.current.takeToSave.offered).toBe(true);
    expect(result.current.canSave).toBe(false);
    expect(result.current.saveBlockedReason).toBe('Take the contact to save it');
    expect(result.current.formData.inputs.nome).toBe('Luigi');
    expect(services.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ intent: 'danger', message: expect.stringContaining('no longer assigned to you') }));

    api.contactWork.get.mockResolvedValueOnce(row({ agentId: 'u1', availability: 'processing', version: 3 }));
    await act(() => result.current.takeToSave.take());
    expect(take).toHaveBeenCalledWith(ID);
    expect(result.current.takeToSave.offered).toBe(false);
    expect(result.current.ribbon.forYou).toBe(true);
    expect(result.current.formData.inputs.nome).toBe('Luigi');
    expect(result.current.canSave).toBe(true);
    await act(() => result.current.save());
    expect(api.contactWork.save.mock.calls[1][1]).toEqual({ version: 3, inputs: { nome: 'Luigi' } });
  });

  it('the view offers the take beside the refusal, and the Take button takes the contact', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel, 'basic');
    const api = fakeApi(row({ agentId: 'u1', availability: 'processing' }));
    const take = jest.fn(async () => row({ agentId: 'u1', availability: 'processing', version: 3 }));
    Object.assign(api.contacts, { take });
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    api.contactWork.save.mockRejectedValueOnce(refused(403, `Contact ${ID} is not assigned to you: take it before changing it`));
    api.contactWork.get.mockResolvedValueOnce(row({ agentId: null, availability: 'toProcess', version: 2 }));
    api.contactWork.get.mockResolvedValueOnce(row({ agentId: 'u1', availability: 'processing', version: 3 }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const offer = await waitFor(() => { const callout = document.querySelector('.cm-take-to-save'); expect(callout).not.toBeNull(); return callout as HTMLElement; });
    expect(offer).toHaveTextContent('This contact is no longer assigned to you: take it to save.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.click(within(offer).getByRole('button', { name: 'Take' }));
    await waitFor(() => expect(document.querySelector('.cm-take-to-save')).toBeNull());
    expect(take).toHaveBeenCalledWith(ID);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('a save refused because the contact went to someone else says so and offers no take; what was typed stays', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel, 'basic');
    const api = fakeApi(row({ agentId: 'u1', availability: 'processing' }));
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.onFieldChange('inputs', { nome: 'Luigi', cognome: 'Rossi' }, 'nome'));
    api.contactWork.save.mockRejectedValueOnce(refused(403, 'assigned to another user'));
    api.contactWork.get.mockResolvedValueOnce(row({ agentId: 'u2', availability: 'processing', version: 2 }));
    await act(() => result.current.save());
    expect(result.current.takeToSave.offered).toBe(false);
    expect(result.current.contact?.agentId).toBe('u2');
    expect(result.current.generalErrors).toEqual(['This contact is now assigned to another user: you cannot save it. What you typed is kept as a draft.']);
    expect(result.current.formData.inputs.nome).toBe('Luigi');
    expect(localStorage.getItem(draftKey({ userId: 'u1', workspaceId: 'minimo', contactId: ID, view: 'show' }))).toContain('Luigi');
  });

  it.each([
    ['show', useContactShowController],
    ['edit', useContactEditController],
  ] as const)('%s: a 409 lists what the other person changed, the fields both changed first with both values', async (view, useController) => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const { result } = renderHook(() => useController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => {
      result.current.onFieldChange('inputs', { nome: 'Luigi', cognome: 'Rossi' }, 'nome');
      result.current.onFieldChange('inputs', { nome: 'Luigi', cognome: 'Verdi' }, 'cognome');
    });
    (view === 'show' ? api.contactWork.save : api.contactWork.edit).mockRejectedValueOnce(conflict());
    api.contactWork.get.mockResolvedValue(row({ version: 2, inputs: { nome: 'Mario', cognome: 'Bianchi', telefono: '3331234567' } }));
    await act(() => result.current.save());
    expect(result.current.changedMeanwhile).toEqual([
      { section: 'inputs', name: 'cognome', label: 'Cognome', theirs: 'Bianchi', yours: 'Verdi' },
      { section: 'inputs', name: 'telefono', label: 'Telefono', theirs: '3331234567' },
    ]);
    expect(result.current.formData.inputs).toEqual({ nome: 'Luigi', cognome: 'Verdi', telefono: '3331234567' });
    act(() => result.current.dismissChangedMeanwhile());
    expect(result.current.changedMeanwhile).toEqual([]);
  });

  it('show: after a 409 the screen names the fields the other person changed and marks on the form those the user changed too', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const api = fakeApi(row());
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    render(<Show />, { wrapper });
    const cognome = await waitFor(() => { const field = document.getElementById('cm_in_cognome'); expect(field).not.toBeNull(); return field as HTMLTextAreaElement; });
    fireEvent.change(cognome, { target: { value: 'Verdi' } });
    api.contactWork.save.mockRejectedValueOnce(conflict());
    api.contactWork.get.mockResolvedValue(row({ version: 2, inputs: { nome: 'Mario', cognome: 'Bianchi', telefono: '3331234567' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.querySelector('.cm-changed-meanwhile')).not.toBeNull());
    const callout = document.querySelector('.cm-changed-meanwhile') as HTMLElement;
    expect(callout.textContent).toContain('Changed meanwhile by another user');
    expect(callout.textContent).toContain('Cognome: saved by another user “Bianchi”, yours “Verdi”');
    expect(callout.textContent).toContain('Telefono: 3331234567');
    await waitFor(() => expect(screen.getByText('Changed meanwhile by another user to “Bianchi”: saving keeps your value')).toBeInTheDocument());
    expect((document.getElementById('cm_in_cognome') as HTMLTextAreaElement).value).toBe('Verdi');
  });

  it('while a stored draft is offered, typing keeps it: the stored draft holds both, and restoring brings both back', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel);
    const key = { userId: 'u1', workspaceId: 'minimo', contactId: ID, view: 'show' as const };
    createDraftStore(localStorage).write(key, { version: 1, savedAt: 1, inputs: { nome: 'Luigi' }, outputs: {}, notes: 'da richiamare' });
    const api = fakeApi(row());
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.draftOffer).not.toBeNull());
    act(() => result.current.onFieldChange('inputs', { nome: 'Mario', cognome: 'Verdi' }, 'cognome'));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(draftKey(key)) ?? '{}')).toMatchObject({ inputs: { nome: 'Luigi', cognome: 'Verdi' }, notes: 'da richiamare' }));
    expect(result.current.draftOffer?.inputs).toEqual({ nome: 'Luigi' });
    act(() => result.current.restoreDraft());
    expect(result.current.formData.inputs).toEqual({ nome: 'Luigi', cognome: 'Verdi' });
    expect(result.current.notes).toBe('da richiamare');
    await act(() => result.current.save());
    expect(api.contactWork.save.mock.calls[0][1]).toEqual({ version: 1, inputs: { nome: 'Luigi', cognome: 'Verdi' }, notes: 'da richiamare' });
  });

  it('Cancel with unsaved edits asks first, the focus on Cancel; the yes leaves and drops the draft; without edits it leaves at once', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel, 'basic');
    const api = fakeApi(row({ agentId: 'u1', availability: 'processing' }));
    const Show = () => <ContactShowView c={useContactShowController({ id: ID, api })} />;
    const view = render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    const nome = await waitFor(() => { const field = document.getElementById('cm_in_nome'); expect(field).not.toBeNull(); return field as HTMLTextAreaElement; });
    fireEvent.change(nome, { target: { value: 'Marco' } });
    const key = draftKey({ userId: 'u1', workspaceId: 'minimo', contactId: ID, view: 'show' });
    await waitFor(() => expect(localStorage.getItem(key)).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('has unsaved changes');
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(services.navigate).not.toHaveBeenCalled();
    expect(nome).toHaveValue('Marco');
    expect(localStorage.getItem(key)).not.toBeNull();
    // Alt+W asks the same
    altKey('w');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave and lose the changes' }));
    expect(services.navigate).toHaveBeenCalledWith('/contacts/list');
    expect(localStorage.getItem(key)).toBeNull();
    view.unmount();

    const again = render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(services.navigate).toHaveBeenCalledTimes(2);
    again.unmount();
  });

  it('edit: Cancel with unsaved edits asks first too', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel, 'admin');
    const api = fakeApi(row());
    const Edit = () => <ContactEditView c={useContactEditController({ id: ID, api })} />;
    render(<Edit />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.change(await waitFor(() => { const field = document.getElementById('cm_in_nome'); expect(field).not.toBeNull(); return field as HTMLTextAreaElement; }), { target: { value: 'Marco' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(services.navigate).not.toHaveBeenCalled();
  });

  it('create: a configuration that takes creating away closes the form with a notice saying why, and the typed values stay as the draft', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel, 'basic');
    const api = fakeApi(row());
    const open = renderHook(() => useContactCreateController({ api }), { wrapper });
    act(() => open.result.current.onFieldChange('inputs', { nome: 'Anna' }, 'nome'));
    // an admin publishes a version where this role may not create: the route closes the form
    act(() => services.store.save({ workspace: { ...minimoWorkspace, version: 99, permissionRules: { insert: false } } as never }));
    open.unmount();
    expect(services.toasts.show).toHaveBeenCalledWith(expect.objectContaining({
      intent: 'warning', heading: 'Workspace configuration changed', timeout: 0,
      message: expect.stringMatching(/can no longer create contacts here\. What you had typed is kept/),
    }));
    expect(createDraftStore(localStorage).read({ userId: 'u1', workspaceId: 'minimo', contactId: 'new', view: 'create' })?.inputs).toEqual({ nome: 'Anna' });

    // leaving the form for any other reason says nothing
    services.toasts.show.mockClear();
    const other = renderHook(() => useContactCreateController({ api }), { wrapper });
    act(() => services.store.save({ workspace: { ...minimoWorkspace, version: 100 } as never }));
    other.unmount();
    expect(services.toasts.show).not.toHaveBeenCalled();
  });
});

describe('QA round: a refused save is never taken for a saved one', () => {
  const refused = (status: number, message: string) => new ApiRequestError({ kind: 'errors', status, message, errors: [{ message }], requestText: 'PUT /x', handled: false });
  const ctrlS = (target: Element) => fireEvent.keyDown(target, { key: 's', code: 'KeyS', ctrlKey: true });
  const liveRegion = () => screen.getByTestId('cm-live-region');
  const fieldById = (id: string) => waitFor(() => { const field = document.getElementById(id); expect(field).not.toBeNull(); return field as HTMLInputElement; });
  // jsdom lays nothing out: the fields count as visible, so the focus can move to the first one to correct
  beforeEach(() => {
    jest.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    Element.prototype.scrollIntoView = jest.fn();
  });
  afterEach(() => jest.restoreAllMocks());

  it.each(['25:61', '14:3', 'ab'])('a time field holding %s: Ctrl+S is refused like any invalid field, the focus on it, nothing sent, the stored time untouched', async (typed) => {
    // the minimal workspace with a time field after the required names (filled in): the time is the one field to correct
    const model = { ...minimoModel, model: { ...minimoModel.model, richiamo: { label: 'Richiamo', dataType: 'time' } } };
    const { wrapper } = setup(minimoWorkspace, model, 'basic');
    const api = fakeApi(row({ agentId: 'u1', availability: 'processing', inputs: { nome: 'Mario', cognome: 'Rossi', richiamo: '10:15' } }));
    const Show = () => <><LiveAnnouncer /><ContactShowView c={useContactShowController({ id: ID, api })} /></>;
    render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    const ora = await fieldById('cm_in_richiamo');
    expect(ora).toHaveValue('10:15');
    fireEvent.change(ora, { target: { value: typed } });
    ora.focus();
    ctrlS(ora);
    await waitFor(() => expect(liveRegion()).toHaveTextContent(/^Not saved:/));
    expect(liveRegion()).not.toHaveTextContent('Contact saved');
    expect(api.contactWork.save).not.toHaveBeenCalled();
    expect(ora).toHaveValue(typed);
    expect(ora).toHaveAttribute('aria-invalid', 'true');
    expect(ora).toHaveFocus();
    expect(document.querySelector('.cm-save-errors')).toHaveTextContent('Invalid time: use HH:MM, from 00:00 to 23:59');
  });

  it.each([
    ['a 409', () => conflict(), row({ version: 2 })],
    ['a 403 after a release (the take is offered)', () => refused(403, 'not assigned to you'), row({ version: 2, agentId: null, availability: 'toProcess' })],
  ] as const)('%s is announced as not saved, though the contact was read again with a new version', async (_name, failure, fresh) => {
    const { wrapper } = setup(minimoWorkspace, minimoModel, 'basic');
    const api = fakeApi(row({ agentId: 'u1', availability: 'processing' }));
    Object.assign(api.contacts, { take: jest.fn() });
    const Show = () => <><LiveAnnouncer /><ContactShowView c={useContactShowController({ id: ID, api })} /></>;
    render(<Show />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.change(await fieldById('cm_in_nome'), { target: { value: 'Luigi' } });
    api.contactWork.save.mockRejectedValueOnce(failure());
    api.contactWork.get.mockResolvedValue({ ...fresh, agentId: fresh.agentId === undefined ? 'u1' : fresh.agentId });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(liveRegion()).toHaveTextContent(/^Not saved: /));
    expect(liveRegion()).not.toHaveTextContent('Contact saved');
  });

  it('edit: a 409 is announced as not saved', async () => {
    const { wrapper } = setup(minimoWorkspace, minimoModel, 'admin');
    const api = fakeApi(row());
    const Edit = () => <><LiveAnnouncer /><ContactEditView c={useContactEditController({ id: ID, api })} /></>;
    render(<Edit />, { wrapper });
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.change(await fieldById('cm_in_nome'), { target: { value: 'Luigi' } });
    api.contactWork.edit.mockRejectedValueOnce(conflict());
    api.contactWork.get.mockResolvedValue(row({ version: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(liveRegion()).toHaveTextContent(/^Not saved: /));
  });

  it('a save refused after a release in a workspace where agents see only their own contacts says once that the contact is no longer theirs; Save stays disabled; the typed values stay', async () => {
    const { wrapper, services } = setup(energiaWorkspace, energiaModel, 'basic');
    const api = fakeApi(row({ workspaceId: 'energia-casa', agentId: 'u1', availability: 'processing', inputs: {} }));
    const { result } = renderHook(() => useContactShowController({ id: ID, api }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.onFieldChange('inputs', { nome: 'Luigi' }, 'nome'));
    act(() => result.current.setOutcome(result.current.outcomes[0]?.value ?? ''));
    const notYours = `The contact ${ID} is not among the contacts you see`;
    api.contactWork.save.mockRejectedValueOnce(refused(403, notYours));
    api.contactWork.get.mockRejectedValueOnce(refused(403, notYours));
    services.toasts.show.mockClear();
    let outcome: unknown;
    await act(async () => { outcome = await result.current.save(); });
    const lost = 'This contact is no longer assigned to you and you can no longer see it: you cannot save it. What you typed is kept as a draft.';
    expect(outcome).toEqual({ saved: false, reason: lost });
    // the re-read is quiet (the client toasts nothing), and the screen says it once
    expect(api.contactWork.get).toHaveBeenLastCalledWith(ID, false, { quiet: true });
    expect(services.toasts.show).toHaveBeenCalledTimes(1);
    expect(services.toasts.show).toHaveBeenCalledWith(expect.objectContaining({ intent: 'danger', message: lost }));
    expect(result.current.generalErrors).toEqual([lost]);
    expect(result.current.canSave).toBe(false);
    expect(result.current.saveBlockedReason).toBe(lost);
    expect(result.current.takeToSave.offered).toBe(false);
    expect(localStorage.getItem(draftKey({ userId: 'u1', workspaceId: 'energia-casa', contactId: ID, view: 'show' }))).toContain('Luigi');
    // a retry sends nothing
    await act(async () => { await result.current.save(); });
    expect(api.contactWork.save).toHaveBeenCalledTimes(1);
  });
});

describe('QA round: the new-contact form asks before throwing typed values away', () => {
  const altKey = (key: string) => fireEvent.keyDown(document.body, { key, code: `Key${key.toUpperCase()}`, altKey: true });

  it('Cancel and Alt+W with typed values ask first, the focus on Cancel; Escape keeps them; the yes leaves and drops the draft; an empty form leaves at once', async () => {
    const { wrapper, services } = setup(minimoWorkspace, minimoModel, 'basic');
    const api = fakeApi(row());
    const Create = () => <ContactCreateView c={useContactCreateController({ api })} />;
    const view = render(<Create />, { wrapper });
    const nome = await waitFor(() => { const field = document.getElementById('cm_in_nome'); expect(field).not.toBeNull(); return field as HTMLTextAreaElement; });
    fireEvent.change(nome, { target: { value: 'Anna' } });
    const key = draftKey({ userId: 'u1', workspaceId: 'minimo', contactId: 'new', view: 'create' });
    await waitFor(() => expect(localStorage.getItem(key)).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('The new contact has unsaved data');
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    fireEvent.keyDown(within(question).getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(services.navigate).not.toHaveBeenCalled();
    expect(nome).toHaveValue('Anna');
    expect(localStorage.getItem(key)).not.toBeNull();
    altKey('w');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave and lose the changes' }));
    expect(services.navigate).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(key)).toBeNull();
    view.unmount();

    const again = render(<Create />, { wrapper });
    await waitFor(() => expect(document.getElementById('cm_in_nome')).not.toBeNull());
    altKey('w');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(services.navigate).toHaveBeenCalledTimes(2);
    again.unmount();
  });
});
