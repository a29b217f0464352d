import { Button, Callout, Intent } from '@blueprintjs/core';
import { CrossIcon, PeopleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { ChangedMeanwhile } from './contact-forms';

/**
 * After a 409: what someone else saved while the user worked, so that the next save overwrites nothing unknowingly.
 * The fields both changed come first, with both values (the user's is on the form, marked); then the fields only the
 * other person changed, whose new values the form already shows.
 */
export function ChangedMeanwhileNotice({ fields, onDismiss }: { fields: readonly ChangedMeanwhile[]; onDismiss(): void }) {
  const { t } = useTranslation();
  if (!fields.length) return null;
  const shown = (value: string | null) => value ?? t('contactWork.changedMeanwhile.empty');
  const both = fields.filter((f) => f.yours !== undefined);
  const theirs = fields.filter((f) => f.yours === undefined);
  return (
    <Callout intent={Intent.WARNING} icon={<PeopleIcon />} role="status" className="cm-changed-meanwhile" title={t('contactWork.changedMeanwhile.title')}>
      {both.length ? (
        <>
          <p>{t('contactWork.changedMeanwhile.bothIntro')}</p>
          <ul className="cm-changed-meanwhile__both">
            {both.map((f) => (
              <li key={`${f.section}/${f.name}`}>
                <strong>{f.label}</strong>: {t('contactWork.changedMeanwhile.theirsAndYours', { theirs: shown(f.theirs), yours: shown(f.yours ?? null) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {theirs.length ? (
        <>
          <p>{t('contactWork.changedMeanwhile.theirsIntro')}</p>
          <ul className="cm-changed-meanwhile__theirs">
            {theirs.map((f) => <li key={`${f.section}/${f.name}`}><strong>{f.label}</strong>: {shown(f.theirs)}</li>)}
          </ul>
        </>
      ) : null}
      <Button size="small" variant="minimal" icon={<CrossIcon />} text={t('contactWork.changedMeanwhile.dismiss')} onClick={onDismiss} />
    </Callout>
  );
}
