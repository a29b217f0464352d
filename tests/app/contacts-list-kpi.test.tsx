import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { KpiStrip, kpiSummary } from '@app/features/contacts-list/KpiStrip';
import type { KpiData } from '@domain/api/contacts';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18nWithScreens } from './support/i18n';
import { setViewportWidth } from './support/render-app';

/**
 * The KPI strip under 768 px: its fourteen or so tiles would fill a phone's first screen, so it shows the summary
 * (to process, in progress, total) and a disclosure button opens every figure; nothing is lost.
 */
const KPI: KpiData = {
  standard: { 'Da Lavorare': 56, 'In Attesa': 14, 'In Lavorazione': 99, 'Chiusi Oggi': 4, Sospesi: 9, 'Non lavorabili': 15, Totale: 240 },
  custom: { Nuovo: 103, 'Contratto firmato': 15, 'Appuntamento fissato': 17, 'Non risponde': 30, 'Da richiamare': 19, 'Numero errato': 27, 'Non interessato': 29 },
};

const renderStrip = (language: string, kpi: KpiData = KPI) => {
  localStorage.setItem(STORAGE_KEYS.language, language);
  render(<I18nextProvider i18n={createI18nWithScreens(localStorage)}><KpiStrip kpi={kpi} locale={language} /></I18nextProvider>);
};

const figures = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem').map((item) => item.textContent);

afterEach(() => localStorage.clear());

it('at 390 px: the three summary figures, then "Tutti gli indicatori (14)" opens all fourteen in place and closes them', async () => {
  setViewportWidth(390);
  renderStrip('it-IT');
  expect(figures('Indicatori dei contatti')).toEqual(['Da Lavorare56', 'In Lavorazione99', 'Totale240']);
  const toggle = screen.getByRole('button', { name: 'Tutti gli indicatori (14)' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(toggle).toHaveAttribute('aria-controls', screen.getByRole('list', { name: 'Indicatori dei contatti' }).id);
  const ui = userEvent.setup();
  toggle.focus();
  await ui.keyboard('{Enter}');
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(figures('Indicatori dei contatti')).toHaveLength(14);
  expect(figures('Indicatori dei contatti')).toContain('Non interessato29');
  await ui.click(toggle);
  expect(figures('Indicatori dei contatti')).toHaveLength(3);
});

it('from 768 px every figure shows, with no disclosure button', () => {
  setViewportWidth(1280);
  renderStrip('en-GB');
  expect(figures('Contact figures')).toHaveLength(14);
  expect(screen.queryByRole('button')).toBeNull();
});

it('the summary falls back to the first three figures when the standard ones are missing, and needs no button when there are no more', () => {
  expect(kpiSummary([{ standard: undefined, key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }]).map((entry) => entry.key)).toEqual(['a', 'b', 'c']);
  setViewportWidth(390);
  renderStrip('en-GB', { standard: { 'Da Lavorare': 1, 'In Lavorazione': 2, Totale: 3 }, custom: {} });
  expect(figures('Contact figures')).toEqual(['To process1', 'In progress2', 'Total3']);
  expect(screen.queryByRole('button')).toBeNull();
});
