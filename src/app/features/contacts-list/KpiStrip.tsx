import { Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { KpiData } from '../../../domain/api/contacts';

/** The KPI strip (spec 2 §2.2): the standard map, then the custom one, label over value. */
export const KpiStrip = ({ kpi, locale }: { kpi: KpiData | null; locale: string }) => {
  const { t } = useTranslation();
  if (!kpi) return <div className="cm-kpi cm-kpi--loading" aria-label={t('contactsList.kpi')} aria-busy="true" />;
  const entries = [...Object.entries(kpi.standard).map(([label, value]) => ({ label, value, custom: false })), ...Object.entries(kpi.custom).map(([label, value]) => ({ label, value, custom: true }))];
  return (
    <ul className="cm-kpi" aria-label={t('contactsList.kpi')}>
      {entries.map(({ label, value, custom }) => (
        <li key={`${custom ? 'c' : 's'}:${label}`}>
          <Card compact className={custom ? 'cm-kpi__item cm-kpi__item--custom' : 'cm-kpi__item'}>
            <span className="cm-kpi__label">{label}</span>
            <Tag minimal large round intent={custom ? 'primary' : 'none'} className="cm-kpi__value">{value.toLocaleString(locale)}</Tag>
          </Card>
        </li>
      ))}
    </ul>
  );
};
