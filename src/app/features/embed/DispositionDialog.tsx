import { Button, Callout, Classes, FormGroup, Spinner, TextArea } from '@blueprintjs/core';
import { AppDialog } from '../../ui/AppDialog';
import { useTranslation } from 'react-i18next';
import type { DispositionLevel } from '@domain/api/embed';
import type { DispositionController } from './use-disposition-controller';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';
import { AppButton } from '../../ui/AppButton';

const LEVEL_LABEL: Record<DispositionLevel, 'embed.disposition.level1' | 'embed.disposition.level2' | 'embed.disposition.level3'> = {
  l1: 'embed.disposition.level1', l2: 'embed.disposition.level2', l3: 'embed.disposition.level3',
};

/** The disposition dialog of spec 2 §2.7: a view over useDispositionController only. */
export const DispositionDialog = ({ isOpen, onClose, d }: { isOpen: boolean; onClose(): void; d: DispositionController }) => {
  const { t } = useTranslation();
  return (
    <AppDialog isOpen={isOpen} onClose={onClose} title={t('embed.disposition.title')} className="cm-disposition-dialog">
      <div className={Classes.DIALOG_BODY}>
        {d.status === 'loading' ? <Spinner size={24} aria-label={t('embed.disposition.loading')} /> : null}
        {d.status === 'error' ? <Callout intent="danger" title={t('embed.disposition.loadFailed')}>{d.error}</Callout> : null}
        {d.status === 'ready' ? (
          <>
            {d.levels.map((view) => {
              const id = `cm-disposition-${view.level}`;
              return (
                <FormGroup key={view.level} label={t(LEVEL_LABEL[view.level])} labelFor={id} labelInfo={view.level === 'l1' ? '*' : undefined}>
                  <PlainSelect
                    id={id}
                    fill
                    value={view.value}
                    onChange={(event) => d.choose(view.level, event.currentTarget.value)}
                    options={[{ value: '', label: t('embed.disposition.choose') }, ...view.options.map((node) => ({ value: node.value, label: node.label }))]}
                  />
                </FormGroup>
              );
            })}
            <FormGroup label={t('embed.disposition.notes')} labelFor="cm-disposition-notes">
              <TextArea id="cm-disposition-notes" fill rows={3} maxLength={2000} value={d.comment} onChange={(event) => d.setComment(event.currentTarget.value)} />
            </FormGroup>
            {d.error ? <Callout intent="danger" compact role="alert">{d.error}</Callout> : null}
          </>
        ) : null}
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button text={t('embed.disposition.cancel')} onClick={onClose} />
          <AppButton intent="primary" text={t('embed.disposition.save')} disabled={!d.canSave} loading={d.saving} onClick={() => void d.save()} />
        </div>
      </div>
    </AppDialog>
  );
};
