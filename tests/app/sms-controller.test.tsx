import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import smsModel from '../../fixtures/workspaces/sms-promo/data-model.json';
import smsWorkspace from '../../fixtures/workspaces/sms-promo/workspace.json';
import { SMS_TIMINGS, useSmsController } from '@app/features/sms/use-sms-controller';
import { SmsPage } from '@app/features/sms/SmsPage';
import { createI18nWithScreens } from './support/i18n';
import { createAppServices } from '@app/services/app-services';
import { ServicesContext } from '@app/services/services-context';
import type { ToastRequest } from '@app/shell/toast-service';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { apiError, createFakeBackend, type Handler } from './support/fake-backend';

/**
 * The /sms controller (spec 3 §4, §8; issue 16) over the real app services and API client, the server faked at fetch:
 * a second SEND before the first answer is dropped; success is a 1 s toast, then the page reloads; a refusal goes
 * through the shared error handler, whose toast stays 3 s for this call, and marks the refused field.
 */

const SEND = 'POST /api/cntmng/sms/sms-promo';
const VALUES = { nome: 'Giulia', cellulare: '+393471234567', codicePromo: 'PROMO100', scadenza: '2026-12-31' };
const queued = { id: 7, channel: 'sms', trigger: 'manual', workspaceId: 'sms-promo', contactId: null, configId: 'promo-base', sender: 'FEDELTA', recipient: VALUES.cellulare, body: 'Ciao Giulia', url: null, status: 'queued', error: null, createdBy: 'u-admin', createdAt: '2026-11-25T10:00:00.000Z' };

const OUTBOX = 'GET /api/cntmng/outbox';

const setup = (send: Handler | [number, unknown], outbox: Handler | [number, unknown] = [200, { data: [] }], { page = false } = {}) => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.language, 'en-US');
  localStorage.setItem(STORAGE_KEYS.loggedUser, JSON.stringify({ id: 'u-admin', username: 'admin', role: 'admin', groupId: null, isSysadmin: false, groups: [] }));
  localStorage.setItem(STORAGE_KEYS.workspace, JSON.stringify(smsWorkspace));
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify(smsModel));
  const backend = createFakeBackend({
    [SEND]: send,
    'GET /api/cntmng/sms/sms-promo/delivery': [200, { data: { gatewayConfigured: true, target: null, counts: { queued: 0, sending: 0, sent: 0, failed: 0 } } }],
    [OUTBOX]: outbox,
  });
  const i18n = createI18nWithScreens(localStorage);
  const reload = jest.fn();
  const services = createAppServices(
    { baseUrl: '', storage: localStorage, sessionStorage, i18n, fetch: backend.fetch, reload, roleHomePath: () => '/contacts/list' },
    { navigate: jest.fn(), currentPath: () => '/sms' },
  );
  const toasts: ToastRequest[] = [];
  services.toasts.attach({ show: (toast) => { toasts.push(toast); } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
    </I18nextProvider>
  );
  if (page) {
    render(<SmsPage />, { wrapper });
    return { backend, reload, toasts, c: (): never => { throw new Error('the page test reads the screen'); } };
  }
  const hook = renderHook(() => useSmsController(), { wrapper });
  act(() => hook.result.current.onChange(VALUES, 'nome'));
  return { backend, reload, toasts, c: () => hook.result.current };
};

afterEach(() => {
  jest.useRealTimers();
});

describe('the SMS controller', () => {
  it('sends once when SEND is pressed twice before the answer', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const s = setup(() => new Promise<[number, unknown]>((resolve) => { answer = resolve; }));
    expect(s.c().template?.id).toBe('promo-base');
    let first!: Promise<void>;
    let second!: Promise<void>;
    act(() => {
      first = s.c().send();
      second = s.c().send();
    });
    await waitFor(() => expect(s.c().sending).toBe(true));
    await act(async () => {
      answer([200, { data: queued }]);
      await Promise.all([first, second]);
    });
    expect(s.backend.called(SEND)).toBe(1);
    expect(s.backend.calls.find((call) => `${call.method} ${call.path}` === SEND)?.body).toEqual({ templateId: 'promo-base', values: VALUES });
  });

  it('shows the success toast for 1 s, then reloads the page', async () => {
    jest.useFakeTimers();
    const s = setup([200, { data: queued }]);
    await act(async () => {
      await s.c().send();
    });
    expect(s.toasts).toEqual([expect.objectContaining({ intent: 'success', message: `SMS queued for ${VALUES.cellulare}`, timeout: 1_000 })]);
    expect(SMS_TIMINGS.success).toBe(1_000);
    act(() => jest.advanceTimersByTime(999));
    expect(s.reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(s.reload).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal through the shared error handler for 3 s, reloads nothing, and lets the user send again once the refused field is changed', async () => {
    const s = setup(apiError(400, 'body/values/cellulare must match pattern', [{ field: '/values/cellulare', message: 'cellulare: numero non valido' }]));
    expect(s.c().complete).toBe(true);
    await act(async () => {
      await s.c().send();
    });
    expect(s.toasts).toEqual([{ intent: 'danger', heading: 'Something went wrong', message: 'cellulare: numero non valido', timeout: 3_000 }]);
    expect(s.c().sending).toBe(false);
    expect(s.reload).not.toHaveBeenCalled();
    // the refused field is in error: SEND is off while it holds what the server refused, other fields' edits included
    expect(s.c().complete).toBe(false);
    act(() => s.c().onChange({ ...VALUES, nome: 'Giulia Maria' }, 'nome'));
    expect(s.c().complete).toBe(false);
    await act(async () => {
      await s.c().send();
    });
    expect(s.backend.called(SEND)).toBe(1);
    act(() => s.c().onChange({ ...VALUES, cellulare: '+393471234568' }, 'cellulare'));
    expect(s.c().complete).toBe(true);
    await act(async () => {
      await s.c().send();
    });
    expect(s.backend.called(SEND)).toBe(2);
  });

  it('a refusal of something that is not a field of the form does not hold SEND back', async () => {
    const s = setup(apiError(400, 'body/templateId: no such template', [{ field: '/templateId', message: 'templateId: no such template' }]));
    await act(async () => {
      await s.c().send();
    });
    expect(s.c().complete).toBe(true);
  });
});

describe('the SMS outbox: loading and failure are not "no SMS"', () => {
  it('is loading until the outbox answers, then loaded', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const s = setup([200, { data: queued }], () => new Promise<[number, unknown]>((resolve) => { answer = resolve; }));
    await waitFor(() => expect(s.c().outbox.loading).toBe(true));
    expect(s.c().outbox.loaded).toBe(false);
    await act(async () => { answer([200, { data: [] }]); });
    await waitFor(() => expect(s.c().outbox.loaded).toBe(true));
    expect(s.c().outbox.failed).toBe(false);
  });

  it('a failed load is failed, with no rows; refresh asks again', async () => {
    const s = setup([200, { data: queued }], apiError(500, 'down'));
    await waitFor(() => expect(s.c().outbox.failed).toBe(true));
    expect(s.c().outbox.rows).toEqual([]);
    s.backend.on(OUTBOX, [200, { data: [{ ...queued, attempts: 1, providerId: null, sentAt: null, updatedAt: queued.createdAt }] }]);
    act(() => s.c().outbox.refresh());
    await waitFor(() => expect(s.c().outbox.failed).toBe(false));
    expect(s.c().outbox.rows).toHaveLength(1);
  });

  it('the page says the outbox is loading, then that it failed with Retry, and "No SMS" only once it answered', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const s = setup([200, { data: queued }], () => new Promise<[number, unknown]>((resolve) => { answer = resolve; }), { page: true });
    expect(await screen.findByText('Loading the outbox…')).toBeInTheDocument();
    expect(screen.queryByText('No SMS in the outbox')).not.toBeInTheDocument();
    await act(async () => { answer(apiError(500, 'down')); });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The outbox could not be loaded');
    expect(screen.queryByText('No SMS in the outbox')).not.toBeInTheDocument();
    s.backend.on(OUTBOX, [200, { data: [] }]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No SMS in the outbox')).toBeInTheDocument();
    expect(s.backend.called(OUTBOX)).toBe(2);
  });
});
