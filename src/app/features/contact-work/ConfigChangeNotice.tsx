import { Button, Callout, Intent } from '@blueprintjs/core';
import { CrossIcon, RefreshIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { lostValueText, type ConfigNotice } from './config-follow';

/**
 * The configuration changed under an open contact form: said without blocking the agent, with every value typed into
 * a field the new version no longer has, so it can be copied elsewhere before it is gone.
 */
export function ConfigChangeNotice({ notice, onDismiss }: { notice: ConfigNotice | null; onDismiss(): void }) {
  const { t } = useTranslation();
  if (!notice) return null;
  const lost = notice.lost;
  return (
    <Callout intent={lost.length ? Intent.WARNING : Intent.PRIMARY} icon={<RefreshIcon />} role="status" aria-label={t('configChange.title')} className="cm-config-notice" title={t('configChange.title')}>
      <p>{t('configChange.formUpdated')}</p>
      {lost.length ? (
        <>
          <p>{t('configChange.lostIntro')}</p>
          <ul className="cm-config-notice__lost">
            {lost.map((l) => <li key={`${l.section}/${l.name}`}><strong>{l.label}</strong>: {lostValueText(l.value)}</li>)}
          </ul>
        </>
      ) : null}
      <Button size="small" variant="minimal" icon={<CrossIcon />} text={t('configChange.dismiss')} onClick={onDismiss} />
    </Callout>
  );
}
