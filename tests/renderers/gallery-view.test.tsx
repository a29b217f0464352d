import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18nWithScreens } from '../app/support/i18n';
import type { FixtureSource } from '@app/features/gallery/gallery-types';
import { GalleryView } from '@app/features/gallery/GalleryView';
import { useGalleryController } from '@app/features/gallery/use-gallery-controller';
import { fixture, SLUGS } from './support';

const source: FixtureSource = {
  listSlugs: async () => [...SLUGS].filter((s) => s !== 'campagna-grande').sort(),
  load: async (slug) => { const f = fixture(slug as (typeof SLUGS)[number]); return { slug, workspace: f.workspace, model: f.model, contacts: f.contacts, enums: f.enums }; },
};

function Gallery() {
  const [i18n] = useState(() => createI18nWithScreens(localStorage));
  return <I18nextProvider i18n={i18n}><GalleryView c={useGalleryController(source, { slug: 'sinistri-auto' })} /></I18nextProvider>;
}


// Blueprint icons and enum answers arrive asynchronously: let them settle inside act before the next test.
afterEach(async () => { await act(async () => { await new Promise((r) => setTimeout(r, 20)); }); });
describe('fixture gallery', () => {
  it('renders the forms with panel titles from visualConfigs, MEDIA for attachments, the list and its filters', async () => {
    render(<Gallery />);
    const inputs = await screen.findByRole('region', { name: 'DATI SINISTRO' });
    const sample = fixture('sinistri-auto').contacts[0];
    expect(within(inputs).getByRole('region', { name: 'Sinistro' })).toBeInTheDocument();
    expect(within(inputs).getByRole('textbox', { name: 'Numero sinistro' })).toHaveTextContent(String(sample.inputs.numeroSinistro));
    expect(screen.getByRole('region', { name: 'ISTRUTTORIA' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'FOTO E DOCUMENTI' })).getByRole('group', { name: 'Foto dei danni' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Disponibilità');
    expect(screen.getByRole('search')).toBeInTheDocument();
  });

  it('switches view, role and fixture', async () => {
    render(<Gallery />);
    await screen.findByRole('region', { name: 'DATI SINISTRO' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Vista' }), { target: { value: 'edit' } });
    await waitFor(() => expect(screen.getByRole('heading', { name: /edit \/ admin/ })).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Numero sinistro' })).toHaveAttribute('aria-readonly', 'true');
    expect(screen.getByRole('textbox', { name: 'Targa' }).tagName).toBe('INPUT');
    fireEvent.change(screen.getByRole('combobox', { name: 'Ruolo' }), { target: { value: 'basic' } });
    await waitFor(() => expect(screen.getByRole('heading', { name: /edit \/ basic/ })).toBeInTheDocument());
    fireEvent.change(screen.getByRole('combobox', { name: 'Fixture' }), { target: { value: 'energia-casa' } });
    expect(await screen.findByRole('region', { name: 'DATI CLIENTE' })).toBeInTheDocument();
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    expect(screen.getByRole('region', { name: 'COPIONE' })).toHaveTextContent(/^Buongiorno /);
  });
});
