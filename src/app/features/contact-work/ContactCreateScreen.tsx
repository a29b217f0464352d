import { Button, Callout, H2, Intent } from '@blueprintjs/core';
import { AddIcon, ArrowLeftIcon, FloppyDiskIcon, UndoIcon } from '@blueprintjs/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { ContactPanels, type PanelSpec } from '@renderers/layout/ContactPanels/ContactPanels';
import { ConfigChangeNotice } from './ConfigChangeNotice';
import { ContactWorkStyles } from './contact-work-styles';
import { DraftOffer, LeaveConfirm } from './ContactShowScreen';
import { sectionPanels } from './section-panels';
import { useCreateHotkeys } from './use-contact-hotkeys';
import { useContactCreateController, type ContactCreateController, type CreateMode } from './use-contact-create-controller';
import { AppButton } from '../../ui/AppButton';
import { focusFirstInvalidSoon } from '../../shell/hotkeys/focus-moves';

export function ContactCreateView({ c }: { c: ContactCreateController }) {
  const { t } = useTranslation();
  const { forms, formContext, formData, formKey } = c;
  // Cancel and Alt+W ask first when something is typed, as on a contact (leaving drops the form's draft).
  const keys = useCreateHotkeys(c);
  const panels = useMemo<PanelSpec[]>(() => {
    if (!formContext) return [];
    return sectionPanels({ forms, formKey, formData, formContext, handles: c.handles, onFieldChange: c.onFieldChange });
  }, [formContext, forms, formData, formKey, c.onFieldChange]);

  if (!c.allowed) return <Navigate to="/403" replace />;
  const busy = c.saving !== null || c.leaving;
  // A save the form refused lands the focus on the first field to correct.
  const save = (mode: CreateMode) => void c.save(mode).then(() => focusFirstInvalidSoon(() => document.querySelector('.cm-contact-create .cm-panels')));
  return (
    <div className="cm-contact-work cm-contact-create">
      <ContactWorkStyles />
      <header className="cm-contact-work__header"><H2 id="cm-page-title" className="cm-contact-work__title">{t('contactWork.create.title')}</H2></header>
      <DraftOffer c={{ ...c, contact: null }} />
      <ConfigChangeNotice notice={c.configNotice} onDismiss={c.dismissConfigNotice} />
      <ContactPanels panels={panels} locale={c.locale} />
      {c.generalErrors.length ? <Callout intent={Intent.DANGER} role="alert" className="cm-save-errors"><ul>{c.generalErrors.map((m) => <li key={m}>{m}</li>)}</ul></Callout> : null}
      <div className="cm-contact-work__buttons">
        <Button icon={<ArrowLeftIcon />} text={t('contactWork.cancel')} onClick={keys.leave.ask} disabled={busy} />
        {c.embed ? null : <AppButton icon={<AddIcon />} text={t('contactWork.save.andContinue')} loading={c.saving === 'continue'} disabled={busy} onClick={() => save('continue')} />}
        <AppButton intent={Intent.PRIMARY} icon={<FloppyDiskIcon />} text={t('contactWork.save.button')} loading={c.saving === 'save'} disabled={busy} onClick={() => save('save')} />
        <AppButton intent={Intent.PRIMARY} icon={<UndoIcon />} text={t('contactWork.save.andBack')} loading={c.saving === 'back'} disabled={busy} onClick={() => save('back')} />
      </div>
      <LeaveConfirm leave={keys.leave} />
    </div>
  );
}

/** /contacts/create (permission insert, checked by the route), opened from the embed list with `state.embed`. */
export function ContactCreateScreen({ embed = false }: { embed?: boolean }) {
  const fromEmbed = (useLocation().state as { embed?: unknown } | null)?.embed === true;
  const c = useContactCreateController({ embed: embed || fromEmbed });
  return <ContactCreateView c={c} />;
}
