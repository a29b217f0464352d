import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { EditorProblem } from '@app/features/workspace-config/editor/config-problems';
import { ProblemsPanel } from '@app/features/workspace-config/editor/ProblemsPanel';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';

/**
 * The configuration editor's problems panel: each problem with the line of the text it is at (not only a parse
 * failure), and a click or Enter on it asks the editor to move there.
 */

const problems: EditorProblem[] = [
  { document: 'workspace', pointer: '/states/NUOVO', rule: 'schema:required', message: "Manca la chiave obbligatoria 'label'", severity: 'error', line: 12 },
  { document: 'dataModel', pointer: '', rule: 'json-parse', message: 'JSON non valido', severity: 'error', offset: 40, line: 3, column: 5 },
  { document: 'workspace', pointer: '/viewsConfig/basic', rule: 'role-reaches-no-screen', message: 'Il ruolo basic non può aprire nessuna schermata', severity: 'warning' },
];

const renderPanel = (onSelect = jest.fn()) => {
  localStorage.setItem(STORAGE_KEYS.language, 'it-IT');
  const i18n = createI18nWithScreens(localStorage);
  render(<I18nextProvider i18n={i18n}><ProblemsPanel problems={problems} validating={false} onSelect={onSelect} /></I18nextProvider>);
  return onSelect;
};

describe('ProblemsPanel', () => {
  it('shows the line of a pointer problem beside its pointer, line and column for a parse failure', () => {
    renderPanel();
    const [required, parse, warning] = screen.getAllByRole('button');
    expect(within(required).getByText('riga 12')).toBeInTheDocument();
    expect(within(required).getByText('/states/NUOVO')).toBeInTheDocument();
    expect(required).toHaveAttribute('data-line', '12');
    expect(within(parse).getByText('riga 3, colonna 5')).toBeInTheDocument();
    // each names its document in Italian: the sentence itself does not repeat where it is
    expect(within(required).getByText('Workspace')).toBeInTheDocument();
    expect(within(parse).getByText('Modello dati')).toBeInTheDocument();
    // a problem whose place is unknown shows its pointer alone
    expect(within(warning).queryByText(/^riga/)).toBeNull();
    expect(within(warning).getByText('/viewsConfig/basic')).toBeInTheDocument();
  });

  it('a click or Enter on a problem asks the editor to move to it', async () => {
    const onSelect = renderPanel();
    const user = userEvent.setup();
    const [required, , warning] = screen.getAllByRole('button');
    await user.click(required);
    expect(onSelect).toHaveBeenLastCalledWith(problems[0]);
    warning.focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(problems[2]);
    expect(onSelect).toHaveBeenCalledTimes(2);
  });
});
