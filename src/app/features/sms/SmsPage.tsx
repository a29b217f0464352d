import { Callout, Card, FormGroup, H2, H3, HTMLTable, Intent, NonIdealState, Tag, TextArea } from '@blueprintjs/core';
import { Chat, Refresh, SendMessage } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '@renderers/ContactForm/ContactForm';
import { OUTBOX_STATUSES, type OutboxMessage } from '@domain/api/contact-work';
import type { SmsSize } from '@domain/sms-segments';
import { formatDateTime } from '../../ui/date-time';
import { useSmsController, type OutboxView, type SmsController } from './use-sms-controller';
import { AppSpinner } from '../../ui/AppSpinner';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';
import { AppButton } from '../../ui/AppButton';

const SMS_CSS = `
.cm-sms { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
.cm-sms__title { margin: 0; font-size: 1.3rem; }
.cm-sms__selector { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-end; }
.cm-sms__selector .bp6-form-group { margin: 0; min-width: 240px; }
.cm-sms__body { display: grid; grid-template-columns: minmax(0, 2fr) minmax(260px, 1fr); gap: 1rem; align-items: start; }
@media (max-width: 1023px) { .cm-sms__body { grid-template-columns: 1fr; } }
.cm-sms__preview textarea { width: 100%; min-height: 9rem; resize: vertical; }
.cm-sms__counter { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.5rem 0; }
.cm-sms__buttons { display: flex; justify-content: flex-end; }
.cm-sms__outbox-head { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.cm-sms__outbox-head h3 { margin: 0 auto 0 0; }
.cm-sms__outbox table { width: 100%; }
.cm-sms__outbox-scroll { overflow-x: auto; }
.cm-sms__error { color: #ac2f33; }
.cm-sms__outbox-loading { display: flex; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
`;

const STATUS_INTENT: Record<OutboxMessage['status'], Intent> = { queued: Intent.NONE, sending: Intent.PRIMARY, sent: Intent.SUCCESS, failed: Intent.DANGER };

/**
 * The preview's size: characters, SMS and encoding. When the encoding counts otherwise than the characters shown (a
 * GSM-7 extension character such as € takes two septets, an emoji two UCS-2 units), the counted units show too, so
 * 151 characters taking 2 SMS of 153 is explained.
 */
export function SmsCounter({ size }: { size: SmsSize }) {
  const { t } = useTranslation();
  const characters = size.units === size.characters
    ? t('sms.characters', { count: size.characters })
    : t('sms.charactersUnits', { count: size.characters, units: size.units, encoding: size.encoding });
  return (
    <div className="cm-sms__counter" aria-live="polite">
      <Tag minimal data-testid="sms-characters">{characters}</Tag>
      <Tag minimal intent={size.segments > 1 ? Intent.WARNING : Intent.NONE} data-testid="sms-segments">{t('sms.segments', { count: size.segments })}</Tag>
      <Tag minimal>{t('sms.encoding', { encoding: size.encoding, limit: size.perSegment })}</Tag>
    </div>
  );
}

function Preview({ c }: { c: SmsController }) {
  const { t } = useTranslation();
  return (
    <Card className="cm-sms__preview">
      <H3>{t('sms.preview')}</H3>
      <TextArea id="cm-sms-preview" aria-label={t('sms.preview')} readOnly value={c.preview} fill />
      <SmsCounter size={c.size} />
      <div className="cm-sms__buttons">
        <AppButton intent={Intent.PRIMARY} icon={<SendMessage />} text={t('sms.send')} loading={c.sending} disabled={!c.complete || c.sending || !c.template} onClick={() => void c.send()} />
      </div>
    </Card>
  );
}

function Outbox({ outbox }: { outbox: OutboxView }) {
  const { t } = useTranslation();
  return (
    <Card className="cm-sms__outbox">
      <div className="cm-sms__outbox-head">
        <H3>{t('sms.outbox.title')}</H3>
        <label>
          {t('sms.outbox.status')}{' '}
          <PlainSelect
            aria-label={t('sms.outbox.status')}
            value={outbox.status}
            onChange={(event) => outbox.setStatus(event.currentTarget.value as OutboxView['status'])}
            options={[{ value: '', label: t('sms.outbox.all') }, ...OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`sms.status.${s}`) }))]}
          />
        </label>
        <AppButton icon={<Refresh />} text={t('sms.outbox.refresh')} loading={outbox.loading} onClick={outbox.refresh} />
      </div>
      {outbox.failed ? (
        <Callout intent={Intent.DANGER} role="alert" title={t('sms.outbox.loadFailed')}>
          <AppButton text={t('sms.outbox.retry')} loading={outbox.loading} onClick={outbox.refresh} />
        </Callout>
      ) : outbox.rows.length === 0 ? (
        // "No SMS" only once the outbox has answered for this filter; until then it is loading.
        outbox.loading || !outbox.loaded ? <div className="cm-sms__outbox-loading"><AppSpinner size={16} /> {t('sms.outbox.loading')}</div> : <p>{t('sms.outbox.empty')}</p>
      ) : (
        <div className="cm-sms__outbox-scroll">
          <HTMLTable compact striped aria-label={t('sms.outbox.title')}>
            <thead>
              <tr><th>{t('sms.outbox.statusColumn')}</th><th>{t('sms.outbox.recipient')}</th><th>{t('sms.outbox.when')}</th><th>{t('sms.outbox.text')}</th><th>{t('sms.outbox.error')}</th></tr>
            </thead>
            <tbody>
              {outbox.rows.map((m) => (
                <tr key={m.id}>
                  <td><Tag intent={STATUS_INTENT[m.status]} minimal>{t(`sms.status.${m.status}`)}</Tag></td>
                  <td>{m.recipient ?? ''}</td>
                  <td>{formatDateTime(m.sentAt ?? m.createdAt)}</td>
                  <td>{m.body}</td>
                  <td className="cm-sms__error">{m.error ?? ''}{m.attempts > 1 ? ` (${t('sms.outbox.attempts', { count: m.attempts })})` : ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </Card>
  );
}

export function SmsView({ c }: { c: SmsController }) {
  const { t } = useTranslation();
  return (
    <section className="cm-sms" aria-labelledby="cm-page-title">
      <style>{SMS_CSS}</style>
      <H2 id="cm-page-title" className="cm-sms__title">{t('sms.title')}</H2>
      {c.delivery && !c.delivery.gatewayConfigured ? <Callout intent={Intent.WARNING} role="status">{t('sms.noGateway', { queued: c.delivery.counts.queued })}</Callout> : null}
      {c.problems.length ? <Callout intent={Intent.DANGER} role="alert"><ul>{c.problems.map((p) => <li key={p}>{p}</li>)}</ul></Callout> : null}
      {c.templates.length === 0 ? (
        c.problems.length ? null : <NonIdealState icon={<Chat size={48} />} title={t('sms.noTemplates', { workspace: c.workspaceName })} />
      ) : (
        <>
          <div className="cm-sms__selector">
            <FormGroup label={t('sms.workspace')}><strong>{c.workspaceName}</strong></FormGroup>
            <FormGroup label={t('sms.template')} labelFor="cm-sms-template">
              <PlainSelect id="cm-sms-template" value={c.template?.id ?? ''} onChange={(event) => c.chooseTemplate(event.currentTarget.value)} options={c.templates.map((x) => ({ value: x.id, label: x.name }))} />
            </FormGroup>
          </div>
          <div className="cm-sms__body">
            <Card>{c.form && c.formContext ? <ContactForm handle={c.handle} schema={c.form.schema} uiSchema={c.form.uiSchema} formContext={c.formContext} idPrefix="cm_sms" onChange={c.onChange} /> : null}</Card>
            <Preview c={c} />
          </div>
        </>
      )}
      {c.outbox.visible ? <Outbox outbox={c.outbox} /> : null}
    </section>
  );
}

/** /sms (permission sms, checked by the route). */
export function SmsPage() {
  const c = useSmsController();
  return <SmsView c={c} />;
}
