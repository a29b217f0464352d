import { Button, Card, Tag } from '@blueprintjs/core';
import { ChevronDown, ChevronUp } from '@blueprintjs/icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KpiData } from '@domain/api/contacts';
import { BREAKPOINTS } from '@domain/constants';
import { KPI_STANDARD_LABELS, type KpiStandardName } from '@domain/availability';
import { useMediaQuery } from '../../shell/use-media-query';

const STANDARD_NAMES = new Map(Object.entries(KPI_STANDARD_LABELS).map(([name, label]) => [label as string, name as KpiStandardName]));

/** What an agent looks at first: the work waiting, the work under way, and how much there is in all. */
const SUMMARY: readonly KpiStandardName[] = ['toProcess', 'processing', 'total'];

interface KpiEntry { key: string; label: string; value: number; custom: boolean; standard?: KpiStandardName }

/** The figures a narrow screen shows before its "All figures" button: the SUMMARY ones it has, else the first three. */
export const kpiSummary = <T extends { standard?: KpiStandardName }>(entries: readonly T[]): T[] => {
  const chosen = SUMMARY.flatMap((name) => entries.filter((entry) => entry.standard === name));
  return chosen.length ? chosen : entries.slice(0, SUMMARY.length);
};

const KpiList = ({ entries, locale, id, label }: { entries: readonly KpiEntry[]; locale: string; id?: string; label: string }) => (
  <ul id={id} className="cm-kpi" aria-label={label}>
    {entries.map(({ key, label: text, value, custom }) => (
      <li key={`${custom ? 'c' : 's'}:${key}`}>
        <Card compact className={custom ? 'cm-kpi__item cm-kpi__item--custom' : 'cm-kpi__item'}>
          <span className="cm-kpi__label">{text}</span>
          <Tag minimal large round intent={custom ? 'primary' : 'none'} className="cm-kpi__value">{value.toLocaleString(locale)}</Tag>
        </Card>
      </li>
    ))}
  </ul>
);

/**
 * The KPI strip (spec 2 §2.2): the standard map, then the custom one, label over value. Under 768 px its fourteen or
 * so tiles would fill the first screen before any contact: it shows the summary figures, and a disclosure button
 * (aria-expanded) opens every figure in place.
 */
export const KpiStrip = ({ kpi, locale }: { kpi: KpiData | null; locale: string }) => {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.tablet - 1}px)`);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!kpi) return <div className="cm-kpi cm-kpi--loading" aria-label={t('contactsList.kpi')} aria-busy="true" />;
  // Standard figures are product text, in the user's language; custom ones carry the workspace's own labels.
  const entries: KpiEntry[] = [
    ...Object.entries(kpi.standard).map(([label, value]) => {
      const standard = STANDARD_NAMES.get(label);
      return { key: label, label: standard ? t(`contactsList.kpiLabels.${standard}`) : label, value, custom: false, standard };
    }),
    ...Object.entries(kpi.custom).map(([label, value]) => ({ key: label, label, value, custom: true })),
  ];
  const summary = kpiSummary(entries);
  if (!narrow || summary.length >= entries.length) return <KpiList entries={entries} locale={locale} label={t('contactsList.kpi')} />;
  return (
    <div className={open ? 'cm-kpi-compact cm-kpi-compact--open' : 'cm-kpi-compact'}>
      <KpiList entries={open ? entries : summary} locale={locale} id={id} label={t('contactsList.kpi')} />
      <Button variant="minimal" size="small" className="cm-kpi-compact__toggle" endIcon={open ? <ChevronUp /> : <ChevronDown />}
        aria-expanded={open} aria-controls={id} text={t('contactsList.kpiAll', { n: entries.length })} onClick={() => setOpen((o) => !o)} />
    </div>
  );
};
