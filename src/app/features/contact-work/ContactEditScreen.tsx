import { Button, Callout, Card, FormGroup, H2, Intent, NonIdealState, NumericInput, Tag } from '@blueprintjs/core';
import { ArrowLeftIcon, ErrorIcon, FloppyDiskIcon, InfoSignIcon, LockIcon } from '@blueprintjs/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { translatorFor } from '@renderers/i18n/messages';
import { ContactPanels, type PanelSpec } from '@renderers/layout/ContactPanels/ContactPanels';
import { AvailabilityRibbon } from '@renderers/table/AvailabilityRibbon/AvailabilityRibbon';
import { isContactId } from '../../routes/paths';
import { ConfigChangeNotice } from './ConfigChangeNotice';
import { ContactWorkStyles } from './contact-work-styles';
import { ChangedMeanwhileNotice } from './ChangedMeanwhileNotice';
import { DraftOffer, LeaveConfirm } from './ContactShowScreen';
import { OtherWorkspacePage, useOtherWorkspace } from './OtherWorkspaceGuard';
import { sectionPanels } from './section-panels';
import { useContactHotkeys } from './use-contact-hotkeys';
import { useContactEditController, type ContactEditController } from './use-contact-edit-controller';
import { AppSpinner } from '../../ui/AppSpinner';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';
import { AppButton } from '../../ui/AppButton';
import { AppAlert } from '../../ui/AppAlert';

export function ContactEditView({ c }: { c: ContactEditController }) {
  const { t } = useTranslation();
  const { contact, forms, formContext, formData, formKey } = c;
  const otherWorkspace = useOtherWorkspace(contact?.workspaceId);
  const keys = useContactHotkeys(c, { picker: false, takeNext: false, release: false });
  const panels = useMemo<PanelSpec[]>(() => {
    if (!formContext) return [];
    return sectionPanels({ forms, formKey, formData, formContext, handles: c.handles, onFieldChange: c.onFieldChange });
  }, [formContext, forms, formData, formKey, c.onFieldChange]);

  if (c.status === 'loading') return <NonIdealState icon={<AppSpinner />} title={t('contactWork.loading')} />;
  if (c.status === 'error' || !contact) return <NonIdealState icon={<ErrorIcon />} title={t('contactWork.loadFailed')} description={c.error ?? ''} action={<Button text={t('contactWork.retry')} onClick={c.reload} />} />;
  // The session's forms are not this contact's: nothing of them is shown, and nothing can be saved.
  if (otherWorkspace.workspaceId) return <OtherWorkspacePage guard={otherWorkspace} title={t('contactWork.edit.title', { id: contact.id })} className="cm-contact-edit" onCancel={c.cancel} />;
  return (
    <div className="cm-contact-work cm-contact-edit">
      <ContactWorkStyles />
      <header className="cm-contact-work__header">
        <H2 id="cm-page-title" className="cm-contact-work__title">{t('contactWork.edit.title', { id: contact.id })}</H2>
        <AvailabilityRibbon value={contact.availability} forYou={false} t={translatorFor(c.locale)} />
        {contact.closed ? <Tag intent={Intent.DANGER}>{t('contactWork.admin.alreadyClosed')}</Tag> : null}
        <span className="cm-contact-work__meta">{t('contactWork.state')}: <strong title={contact.state}>{c.labels.state(contact.state)}</strong></span>
      </header>
      <DraftOffer c={c} />
      {c.notice ? <Callout intent={Intent.PRIMARY} icon={<InfoSignIcon />}>{c.notice}</Callout> : null}
      <ChangedMeanwhileNotice fields={c.changedMeanwhile} onDismiss={c.dismissChangedMeanwhile} />
      <ConfigChangeNotice notice={c.configNotice} onDismiss={c.dismissConfigNotice} />
      <Card compact className="cm-contact-work__admin">
        <FormGroup label={t('contactWork.admin.agent')} labelFor="cm-agent">
          <PlainSelect id="cm-agent" fill value={c.agentId} onChange={(e) => c.setAgentId(e.currentTarget.value)} options={[{ value: '', label: t('contactWork.admin.noAgent') }, ...c.agents]} />
        </FormGroup>
        <FormGroup label={t('contactWork.admin.priority')} labelFor="cm-priority">
          <NumericInput id="cm-priority" fill buttonPosition="none" min={1} max={10} clampValueOnBlur value={c.priority} onValueChange={(n) => { if (Number.isFinite(n)) c.setPriority(n); }} />
        </FormGroup>
      </Card>
      <ContactPanels panels={panels} locale={c.locale} />
      {c.generalErrors.length ? <Callout intent={Intent.DANGER} role="alert" className="cm-save-errors"><ul>{c.generalErrors.map((m) => <li key={m}>{m}</li>)}</ul></Callout> : null}
      <div className="cm-contact-work__buttons">
        <Button icon={<ArrowLeftIcon />} text={t('contactWork.cancel')} onClick={keys.leave.ask} />
        <Button icon={<LockIcon />} intent={Intent.DANGER} text={t('contactWork.admin.close')} disabled={contact.closed} onClick={c.closing.ask} />
        <AppButton intent={Intent.PRIMARY} icon={<FloppyDiskIcon />} text={t('contactWork.save.button')} loading={c.saving} onClick={() => void keys.save()} />
      </div>
      <AppAlert isOpen={c.closing.confirming} intent={Intent.DANGER} icon={<LockIcon />} loading={c.closing.busy} cancelButtonText={t('contactWork.cancel')} confirmButtonText={t('contactWork.admin.close')} onCancel={c.closing.cancel} onConfirm={() => void c.closing.confirm()}>
        <p>{t('contactWork.admin.closeQuestion')}</p>
      </AppAlert>
      <LeaveConfirm leave={keys.leave} id={contact.id} />
    </div>
  );
}

/** /contacts/edit/:id: an id that is not 24 hexadecimal characters goes to /404. */
export function ContactEditScreen() {
  const { id } = useParams();
  if (!isContactId(id)) return <Navigate to="/404" replace />;
  return <ContactEditLoaded key={id} id={id} />;
}

function ContactEditLoaded({ id }: { id: string }) {
  const c = useContactEditController({ id });
  return <ContactEditView c={c} />;
}
