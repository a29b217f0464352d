import { Button, ButtonGroup, Callout, Card, Classes, FormGroup, H2, H4, Intent, NonIdealState, Tag, TextArea, Tooltip } from '@blueprintjs/core';
import { ArrowLeftIcon, DuplicateIcon, ErrorIcon, FloppyDiskIcon, HandRightIcon, HistoryIcon, InfoSignIcon, TrashIcon, UndoIcon } from '@blueprintjs/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { translatorFor } from '@renderers/i18n/messages';
import { ContactPanels, type PanelSpec } from '@renderers/layout/ContactPanels/ContactPanels';
import { AvailabilityRibbon } from '@renderers/table/AvailabilityRibbon/AvailabilityRibbon';
import { STATE_NOTES_MAX } from '@domain/constants';
import { isContactId } from '../../routes/paths';
import { formatDate, floatingButtonsClearance, ActionButton, CloneConfirm, HistoryTable, Media, Shortlinks, SideListStatus, Widgets } from './show-parts';
import { useContactHotkeys, type LeaveConfirmation } from './use-contact-hotkeys';
import { useContactShowController, type ContactShowController, type EmbedHooks } from './use-contact-show-controller';
import { ChangedMeanwhileNotice } from './ChangedMeanwhileNotice';
import { ConfigChangeNotice } from './ConfigChangeNotice';
import { ContactWorkStyles } from './contact-work-styles';
import { OtherWorkspacePage } from './OtherWorkspaceGuard';
import { sectionPanels } from './section-panels';
import { AppSpinner } from '../../ui/AppSpinner';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';
import { AppButton } from '../../ui/AppButton';
import { AppAlert } from '../../ui/AppAlert';
import { useSession } from '../../services/services-context';
import { takeNextOffered, usePermissions } from '../../session/use-permissions';
import type { Workspace } from '@domain/generated/workspace';

export function DraftOffer({ c }: { c: Pick<ContactShowController, 'draftOffer' | 'restoreDraft' | 'discardDraft' | 'contact'> }) {
  const { t } = useTranslation();
  if (!c.draftOffer) return null;
  const older = c.draftOffer.version !== null && c.contact && c.draftOffer.version !== c.contact.version;
  return (
    <Callout intent={Intent.WARNING} icon={<HistoryIcon />} title={t('contactWork.draft.title')} className="cm-draft-offer" role="alert">
      <p>{t('contactWork.draft.text', { at: formatDate(new Date(c.draftOffer.savedAt).toISOString()) })}{older ? ` ${t('contactWork.draft.older')}` : ''}</p>
      <ButtonGroup>
        <Button intent={Intent.PRIMARY} icon={<UndoIcon />} text={t('contactWork.draft.restore')} onClick={c.restoreDraft} />
        <Button icon={<TrashIcon />} text={t('contactWork.draft.discard')} onClick={c.discardDraft} />
      </ButtonGroup>
    </Callout>
  );
}

/**
 * Leaving a contact with unsaved work waits for the user's yes, the focus on Cancel (Alt+R's question, for Cancel and
 * Alt+W); without an id, the new-contact form's.
 */
export function LeaveConfirm({ leave, id }: { leave: LeaveConfirmation; id?: string }) {
  const { t } = useTranslation();
  return (
    <AppAlert isOpen={leave.confirming} intent={Intent.WARNING} icon={<ArrowLeftIcon />} confirmButtonText={t('contactWork.leaveConfirm.confirm')} cancelButtonText={t('contactWork.cancel')}
      onConfirm={leave.confirm} onCancel={leave.cancel}>
      {id === undefined ? t('contactWork.leaveConfirm.newContact') : t('contactWork.leaveConfirm.message', { id })}
    </AppAlert>
  );
}

/** The contact show view (spec 2 §2.3); rendered from useContactShowController only. */
export function ContactShowView({ c }: { c: ContactShowController }) {
  const { t } = useTranslation();
  const rt = translatorFor(c.locale);
  const { contact, forms, formContext, formData, formKey, otherWorkspace } = c;
  const { workspace } = useSession();
  const { allowed } = usePermissions();
  // Alt+N only where the list offers "take the next contact" too (the same rule).
  const keys = useContactHotkeys(c, { picker: true, takeNext: !c.embed && takeNextOffered(workspace as Workspace | null, allowed), release: !c.embed && !otherWorkspace.workspaceId });

  const panels = useMemo<PanelSpec[]>(() => {
    if (!formContext) return [];
    const out = sectionPanels({ forms, formKey, formData, formContext, handles: c.handles, onFieldChange: c.onFieldChange });
    if (c.media.length) out.push({ id: 'MEDIA', render: () => <Media c={c} /> });
    // SCRIPT is always there (spec 2 §2.3: only OUTPUTS and MEDIA depend on the configuration); without a script it says so.
    const script = c.script;
    out.push({ id: 'SCRIPT', render: () => (script ? <p className="cm-script">{script}</p> : <p className={`cm-script ${Classes.TEXT_MUTED}`}>{t('contactWork.noScript')}</p>) });
    return out;
  }, [formContext, forms, formData, formKey, c.media, c.script, c.mediaItems, c.attachments, c.onFieldChange, t]);

  if (c.status === 'loading') return <NonIdealState icon={<AppSpinner />} title={t('contactWork.loading')} />;
  if (c.status === 'error' || !contact) return <NonIdealState icon={<ErrorIcon />} title={t('contactWork.loadFailed')} description={c.error ?? ''} action={<Button text={t('contactWork.retry')} onClick={c.reload} />} />;
  // The session's forms are not this contact's: none is drawn, so nothing is typed that the switch would lose.
  if (otherWorkspace.workspaceId) return <OtherWorkspacePage guard={otherWorkspace} title={t('contactWork.show.title', { id: contact.id })} className="cm-contact-show" onCancel={c.cancel} />;

  // The reason Save is disabled is also shown next to it and describes it: a tooltip on a disabled button never
  // reaches the keyboard.
  const saveBlockedId = 'cm-save-blocked-reason';
  const saveButton = <AppButton intent={Intent.PRIMARY} icon={<FloppyDiskIcon />} text={t('contactWork.save.button')} disabled={!c.canSave} loading={c.saving}
    aria-describedby={c.saveBlockedReason ? saveBlockedId : undefined} onClick={() => void keys.save()} />;
  return (
    <div className="cm-contact-work cm-contact-show" aria-busy={c.saving} style={{ paddingBottom: floatingButtonsClearance(c.widgets.list.length) }}>
      <ContactWorkStyles />
      <header className="cm-contact-work__header">
        <H2 id="cm-page-title" className="cm-contact-work__title">{t('contactWork.show.title', { id: contact.id })}</H2>
        <AvailabilityRibbon value={contact.availability} forYou={c.ribbon.forYou} t={rt} />
        {c.ribbon.cloneOf ? <Tag icon={<DuplicateIcon />} intent={Intent.PRIMARY} minimal className="cm-clone-badge" title={c.ribbon.cloneOf}>{t('contactWork.clone.badge')}</Tag> : null}
        {contact.suspended ? <Tag intent={Intent.WARNING}>{t('contactWork.suspended')}</Tag> : null}
        <span className="cm-contact-work__meta">{t('contactWork.state')}: <strong title={contact.state}>{c.labels.state(contact.state)}</strong>{contact.outcome ? <> · {t('contactWork.outcome')}: <strong title={contact.outcome}>{c.labels.outcome(contact.outcome)}</strong></> : null}</span>
      </header>
      <Shortlinks links={c.shortlinks} />
      <DraftOffer c={c} />
      {c.notice ? <Callout intent={Intent.PRIMARY} icon={<InfoSignIcon />} className="cm-notice">{c.notice}</Callout> : null}
      <ChangedMeanwhileNotice fields={c.changedMeanwhile} onDismiss={c.dismissChangedMeanwhile} />
      <ConfigChangeNotice notice={c.configNotice} onDismiss={c.dismissConfigNotice} />
      {c.problems.length ? <Callout intent={Intent.DANGER} title={t('contactWork.configProblems')}><ul>{c.problems.map((p) => <li key={p}>{p}</li>)}</ul></Callout> : null}
      <ContactPanels panels={panels} titles={c.titles} locale={c.locale} />
      <Card className="cm-contact-work__outcome" compact>
        <div className="cm-contact-work__selectors">
          {c.mode === 'outcome' ? (
            <FormGroup label={t('contactWork.outcome')} labelFor="cm-outcome">
              <PlainSelect id="cm-outcome" value={c.outcome} onChange={(e) => c.setOutcome(e.currentTarget.value)} options={[{ value: '', label: t('contactWork.chooseOutcome') }, ...c.outcomes.map((o) => ({ value: o.value, label: o.label }))]} />
            </FormGroup>
          ) : (
            <FormGroup label={t('contactWork.nextState')} labelFor="cm-state">
              <PlainSelect id="cm-state" value={c.state} onChange={(e) => c.setState(e.currentTarget.value)} options={[{ value: '0', label: t('contactWork.noStateChange') }, ...c.allowedStates.map((s) => ({ value: s.code, label: s.label }))]} />
              <SideListStatus status={c.statesStatus} failed={t('contactWork.nextStatesFailed')} onRetry={c.reloadSide} />
            </FormGroup>
          )}
          <FormGroup label={t('contactWork.notes')} labelFor="cm-notes" className="cm-contact-work__notes"
            helperText={c.notesAllowed ? `${c.notes.length}/${STATE_NOTES_MAX}` : t('contactWork.notesNotTaken', { state: c.allowedStates.find((s) => s.code === c.state)?.label ?? c.state })}>
            <TextArea id="cm-notes" fill value={c.notes} maxLength={STATE_NOTES_MAX} readOnly={!c.notesAllowed} onChange={(e) => c.setNotes(e.currentTarget.value)} />
          </FormGroup>
        </div>
        {c.generalErrors.length ? <Callout intent={Intent.DANGER} role="alert" className="cm-save-errors"><ul>{c.generalErrors.map((m) => <li key={m}>{m}</li>)}</ul></Callout> : null}
        {c.takeToSave.offered ? (
          <Callout intent={Intent.WARNING} icon={<HandRightIcon />} role="alert" className="cm-take-to-save">
            <p>{t('contactWork.takeToSave.text')}</p>
            <AppButton intent={Intent.PRIMARY} icon={<HandRightIcon />} text={t('contactWork.takeToSave.take')} loading={c.takeToSave.busy} onClick={() => void c.takeToSave.take()} />
          </Callout>
        ) : null}
        <div className="cm-contact-work__buttons">
          <Button icon={<ArrowLeftIcon />} text={t('contactWork.cancel')} onClick={keys.leave.ask} />
          {c.clone.allowed ? <Button icon={<DuplicateIcon />} text={t('contactWork.clone.button')} disabled={c.clone.leaving} onClick={c.clone.ask} /> : null}
          {c.saveBlockedReason ? <Tooltip content={c.saveBlockedReason}>{saveButton}</Tooltip> : saveButton}
          {c.saveBlockedReason ? <span id={saveBlockedId} className={`cm-save-blocked ${Classes.TEXT_MUTED}`} style={{ alignSelf: 'center' }}>{c.saveBlockedReason}</span> : null}
        </div>
      </Card>
      <Card className="cm-contact-work__history" compact>
        <H4>{t('contactWork.history.title')}</H4>
        <HistoryTable entries={c.history} labels={c.labels} agentNames={c.agentNames} status={c.historyStatus} onRetry={c.reloadSide} />
      </Card>
      <CloneConfirm c={c} />
      <AppAlert isOpen={keys.release.confirming} intent={Intent.WARNING} icon={<UndoIcon />} confirmButtonText={t('contactWork.releaseConfirm.confirm')} cancelButtonText={t('contactWork.cancel')}
        onConfirm={keys.release.confirm} onCancel={keys.release.cancel}>
        {t('contactWork.releaseConfirm.message', { id: contact.id })}
      </AppAlert>
      <AppAlert isOpen={keys.takeNext.confirming} intent={Intent.WARNING} icon={<UndoIcon />} confirmButtonText={t('contactWork.takeNextConfirm.confirm')} cancelButtonText={t('contactWork.cancel')}
        onConfirm={keys.takeNext.confirm} onCancel={keys.takeNext.cancel}>
        {t('contactWork.takeNextConfirm.message', { id: contact.id })}
      </AppAlert>
      <LeaveConfirm leave={keys.leave} id={contact.id} />
      <Widgets c={c} />
      <ActionButton c={c} />
    </div>
  );
}

export interface ContactShowScreenProps {
  /** The contact id; the route's :id when left out. */
  id?: string;
  /** Inside the host page (issue 7): no list redirects; blocked saves open the disposition modal. */
  embed?: EmbedHooks;
}

/** /contacts/show/:id, and the contact inside the embedded entry. */
export function ContactShowScreen({ id: givenId, embed }: ContactShowScreenProps) {
  const params = useParams();
  const id = givenId ?? params.id ?? '';
  if (!isContactId(id)) return <Navigate to="/404" replace />;
  return <ContactShowLoaded key={id} id={id} embed={embed} />;
}

function ContactShowLoaded({ id, embed }: { id: string; embed?: EmbedHooks }) {
  const c = useContactShowController({ id, embed });
  return <ContactShowView c={c} />;
}
