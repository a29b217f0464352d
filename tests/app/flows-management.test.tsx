import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { DownloadedFile } from '@api-client/api-client';
import { ApiRequestError } from '@api-client/api-error';
import type { FlowsApi } from '@api-client/messaging-client';
import { FlowsManagementView } from '@app/features/flows-management/FlowsManagementPage';
import { FLOW_STATUS_POLL_MS, PROGRESS_POLL_MS, useFlowsController } from '@app/features/flows-management/use-flows-controller';
import { createI18nWithScreens } from './support/i18n';
import type { AppServices } from '@app/services/app-services';
import { ServicesContext } from '@app/services/services-context';
import { createSessionStore } from '@app/session/session-store';
import type { FileSearchRow, Flow, FlowImport, ReferenceRow, RejectedFile, SearchByRefsBody } from '@domain/api/flows';
import { STORAGE_KEYS } from '@domain/storage-keys';

/**
 * /flowsmanagement in jsdom (spec 3 §2 Flows management, §9; issue 16), the API faked at the controller's seam: the
 * flow tables offer 10, 15 or 20 rows per page even with fewer rows than that, and a rejected file is saved through
 * the app's one download helper under the server's name.
 */

const flow = (id: string): Flow => ({
  id, name: `Flow ${id}`, workspaceId: 'energia-casa', workspaceName: 'Energia Casa', enabled: true, failed: false, failure: null, failureProblem: null, maxFileSize: 5_000_000,
  columns: ['RIFERIMENTO', 'NOME'], referenceColumn: 'RIFERIMENTO', mapping: { NOME: 'nome' }, lastImport: null,
});
const rejected: RejectedFile = { id: 'r-1', name: 'leads_scarti.csv', datetime: '2026-11-25T10:00:00.000Z', rows: 2, importId: 'i-1', handled: false, handledAt: null, handledByImport: null };
const CSV = 'RIFERIMENTO;NOME;LINEA;MOTIVO\r\nLE-1;Mario;2;inputs.telefono is required\r\n';

const fakeApi = () => ({
  status: jest.fn(async () => [flow('lead-energia'), flow('contatti-minimo')]),
  toggle: jest.fn(async (_id: string, _enabled: boolean): Promise<Flow> => flow('lead-energia')),
  upload: jest.fn(async (_id: string, _file: Blob, _name: string): Promise<FlowImport> => { throw new Error('not in this test'); }),
  importProgress: jest.fn(async (_id: string): Promise<FlowImport> => { throw new Error('not in this test'); }),
  searchByRefs: jest.fn(async (_body: SearchByRefsBody): Promise<ReferenceRow[]> => []),
  searchFiles: jest.fn(async (_name: string): Promise<FileSearchRow[]> => []),
  rejectedFiles: jest.fn(async (_flowId: string) => [rejected]),
  downloadRejected: jest.fn(async (_id: string) => ({ contentType: 'text/csv', base64: Buffer.from(CSV, 'utf8').toString('base64'), fileName: 'leads_scarti.csv' })),
  reload: jest.fn(async (_id: string, _file: Blob, _name: string): Promise<FlowImport> => { throw new Error('not in this test'); }),
}) satisfies FlowsApi;

const setup = (language = 'en-US') => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.language, language);
  const i18n = createI18nWithScreens(localStorage);
  const services = { api: {}, store: createSessionStore(localStorage), toasts: { show: jest.fn(), attach: jest.fn() }, i18n, sessionStorage } as unknown as AppServices;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
    </I18nextProvider>
  );
  return { api: fakeApi(), saveFile: jest.fn<void, [DownloadedFile]>(), wrapper, toasts: services.toasts as unknown as { show: jest.Mock } };
};

/** jsdom's Blob has no text(): read it as the browser's FileReader does. */
const textOf = (blob: Blob) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error);
  reader.readAsText(blob);
});

function Harness({ api, saveFile }: { api: FlowsApi; saveFile(file: DownloadedFile): void }) {
  return <FlowsManagementView c={useFlowsController({ api, saveFile })} />;
}

describe('/flowsmanagement', () => {
  it('offers 10, 15 or 20 rows per page on the flow list even with two flows', async () => {
    const s = setup();
    render(<Harness api={s.api} saveFile={s.saveFile} />, { wrapper: s.wrapper });
    const list = await screen.findByRole('table', { name: 'Flow list' });
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(3));
    const pager = screen.getByRole('navigation', { name: 'Flow list' });
    const size = within(pager).getByRole('combobox', { name: /Rows per page/ });
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '15', '20']);
    expect(within(pager).queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('watches an import this page did not start (a file dropped in the inbound folder) from the flow list to its summary', async () => {
    const s = setup();
    const base: FlowImport = {
      id: 'imp-9', flowId: 'lead-energia', flowName: 'Flow lead-energia', fileName: 'dropped.csv', source: 'folder', status: 'running', rowsRead: 40, loaded: 30, rejected: 10,
      skipped: 0, error: null, problem: null, createdAt: '2026-11-28T08:00:00.000Z', startedAt: '2026-11-28T08:00:00.000Z', finishedAt: null, rejectedFileId: null, reloadOf: null,
    };
    s.api.status.mockResolvedValue([{ ...flow('lead-energia'), lastImport: base }, flow('contatti-minimo')]);
    s.api.importProgress.mockResolvedValue({ ...base, status: 'done', rowsRead: 100, loaded: 80, rejected: 20, finishedAt: '2026-11-28T08:00:05.000Z' });
    render(<Harness api={s.api} saveFile={s.saveFile} />, { wrapper: s.wrapper });
    const progress = await screen.findByRole('status');
    expect(progress).toHaveTextContent('Import of dropped.csv');
    expect(progress).toHaveTextContent('Rows read: 40');
    await waitFor(() => expect(progress).toHaveTextContent('Import finished: 80 loaded, 20 rejected, 0 already loaded, of 100 rows'), { timeout: 3_000 });
    expect(s.api.importProgress).toHaveBeenCalledWith('imp-9', { quiet: true });
  });

  it("a reload's summary says whether its rejected file is handled, or how many of its rows are still not loaded", async () => {
    for (const [language, stillMissing, words] of [
      ['en-US', 2, 'The rejected file is still to correct: 2 of its rows are not loaded yet'],
      ['it-IT', 1, 'Il file scartato resta da correggere: 1 sua riga non è ancora caricata'],
      ['it-IT', 0, 'Il file scartato è gestito: tutte le sue righe sono caricate'],
    ] as const) {
      const s = setup(language);
      const reload: FlowImport = {
        id: `imp-r${stillMissing}`, flowId: 'lead-energia', flowName: 'Flow lead-energia', fileName: 'corretto.csv', source: 'reload', status: 'running', rowsRead: 0, loaded: 0, rejected: 0,
        skipped: 0, error: null, problem: null, createdAt: '2026-11-28T08:00:00.000Z', startedAt: '2026-11-28T08:00:00.000Z', finishedAt: null, rejectedFileId: null, reloadOf: 'r-1', stillMissing: null,
      };
      s.api.status.mockResolvedValue([{ ...flow('lead-energia'), lastImport: reload }]);
      s.api.importProgress.mockResolvedValue({ ...reload, status: 'done', finishedAt: '2026-11-28T08:00:05.000Z', stillMissing });
      const view = render(<Harness api={s.api} saveFile={s.saveFile} />, { wrapper: s.wrapper });
      const progress = await screen.findByRole('status');
      await waitFor(() => expect(progress).toHaveTextContent(words), { timeout: 3_000 });
      view.unmount();
    }
  });

  it('shows an import that came and finished between two looks at the flow list, but not the one finished before the page opened', async () => {
    jest.useFakeTimers();
    try {
      const s = setup();
      const done = (id: string, fileName: string): FlowImport => ({
        id, flowId: 'lead-energia', flowName: 'Flow lead-energia', fileName, source: 'folder', status: 'done', rowsRead: 21, loaded: 14, rejected: 7,
        skipped: 0, error: null, problem: null, createdAt: '2026-11-28T08:00:00.000Z', startedAt: '2026-11-28T08:00:00.000Z', finishedAt: '2026-11-28T08:00:01.000Z', rejectedFileId: null, reloadOf: null,
      });
      s.api.status.mockResolvedValue([{ ...flow('lead-energia'), lastImport: done('imp-old', 'yesterday.csv') }]);
      s.api.importProgress.mockImplementation(async (id: string) => done(id, id === 'imp-new' ? 'dropped.csv' : 'yesterday.csv'));
      render(<Harness api={s.api} saveFile={s.saveFile} />, { wrapper: s.wrapper });
      await act(async () => { await jest.advanceTimersByTimeAsync(1_000); });
      expect(screen.queryByRole('status')).toBeNull();
      s.api.status.mockResolvedValue([{ ...flow('lead-energia'), lastImport: done('imp-new', 'dropped.csv') }]);
      await act(async () => { await jest.advanceTimersByTimeAsync(FLOW_STATUS_POLL_MS + PROGRESS_POLL_MS + 100); });
      const progress = screen.getByRole('status');
      expect(progress).toHaveTextContent('Import of dropped.csv');
      expect(progress).toHaveTextContent('Import finished: 14 loaded, 7 rejected, 0 already loaded, of 21 rows');
    } finally {
      jest.useRealTimers();
    }
  });

  it('says why a flow failed and why its import failed in the user\'s language, from the problem the server keeps', async () => {
    const s = setup();
    localStorage.setItem(STORAGE_KEYS.language, 'it-IT');
    const i18n = createI18nWithScreens(localStorage);
    const header = { code: 'header' as const, expected: ['RIFERIMENTO', 'NOME'], found: ['ID', 'NAME'] };
    const failedImport: FlowImport = {
      id: 'imp-7', flowId: 'lead-energia', flowName: 'Flow lead-energia', fileName: 'wrong.csv', source: 'folder', status: 'failed', rowsRead: 0, loaded: 0, rejected: 0,
      skipped: 0, error: "the header is not the flow's: expected RIFERIMENTO;NOME, found ID;NAME", problem: header,
      createdAt: '2026-11-28T08:00:00.000Z', startedAt: '2026-11-28T08:00:00.000Z', finishedAt: null, rejectedFileId: null, reloadOf: null,
    };
    s.api.status.mockResolvedValue([
      { ...flow('lead-energia'), failed: true, failure: "wrong.csv: the header is not the flow's: expected RIFERIMENTO;NOME, found ID;NAME", failureProblem: { ...header, fileName: 'wrong.csv' }, lastImport: { ...failedImport, status: 'running' } },
      // A failure recorded before problems were kept: its words as the server wrote them.
      { ...flow('contatti-minimo'), failed: true, failure: 'old.csv: the file is not text: a flow reads CSV files' },
    ]);
    s.api.importProgress.mockResolvedValue({ ...failedImport, finishedAt: '2026-11-28T08:00:01.000Z' });
    render(<I18nextProvider i18n={i18n}><Harness api={s.api} saveFile={s.saveFile} /></I18nextProvider>, { wrapper: s.wrapper });
    const list = await screen.findByRole('table', { name: 'Elenco flussi' });
    const row = await waitFor(() => within(list).getByText(/wrong\.csv:/));
    expect(row).toHaveTextContent("wrong.csv: L'intestazione non è quella del flusso: attesa RIFERIMENTO;NOME, trovata ID;NAME");
    expect(within(list).getByText('old.csv: the file is not text: a flow reads CSV files')).toBeInTheDocument();
    const progress = await screen.findByRole('status');
    await waitFor(() => expect(progress).toHaveTextContent("Importazione fallita: L'intestazione non è quella del flusso: attesa RIFERIMENTO;NOME, trovata ID;NAME"), { timeout: 3_000 });
  });

  it('a failed first load of the flow list says so with Retry, not that there are no flows', async () => {
    const s = setup();
    s.api.status.mockRejectedValueOnce(new ApiRequestError({ kind: 'network', status: null, message: 'down', errors: [], requestText: 'GET /api/cntmng/flow/status', handled: true }));
    render(<Harness api={s.api} saveFile={s.saveFile} />, { wrapper: s.wrapper });
    expect(screen.queryByText('No flows')).toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The flow list could not be loaded');
    expect(screen.queryByText('No flows')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const list = await screen.findByRole('table', { name: 'Flow list' });
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the flow list is loading until it comes; "No flows" only for an empty answer', async () => {
    const s = setup();
    let answer: (flows: Flow[]) => void = () => undefined;
    s.api.status.mockImplementationOnce(() => new Promise<Flow[]>((resolve) => { answer = resolve; }));
    render(<Harness api={s.api} saveFile={s.saveFile} />, { wrapper: s.wrapper });
    expect(screen.getByText('Loading the flows…')).toBeInTheDocument();
    expect(screen.queryByText('No flows')).toBeNull();
    await act(async () => { answer([]); });
    expect(await screen.findByText('No flows')).toBeInTheDocument();
  });

  it('an upload on its way keeps its button busy, and the same file picked again is not sent twice', async () => {
    const s = setup();
    let answer: (started: FlowImport) => void = () => undefined;
    s.api.upload.mockImplementation(() => new Promise<FlowImport>((resolve) => { answer = resolve; }));
    render(<Harness api={s.api} saveFile={s.saveFile} />, { wrapper: s.wrapper });
    const input = await screen.findByTestId('upload-lead-energia');
    const file = new File(['RIFERIMENTO;NOME\r\nX-1;Anna\r\n'], 'leads.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(s.api.upload).toHaveBeenCalledTimes(1));
    const row = (input.closest('tr') as HTMLElement);
    expect(within(row).getByRole('button', { name: /Upload a file/ })).toBeDisabled();
    fireEvent.change(input, { target: { files: [file] } });
    await act(async () => { await Promise.resolve(); });
    expect(s.api.upload).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer({
        id: 'imp-1', flowId: 'lead-energia', flowName: 'Flow lead-energia', fileName: 'leads.csv', source: 'upload', status: 'done', rowsRead: 1, loaded: 1, rejected: 0,
        skipped: 0, error: null, problem: null, createdAt: '2026-11-28T08:00:00.000Z', startedAt: '2026-11-28T08:00:00.000Z', finishedAt: '2026-11-28T08:00:01.000Z', rejectedFileId: null, reloadOf: null,
      });
    });
    await waitFor(() => expect(within(row).getByRole('button', { name: /Upload a file/ })).toBeEnabled());
  });

  it('says in the user\'s language that a flow was disabled meanwhile, and reads the flow list again', async () => {
    const s = setup();
    s.api.upload.mockRejectedValue(new ApiRequestError({ kind: 'errors', status: 409, message: 'Flow lead-energia is disabled: enable it to load files', errors: [{ field: '', message: 'Flow lead-energia is disabled: enable it to load files' }], requestText: 'POST /api/cntmng/flow/lead-energia/upload', handled: false }));
    const hook = renderHook(() => useFlowsController({ api: s.api, saveFile: s.saveFile }), { wrapper: s.wrapper });
    await waitFor(() => expect(hook.result.current.flows.all).toHaveLength(2));
    const calls = s.api.status.mock.calls.length;
    await act(async () => { await hook.result.current.flows.upload(flow('lead-energia'), new File(['RIFERIMENTO;NOME\r\nX-1;Anna\r\n'], 'leads.csv', { type: 'text/csv' })); });
    expect(s.toasts.show).toHaveBeenCalledWith({ intent: 'danger', heading: 'Upload failed', message: 'Flow Flow lead-energia is disabled: enable it to load files' });
    expect(s.api.status.mock.calls.length).toBeGreaterThan(calls);
  });

  it('shows the rejected files of the flow chosen last, whichever answer comes first', async () => {
    const s = setup();
    let answerA: (files: RejectedFile[]) => void = () => undefined;
    s.api.rejectedFiles.mockImplementation((flowId: string) => (flowId === 'lead-energia' ? new Promise<RejectedFile[]>((resolve) => { answerA = resolve; }) : Promise.resolve([{ ...rejected, id: 'r-b', name: 'minimo_scarti.csv' }])));
    render(<Harness api={s.api} saveFile={s.saveFile} />, { wrapper: s.wrapper });
    const chooser = await screen.findByRole('combobox', { name: 'Flow' });
    await waitFor(() => expect(within(chooser).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(chooser, { target: { value: 'lead-energia' } });
    fireEvent.change(chooser, { target: { value: 'contatti-minimo' } });
    await screen.findByText('minimo_scarti.csv');
    await act(async () => { answerA([rejected]); await Promise.resolve(); });
    expect(screen.queryByText('leads_scarti.csv')).toBeNull();
    expect(screen.getByText('minimo_scarti.csv')).toBeInTheDocument();
  });

  it('opens with its four panels open, each heading a button that says so', async () => {
    const s = setup();
    render(<Harness api={s.api} saveFile={s.saveFile} />, { wrapper: s.wrapper });
    for (const title of ['Search by reference', 'Advanced search by file name', 'Flow list', 'Rejected files']) {
      expect(within(screen.getByRole('heading', { name: title })).getByRole('button', { name: title })).toHaveAttribute('aria-expanded', 'true');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Flow list' }));
    expect(screen.getByRole('button', { name: 'Flow list' })).toHaveAttribute('aria-expanded', 'false');
    await screen.findByRole('table', { name: 'Flow list', hidden: true });
  });

  it('refuses a file over the flow\'s size limit before sending it, with the spec\'s message; a reload too', async () => {
    const s = setup();
    s.api.status.mockResolvedValue([{ ...flow('lead-energia'), maxFileSize: 1_000_000 }]);
    const hook = renderHook(() => useFlowsController({ api: s.api, saveFile: s.saveFile }), { wrapper: s.wrapper });
    await waitFor(() => expect(hook.result.current.flows.all).toHaveLength(1));
    const big = new File(['x'.repeat(1_000_001)], 'leads.csv', { type: 'text/csv' });
    await act(async () => { await hook.result.current.flows.upload(hook.result.current.flows.all[0], big); });
    expect(s.api.upload).not.toHaveBeenCalled();
    expect(s.toasts.show).toHaveBeenCalledWith({ intent: 'danger', heading: 'Upload failed', message: 'THE FILE EXCEEDS THE SIZE LIMIT OF 1 MB' });
    act(() => hook.result.current.rejected.choose('lead-energia'));
    await waitFor(() => expect(s.api.rejectedFiles).toHaveBeenCalledWith('lead-energia'));
    await act(async () => { await hook.result.current.rejected.reload(rejected, big); });
    expect(s.api.reload).not.toHaveBeenCalled();
    expect(s.toasts.show).toHaveBeenCalledTimes(2);
  });

  it('asks for the reasons of the rows found by reference in the user\'s language', async () => {
    const s = setup();
    const hook = renderHook(() => useFlowsController({ api: s.api, saveFile: s.saveFile }), { wrapper: s.wrapper });
    act(() => hook.result.current.refs.setDraft('LE-2026-1004'));
    act(() => hook.result.current.refs.add());
    await act(async () => { await hook.result.current.refs.search(); });
    expect(s.api.searchByRefs).toHaveBeenCalledWith(expect.objectContaining({ refs: ['LE-2026-1004'], language: 'en-US' }));
  });

  describe('search by reference', () => {
    const row = (ref: string, TIPO: ReferenceRow['TIPO'], line: number): ReferenceRow => ({
      RIFERIMENTO: ref, 'NOME FILE': 'leads.csv', 'DATA/ORA': '21/11/2026 10:00:00', TIPO, flowId: 'lead-energia', flowName: 'Lead', importId: `i-${line}`, line, contactId: null, reasons: null,
    });
    const search = async (s: ReturnType<typeof setup>, refs: string, answer: ReferenceRow[], labels = { reference: 'Reference', add: 'Add', search: 'Search' }) => {
      s.api.searchByRefs.mockResolvedValueOnce(answer);
      render(<Harness api={s.api} saveFile={s.saveFile} />, { wrapper: s.wrapper });
      fireEvent.change(screen.getByRole('textbox', { name: labels.reference }), { target: { value: refs } });
      fireEvent.click(screen.getByRole('button', { name: labels.add }));
      fireEvent.click(screen.getAllByRole('button', { name: labels.search })[0]);
      await waitFor(() => expect(s.api.searchByRefs).toHaveBeenCalled());
    };
    const answer = [row('LE-1', 'CARICATO', 2), row('LE-1', 'GIÀ CARICATO', 3), row('LE-2', 'SCARTATO', 4)];

    it('says each row\'s TIPO in the user\'s language, and which references no file row has', async () => {
      const s = setup();
      await search(s, 'LE-1 NOPE-1 LE-2 NOPE-2', answer);
      const table = await screen.findByRole('table', { name: 'Search by reference' });
      const types = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[3].textContent);
      expect(types).toEqual(['LOADED', 'ALREADY LOADED', 'REJECTED']);
      expect(screen.getByText('No rows for: NOPE-1, NOPE-2')).toBeTruthy();
      expect(screen.queryByText(/CARICATO|SCARTATO/)).toBeNull();
    });

    it('keeps the spec\'s Italian words on an Italian page', async () => {
      const s = setup('it-IT');
      await search(s, 'LE-1 NOPE-1 LE-2', answer, { reference: 'Riferimento', add: 'Aggiungi', search: 'Cerca' });
      const table = await screen.findByRole('table', { name: 'Ricerca riferimento' });
      const types = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[3].textContent);
      expect(types).toEqual(['CARICATO', 'GIÀ CARICATO', 'SCARTATO']);
      expect(screen.getByText('Nessun risultato per: NOPE-1')).toBeTruthy();
    });

    it('says so when no reference has a row: no table, and no list of the missing ones', async () => {
      const s = setup();
      await search(s, 'NOPE-1', []);
      expect(await screen.findByText('No file row has these references')).toBeTruthy();
      expect(screen.queryByRole('table', { name: 'Search by reference' })).toBeNull();
      expect(screen.queryByText(/No rows for/)).toBeNull();
    });

    it('names no reference when every one has a row', async () => {
      const s = setup();
      await search(s, 'LE-1 LE-2', answer);
      await screen.findByRole('table', { name: 'Search by reference' });
      expect(screen.queryByText(/No rows for/)).toBeNull();
    });
  });

  it('saves a rejected file through the shared download, under the server\'s name, with its bytes', async () => {
    const s = setup();
    const hook = renderHook(() => useFlowsController({ api: s.api, saveFile: s.saveFile }), { wrapper: s.wrapper });
    await act(async () => {
      await hook.result.current.rejected.download(rejected);
    });
    expect(s.api.downloadRejected).toHaveBeenCalledWith('r-1', 'en-US');
    expect(s.saveFile).toHaveBeenCalledTimes(1);
    const [file] = s.saveFile.mock.calls[0];
    expect(file.filename).toBe('leads_scarti.csv');
    expect(file.blob.type).toBe('text/csv');
    expect(await textOf(file.blob)).toBe(CSV);
    expect(file.bytes).toBe(Buffer.byteLength(CSV));
  });
});
