import { AnchorButton, Button, Callout, Classes, DialogBody, DialogFooter, FileInput, FormGroup, H5, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { AppDialog } from '../../ui/AppDialog';
import { CalculatorIcon, DuplicateIcon, ErrorIcon, EyeOpenIcon, LinkIcon, MobilePhoneIcon, SendMessageIcon, ShieldIcon, TrashIcon, WarningSignIcon, WidgetIcon, type IconName } from '@blueprintjs/icons';
import { format } from 'date-fns';
import { useState, type ComponentType, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { itemToFile } from '@renderers/attachments/file-items';
import { ACCEPTED_TYPES } from '@renderers/attachments/file-rules';
import { MediaViewer } from '@renderers/fields/MediaViewer/MediaViewer';
import { ACTION_BLOCKED_REASONS, type HistoryEntry } from '@domain/api/contact-work';
import type { AgentNames } from '../../session/use-agent-names';
import { AgentName } from '../../ui/AgentName';
import type { ContactLabels } from '../../ui/contact-labels';
import type { MediaField } from '../../ui/media-section';
import type { ContactShowController } from './use-contact-show-controller';
import type { SideStatus } from './use-state-outcome';
import { AppSpinner } from '../../ui/AppSpinner';
import { AppButton } from '../../ui/AppButton';
import { AppAlert } from '../../ui/AppAlert';

export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'dd/MM/yyyy HH:mm');
};

/** One attachment or document list of the MEDIA panel: upload, preview and delete through the API. */
export function MediaTable({ field, c }: { field: MediaField; c: ContactShowController }) {
  const { t } = useTranslation();
  const items = c.mediaItems(field.name);
  const busy = c.attachments.busy === field.name;
  const full = field.maxItems !== undefined && items.length >= field.maxItems;
  return (
    <section className="cm-media" aria-label={field.title} data-field={field.name}>
      <H5>{field.title} <Tag minimal round>{field.maxItems !== undefined ? `${items.length}/${field.maxItems}` : items.length}</Tag></H5>
      {items.length ? (
        <HTMLTable compact striped className="cm-media__table">
          <thead><tr><th>{t('contactWork.files.name')}</th><th>{t('contactWork.files.type')}</th><th /></tr></thead>
          <tbody>
            {items.map((item, i) => {
              const f = itemToFile(item, field.itemSchema);
              return (
                <tr key={`${f.name}-${i}`}>
                  <td>{f.name}</td>
                  <td>{f.type}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" variant="minimal" icon={<EyeOpenIcon />} aria-label={`${t('contactWork.files.view')} ${f.name}`} text={t('contactWork.files.view')} onClick={() => void c.attachments.preview(field, item)} />
                    {field.kind === 'attachment' ? (
                      <Button size="small" variant="minimal" icon={<TrashIcon />} intent={Intent.DANGER} aria-label={`${t('contactWork.files.delete')} ${f.name}`} disabled={busy} onClick={() => void c.attachments.remove(field, f.name)} />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      ) : <p className={Classes.TEXT_MUTED}>{t('contactWork.files.none')}</p>}
      {field.kind === 'attachment' ? (
        <FileInput
          text={busy ? t('contactWork.loading') : t('contactWork.files.choose')}
          buttonText={t('contactWork.files.upload')}
          disabled={busy || full}
          inputProps={{ accept: ACCEPTED_TYPES.join(','), 'aria-label': `${field.title}: ${t('contactWork.files.upload')}` }}
          onInputChange={(e) => { const file = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (file) void c.attachments.upload(field, file); }}
        />
      ) : null}
    </section>
  );
}

export function Media({ c }: { c: ContactShowController }) {
  const { t } = useTranslation();
  return (
    <div className="cm-media-panel">
      {c.media.map((f) => <MediaTable key={f.name} field={f} c={c} />)}
      {c.attachments.message ? <Callout intent={Intent.DANGER} compact role="alert">{c.attachments.message}</Callout> : null}
      <MediaViewer file={c.attachments.viewing?.loading ? null : c.attachments.viewing} onClose={c.attachments.closeViewer} title={t('contactWork.files.viewer')} closeLabel={t('app.closeDialog')} />
    </div>
  );
}

/** Who made a history entry, and the agent the contact went to when that is someone else (a take for another, an assignment). */
function HistoryAgent({ entry, names }: { entry: HistoryEntry; names: AgentNames }) {
  const to = entry.agentId && entry.agentId !== entry.userId ? entry.agentId : null;
  if (!entry.userId) return <AgentName id={to} names={names} />;
  return <><AgentName id={entry.userId} names={names} />{to ? <> → <AgentName id={to} names={names} /></> : null}</>;
}

/** A side list still loading (a spinner), or failed (what failed, and Retry); nothing once it is there. */
export function SideListStatus({ status, failed, onRetry }: { status: SideStatus; failed: string; onRetry: () => void }) {
  const { t } = useTranslation();
  if (status === 'loading') return <div className={`cm-side-loading ${Classes.TEXT_MUTED}`}><AppSpinner size={12} /> {t('contactWork.loading')}</div>;
  if (status === 'error') {
    return (
      <Callout intent={Intent.WARNING} compact role="alert" className="cm-side-failed">
        {failed} <Button size="small" text={t('contactWork.retry')} onClick={onRetry} />
      </Callout>
    );
  }
  return null;
}

export function HistoryTable({ entries, labels, agentNames, status = 'ready', onRetry }: { entries: HistoryEntry[]; labels: ContactLabels; agentNames: AgentNames; status?: SideStatus; onRetry?: () => void }) {
  const { t } = useTranslation();
  // "No history" only once the history has answered: not while it loads, not when it could not be loaded.
  const sideStatus = <SideListStatus status={status} failed={t('contactWork.history.loadFailed')} onRetry={onRetry ?? (() => undefined)} />;
  if (!entries.length) return status === 'ready' ? <p className={Classes.TEXT_MUTED}>{t('contactWork.history.empty')}</p> : sideStatus;
  // The history names its people itself (a basic agent has no users list); the session's names win where it has them.
  const names: AgentNames = new Map([
    ...entries.flatMap((e) => [[e.userId, e.userName], [e.agentId, e.agentName]] as const).filter((pair): pair is readonly [string, string] => Boolean(pair[0] && pair[1])),
    ...agentNames,
  ]);
  return (
    <>
    {status === 'error' ? sideStatus : null}
    {/* Its own sideways scroll on a narrow screen, reachable by keyboard (the page itself never scrolls sideways). */}
    <div className="cm-history-scroll" role="region" tabIndex={0} aria-label={t('contactWork.history.title')}>
    <HTMLTable compact striped className="cm-history" aria-label={t('contactWork.history.title')}>
      <thead><tr><th>{t('contactWork.history.at')}</th><th>{t('contactWork.history.type')}</th><th>{t('contactWork.history.value')}</th><th>{t('contactWork.history.agent')}</th><th>{t('contactWork.history.notes')}</th></tr></thead>
      <tbody>
        {[...entries].reverse().map((e, i) => (
          <tr key={`${e.at}-${i}`}>
            <td>{formatDate(e.at)}</td>
            <td>{t(`contactWork.history.types.${e.type}`, { defaultValue: e.type })}</td>
            <td title={[e.state, e.outcome].filter(Boolean).join(' · ')}>{labels.state(e.state)}{e.outcome ? ` · ${labels.outcome(e.outcome)}` : ''}</td>
            <td><HistoryAgent entry={e} names={names} /></td>
            {/* A save or an edit names the fields it changed: shown by their labels. */}
            <td>{e.notes && (e.type === 'save' || e.type === 'edit') ? labels.changedFields(e.notes) : e.notes ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
    </div>
    </>
  );
}

/** The floating send-action button (spec 2 §2.3): hidden without actions; phone empty or +39 then 9-10 digits. */
/** The server's reason for a disabled action, in the user's language when it is one the contract names. */
const REASON_KEYS = new Map<string, string>(Object.entries(ACTION_BLOCKED_REASONS).map(([key, text]) => [text, `contactWork.actions.reasons.${key}`]));

export function ActionButton({ c }: { c: ContactShowController }) {
  const { t } = useTranslation();
  const reasonText = (reason: string): string => {
    const key = REASON_KEYS.get(reason);
    return key ? t(key) : reason;
  };
  const blockedReasons = [...new Set(c.actions.list.filter((a) => !a.enabled && a.reason).map((a) => reasonText(a.reason!)))];
  const [open, setOpen] = useState(false);
  if (!c.actions.list.length) return null;
  return (
    <>
      <Button className="cm-fab cm-fab--action" intent={Intent.PRIMARY} icon={<SendMessageIcon />} size="large" aria-label={t('contactWork.actions.open')} onClick={() => setOpen(true)} />
      <AppDialog isOpen={open} onClose={() => setOpen(false)} title={t('contactWork.actions.title')}>
        <DialogBody>
          <FormGroup label={t('contactWork.actions.phone')} labelFor="cm-action-phone" helperText={t('contactWork.actions.phoneHelp')} intent={c.actions.phoneError ? Intent.DANGER : Intent.NONE}>
            <InputGroup id="cm-action-phone" value={c.actions.phone} onValueChange={c.actions.setPhone} intent={c.actions.phoneError ? Intent.DANGER : Intent.NONE} placeholder="+39…" />
          </FormGroup>
          {c.actions.phoneError ? <Callout intent={Intent.DANGER} compact role="alert">{c.actions.phoneError}</Callout> : null}
          {blockedReasons.length ? <Callout compact className="cm-actions-blocked" style={{ marginTop: 12 }}>{blockedReasons.join(' · ')}</Callout> : null}
          <div className="cm-actions" style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 12 }}>
            {c.actions.list.map((a) => (
              <AppButton key={a.key} icon={<MobilePhoneIcon />} alignText="start" disabled={!a.enabled || c.actions.sending} loading={c.actions.sending} text={a.name} title={a.reason ? reasonText(a.reason) : undefined} onClick={() => void c.actions.send(a)} />
            ))}
          </div>
        </DialogBody>
      </AppDialog>
    </>
  );
}

const VARIANT_INTENT = { ok: Intent.SUCCESS, notValid: Intent.WARNING, failed: Intent.DANGER } as const;

/**
 * A widget's configured icon (workspace widgets[].config.icon, _notValid.icon, _failed.icon) as a named icon component,
 * so that Blueprint never fetches its icon-path tables for the usual names; only a name outside this list falls back
 * to Blueprint's loader.
 */
const WIDGET_ICONS = new Map<string, ComponentType>([
  ['widget', WidgetIcon], ['calculator', CalculatorIcon], ['shield', ShieldIcon], ['error', ErrorIcon], ['warning-sign', WarningSignIcon],
]);
const widgetIcon = (name: string | undefined): ReactElement | IconName => {
  const Named = WIDGET_ICONS.get(name ?? 'widget');
  return Named ? <Named /> : (name as IconName);
};

/**
 * The room the floating buttons take at the bottom of the screen: the page ends that much lower, so its last fields
 * can be scrolled above them (the widgets' stack on the left, the action button on the right).
 */
export const floatingButtonsClearance = (widgets: number): number => Math.max(96, 24 + widgets * 48 + 16);

/** Widgets as floating buttons, each opening its result modal with the _notValid / _failed variants (spec 2 §2.8). */
export function Widgets({ c }: { c: ContactShowController }) {
  const { t } = useTranslation();
  const result = c.widgets.result;
  const style = result ? (result.variant === 'notValid' ? result.widget.config._notValid : result.variant === 'failed' ? result.widget.config._failed : undefined) as { color?: string; icon?: string; text?: string } | undefined : undefined;
  const shown = result?.data ? Object.entries(result.data).filter(([k]) => !k.startsWith('_')) : [];
  return (
    <>
      <div className="cm-fab-stack" role="group" aria-label={t('contactWork.widgets.title')}>
        {c.widgets.list.map((w) => (
          <AppButton key={w.id} className="cm-fab cm-fab--widget" icon={widgetIcon(w.config.icon as string | undefined)} text={w.name} aria-label={w.name} title={w.name} loading={c.widgets.running === w.id} onClick={() => void c.widgets.run(w)} />
        ))}
      </div>
      <AppDialog isOpen={result !== null} onClose={c.widgets.close} title={result?.widget.name ?? ''} icon={widgetIcon((style?.icon ?? result?.widget.config.icon) as string | undefined)}>
        <DialogBody>
          {result ? (
            <Callout intent={VARIANT_INTENT[result.variant]} title={style?.text ?? t(`contactWork.widgets.${result.variant}`)} style={style?.color ? { borderLeft: `4px solid ${style.color}` } : undefined} className={`cm-widget-result cm-widget-result--${result.variant}`}>
              {shown.length ? (
                <HTMLTable compact>
                  <tbody>{shown.map(([k, v]) => <tr key={k}><th>{k}</th><td>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</td></tr>)}</tbody>
                </HTMLTable>
              ) : null}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter actions={<Button text={t('contactWork.close')} onClick={c.widgets.close} />} />
      </AppDialog>
    </>
  );
}

export function CloneConfirm({ c }: { c: ContactShowController }) {
  const { t } = useTranslation();
  return (
    <AppAlert isOpen={c.clone.confirming} intent={Intent.PRIMARY} icon={<DuplicateIcon />} cancelButtonText={t('contactWork.cancel')} confirmButtonText={t('contactWork.clone.confirm')} loading={c.clone.busy} onCancel={c.clone.cancel} onConfirm={() => void c.clone.confirm()}>
      <p>{t('contactWork.clone.question')}</p>
    </AppAlert>
  );
}

export function Shortlinks({ links }: { links: Array<{ label: string; href: string }> }) {
  if (!links.length) return null;
  return (
    <div className="cm-shortlinks" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {links.map((l) => <AnchorButton key={l.label} icon={<LinkIcon />} variant="outlined" size="small" href={l.href} target="_blank" rel="noopener noreferrer" text={l.label} />)}
    </div>
  );
}
