import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConfigWorkspaceRow } from '@domain/api/workspace-config';
import { signedInBackend } from './support/fake-backend';
import { renderApp, setViewportWidth, storeSession } from './support/render-app';

/**
 * The configuration editor's documents as a screen reader and axe see them. codemirror-json-schema (completion and
 * hover from the schema) loads an ES-only Markdown highlighter jest cannot require: it is left out here, CodeMirror
 * itself is the real one.
 */
jest.mock('codemirror-json-schema', () => ({
  jsonCompletion: () => () => null,
  jsonSchemaHover: () => () => null,
  parseJSONDocumentState: () => ({ data: undefined, pointers: new Map() }),
  stateExtensions: () => [],
}));

const BASE = '/api/cntmng/workspaceconfig/workspaces';
const rows: ConfigWorkspaceRow[] = [
  { id: 'w1', name: 'Workspace w1', dataModelId: 'dm-w1', enabled: true, version: 4, dataModelVersion: 2, publishedAt: '2026-11-25T14:30:00', publishedBy: 'admin' },
];

// CodeMirror measures its text; jsdom's ranges have no layout
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
});

const setup = (path: string) => {
  storeSession('admin');
  const backend = signedInBackend('admin');
  backend.on(`GET ${BASE}`, [200, { data: rows }]);
  renderApp(backend, path);
};

describe('the configuration editor', () => {
  it('each document tab controls the panel that holds its editor, and each editor is in the tab order (axe)', async () => {
    setup('/workspaceconfig');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'New workspace' }));
    await waitFor(() => expect(document.querySelectorAll('[id^="bp6-tab-title_cm-config-editor-documents_"]')).toHaveLength(2), { timeout: 10_000 });
    const documentTabs = [...document.querySelectorAll<HTMLElement>('[id^="bp6-tab-title_cm-config-editor-documents_"]')];
    for (const tab of documentTabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls')!);
      expect(panel).not.toBeNull();
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
      // the CodeMirror editor inside: its editable content tabbable as axe counts it (the scroller itself is not)
      expect(panel!.querySelector('.cm-scroller .cm-content[contenteditable="true"]')).toHaveAttribute('tabindex', '0');
    }
    const [first, second] = documentTabs.map((tab) => document.getElementById(tab.getAttribute('aria-controls')!)!);
    expect(first).toHaveAttribute('aria-hidden', 'false');
    expect(second).toHaveAttribute('aria-hidden', 'true');
    await ui.click(documentTabs[1]);
    await waitFor(() => expect(second).toHaveAttribute('aria-hidden', 'false'));
    expect(first).toHaveAttribute('aria-hidden', 'true');
  });
});
