import { Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { KpiData } from '@domain/api/contacts';
import { KPI_STANDARD_LABELS, type KpiStandardName } from '@domain/availability';

const STANDARD_NAMES = new Map(Object.entries(KPI_STANDARD_LABELS).map(([name, label]) => [label as string, name as KpiStandardName]));

/** The KPI strip (spec 2 §2.2): the standard map, then the custom one, label over value. */
export const KpiStrip = ({ kpi, locale }: { kpi: KpiData | null; locale: string }) => {
  const { t } = useTranslation();
  if (!kpi) return <div className="cm-kpi cm-kpi--loading" aria-label={t('contactsList.kpi')} aria-busy="true" />;
  // Standard figures are product text, in the user's language; custom ones carry the workspace's own labels.
  const standardLabel = (label: string) => {
    const name = STANDARD_NAMES.get(label);
    return name ? t(`contactsList.kpiLabels.${name}`) : label;
  };
  const entries = [...Object.entries(kpi.standard).map(([label, value]) => ({ key: label, label: standardLabel(label), value, custom: false })), ...Object.entries(kpi.custom).map(([label, value]) => ({ key: label, label, value, custom: true }))];
  return (
    <ul className="cm-kpi" aria-label={t('contactsList.kpi')}>
      {entries.map(({ key, label, value, custom }) => (
        <li key={`${custom ? 'c' : 's'}:${key}`}>
          <Card compact className={custom ? 'cm-kpi__item cm-kpi__item--custom' : 'cm-kpi__item'}>
            <span className="cm-kpi__label">{label}</span>
            <Tag minimal large round intent={custom ? 'primary' : 'none'} className="cm-kpi__value">{value.toLocaleString(locale)}</Tag>
          </Card>
        </li>
      ))}
    </ul>
  );
};
