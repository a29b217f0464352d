import { act, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { apiError, signedInBackend, workspace } from './support/fake-backend';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

// The real contact screen inside the embedded entry: what the host page's frame shows for a contact id that does not exist.
const ORIGIN = 'https://cti.example';
const W1 = workspace('w1', { parentOrigin: ORIGIN });
const MISSING = '000000000000000000000000';
const PATH = `/contacts/embed/${MISSING}/camp1/agent/guid-2/3999999999/w1`;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
  const parent = { postMessage: () => undefined };
  Object.defineProperty(window, 'parent', { configurable: true, get: () => parent });
  storeSession('basic', 'agent', W1);
  localStorage.setItem(STORAGE_KEYS.dataModel, JSON.stringify({ id: 'dm-w1', model: {}, outputs: {}, modelContactProperty: 'telefono' }));
});

describe('embedded entry with a contact id that does not exist', () => {
  it.each([
    ['it-IT', 'Il contatto 000000000000000000000000 non esiste'],
    ['en-GB', 'Contact 000000000000000000000000 does not exist'],
  ])('asks once and says so in the page, with no error toast and no /404 (%s)', async (language, notice) => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const backend = signedInBackend('basic', 'agent', [W1, workspace('w2')]);
      backend.on('GET /api/cntmng/user/workspace/w1', [200, { data: W1 }]);
      backend.on(`GET /api/cntmng/contact/${MISSING}`, apiError(404, `Contact ${MISSING} not found`));
      const app = renderApp(backend, PATH, { language });
      expect(await screen.findByText(notice, {}, { timeout: 5000 })).toBeInTheDocument();
      // The /404 page would go "home" after 2 s, which for an embedded agent is this same entry: a loop.
      await act(async () => { await jest.advanceTimersByTimeAsync(5000); });
      expect(app.path()).toBe(PATH);
      expect(screen.getByText(notice).closest('[role="alert"]')).not.toBeNull();
      expect(backend.called(`GET /api/cntmng/contact/${MISSING}`)).toBe(1);
      expect(screen.queryByText(`Contact ${MISSING} not found`)).toBeNull();
      // the call's disposition can still be set
      expect(screen.getByRole('button', { name: language === 'it-IT' ? 'Imposta esito chiamata' : 'Set disposition' })).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
  });
});
