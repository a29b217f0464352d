import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18nWithScreens } from './support/i18n';
import { ConfigPreview } from '@app/ui/config-preview/ConfigPreview';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { fixture } from '../renderers/support';

type Doc = Record<string, unknown>;

function Harness({ workspace, dataModel }: { workspace: Doc | null; dataModel: Doc | null }) {
  const [i18n] = useState(() => createI18nWithScreens(localStorage));
  return <I18nextProvider i18n={i18n}><ConfigPreview workspace={workspace} dataModel={dataModel} /></I18nextProvider>;
}

const docs = (slug: 'sinistri-auto' | 'sms-promo') => {
  const f = fixture(slug);
  return { workspace: structuredClone(f.workspace) as unknown as Doc, dataModel: structuredClone(f.model) as unknown as Doc };
};

const pick = (name: string, value: string) => fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });
// Blueprint icons and enum answers arrive asynchronously: let them settle inside act.
const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 20)); });

beforeEach(() => { localStorage.setItem(STORAGE_KEYS.language, 'en-US'); });
afterEach(settle);

describe('ConfigPreview', () => {
  it('says the preview waits for a valid draft before there is one', async () => {
    render(<Harness workspace={null} dataModel={null} />);
    expect(screen.getByText('The preview appears once the draft is valid')).toBeInTheDocument();
  });

  it('renders the workspace in each view for a role with the labels of the data model', async () => {
    const { workspace, dataModel } = docs('sinistri-auto');
    render(<Harness workspace={workspace} dataModel={dataModel} />);
    const preview = screen.getByRole('region', { name: 'Preview' });
    pick('Role', 'team-leader');
    for (const view of ['show', 'edit', 'create', 'sms']) {
      pick('View', view);
      const inputs = await within(preview).findByRole('region', { name: 'DATI SINISTRO' });
      expect(within(inputs).getByRole('region', { name: 'Sinistro' })).toBeInTheDocument();
      expect(within(inputs).getByRole('textbox', { name: 'Numero sinistro' })).toBeInTheDocument();
    }
    pick('View', 'show');
    // The sample contact's values follow the data model: this one matches the field's dataRegex.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Numero sinistro' })).toHaveTextContent(/^SX-\d{4}-\d{6}$/));
    pick('View', 'list');
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(expect.arrayContaining(['Numero sinistro', 'Targa'])));
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    pick('View', 'filters');
    expect(await screen.findByRole('search')).toBeInTheDocument();
    expect(screen.queryAllByRole('columnheader')).toHaveLength(0);
  });

  it('shows the SMS templates of the workspace filled with the sample contact', async () => {
    const { workspace, dataModel } = docs('sms-promo');
    render(<Harness workspace={workspace} dataModel={dataModel} />);
    pick('View', 'sms');
    const text = await screen.findByRole('textbox', { name: 'SMS text' });
    expect((text as HTMLTextAreaElement).value).toMatch(/^Ciao \S+, il tuo buono [A-Z0-9]{8} da \d+ euro/);
    pick('SMS template', 'promo-promemoria');
    expect((screen.getByRole('textbox', { name: 'SMS text' }) as HTMLTextAreaElement).value).toMatch(/ricorda: il buono \S+ scade il \d\d\/\d\d\/\d{4}!$/);
  });

  it('keeps the last valid preview while the next draft does not translate, then follows the next valid one', async () => {
    const { workspace, dataModel } = docs('sinistri-auto');
    const view = render(<Harness workspace={workspace} dataModel={dataModel} />);
    expect(await screen.findByRole('textbox', { name: 'Numero sinistro' })).toBeInTheDocument();

    const broken = structuredClone(workspace) as { groupsInputs: Array<{ fields: string[] }> };
    broken.groupsInputs[0].fields.push('nonEsiste');
    view.rerender(<Harness workspace={broken as unknown as Doc} dataModel={dataModel} />);
    expect(await screen.findByRole('status')).toHaveTextContent(/the last valid preview is shown/);
    expect(screen.getByRole('textbox', { name: 'Numero sinistro' })).toBeInTheDocument();
    // Another view or role of the invalid draft still shows the last valid one.
    pick('View', 'create');
    expect(await screen.findByRole('textbox', { name: 'Numero sinistro' })).toBeInTheDocument();

    const relabelled = structuredClone(dataModel) as { model: Record<string, { label: string }> };
    relabelled.model.numeroSinistro.label = 'Numero pratica';
    view.rerender(<Harness workspace={workspace} dataModel={relabelled as unknown as Doc} />);
    expect(await screen.findByRole('textbox', { name: 'Numero pratica' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('survives a draft the translator throws on', async () => {
    const { workspace, dataModel } = docs('sinistri-auto');
    const view = render(<Harness workspace={workspace} dataModel={dataModel} />);
    expect(await screen.findByRole('textbox', { name: 'Numero sinistro' })).toBeInTheDocument();
    const hostile = new Proxy({}, { get: () => { throw new Error('boom'); }, ownKeys: () => { throw new Error('boom'); } });
    view.rerender(<Harness workspace={hostile as Doc} dataModel={dataModel} />);
    expect(await screen.findByRole('status')).toHaveTextContent(/boom/);
    expect(screen.getByRole('textbox', { name: 'Numero sinistro' })).toBeInTheDocument();
  });
});
