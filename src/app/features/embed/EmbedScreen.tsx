import { Button, Callout, NonIdealState, Tag } from '@blueprintjs/core';
import { TagIcon } from '@blueprintjs/icons';
import { Phone, WarningSign } from '@blueprintjs/icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { PageLoading } from '../../shell/PageLoading';
import { lazyScreen, type ScreenLoader } from '../../ui/lazy-screen';
import { DispositionDialog } from './DispositionDialog';
import { useDispositionController } from './use-disposition-controller';
import { useEmbedHotkeys } from './use-embed-hotkeys';
import { useEmbedController, type EmbedController, type EmbedRouteParams } from './use-embed-controller';
import { AppSpinner } from '../../ui/AppSpinner';

/** The list and contact screens, from the screen registry: features do not import each other. */
export interface EmbedScreenProps {
  loadListScreen: ScreenLoader<{ embed: true }>;
  loadShowScreen: ScreenLoader<{ id: string; embed: EmbedController['contactHooks'] }>;
}

const EMBED_CSS = `
.cm-embed__bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; margin-bottom: 12px; }
.cm-embed__call { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.cm-embed__notice { margin-bottom: 12px; }
`;

const EmbedBody = ({ embed, screens }: { embed: EmbedController; screens: EmbedScreenProps }) => {
  const ContactsListScreen = lazyScreen(screens.loadListScreen);
  const ContactShowScreen = lazyScreen(screens.loadShowScreen);
  const { t } = useTranslation();
  const { status, call } = embed;
  switch (status.kind) {
    case 'switching':
      return <NonIdealState icon={<AppSpinner size={32} />} title={t('embed.switchingWorkspace', { workspaceId: call.workspaceId })} />;
    case 'searching':
      return <NonIdealState icon={<AppSpinner size={32} />} title={t('embed.lookingUp', { callerid: call.callerid })} />;
    case 'error':
      return <NonIdealState icon={<WarningSign size={48} />} title={status.message} action={<Button intent="primary" text={t('embed.retry')} onClick={embed.retry} />} />;
    case 'none':
      return (
        <Callout intent="warning" className="cm-embed__notice" role="alert" title={t('embed.noMatch')}>
          {call.callerid}
        </Callout>
      );
    case 'missing':
      return (
        <Callout intent="warning" className="cm-embed__notice" role="alert" title={t('embed.notFound', { contactId: status.contactId })}>
          {t('embed.notFoundHint')}
        </Callout>
      );
    case 'several':
      return (
        <>
          <Callout intent="warning" className="cm-embed__notice" role="alert" title={t('embed.severalMatches')}>
            {call.callerid}
          </Callout>
          <Suspense fallback={<PageLoading />}><ContactsListScreen embed /></Suspense>
        </>
      );
    case 'contact':
      return (
        <>
          {embed.heldBy ? (
            <Callout intent="warning" className="cm-embed__notice" role="alert" title={embed.heldBy.reason}>
              {t('embed.heldByHint')}
            </Callout>
          ) : null}
          <Suspense fallback={<PageLoading />}>
            <ContactShowScreen id={status.contactId} embed={embed.contactHooks} />
          </Suspense>
        </>
      );
  }
};

/**
 * The embedded entry (spec 2 §2.10): both embed routes, the call's bar with 'set disposition', the dialog. Each route
 * entry is its own: taking a contact from the list of several matches leads to the route without contact id, whose
 * contact is the one taken, so the entry starts afresh there (both routes render this screen at the same place).
 */
export const EmbedScreen = (screens: EmbedScreenProps) => {
  const { pathname } = useLocation();
  return <EmbedEntry key={pathname} {...screens} />;
};

const EmbedEntry = (screens: EmbedScreenProps) => {
  const { t } = useTranslation();
  const raw = useParams();
  const params: EmbedRouteParams = {
    ...(raw.contactId !== undefined ? { contactId: raw.contactId } : {}),
    campaign: raw.campaign ?? '', agent: raw.agent ?? '', guid: raw.guid ?? '', callerid: raw.callerid ?? '', workspaceId: raw.workspaceId ?? '',
  };
  const embed = useEmbedController({ params });
  const disposition = useDispositionController({
    open: embed.dispositionOpen, workspaceId: embed.call.workspaceId, call: embed.call, contactId: embed.contactId, onSaved: embed.onDispositionSaved,
  });
  const ready = embed.status.kind !== 'switching' && embed.status.kind !== 'searching';
  useEmbedHotkeys({ canOpen: ready && !embed.finished, open: embed.openDisposition, isOpen: embed.dispositionOpen, disposition });
  return (
    <section className="cm-page cm-embed" aria-label={t('embed.disposition.title')}>
      <style>{EMBED_CSS}</style>
      <div className="cm-embed__bar">
        <div className="cm-embed__call">
          <Phone />
          <span>{t('embed.call', { callerid: embed.call.callerid, campaign: embed.call.campaign, agent: embed.call.agent })}</span>
          {embed.contactId ? <Tag minimal>{embed.contactId}</Tag> : null}
        </div>
        <Button intent="primary" icon={<TagIcon />} text={t('embed.setDisposition')} disabled={!ready || embed.finished} onClick={embed.openDisposition} />
      </div>
      {embed.finished ? <Callout intent="success" className="cm-embed__notice" role="status" title={t('embed.done')} /> : null}
      <EmbedBody embed={embed} screens={screens} />
      <DispositionDialog isOpen={embed.dispositionOpen} onClose={embed.closeDisposition} d={disposition} />
    </section>
  );
};
