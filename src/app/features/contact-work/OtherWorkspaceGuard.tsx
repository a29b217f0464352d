import { Button, Callout, H2, Intent } from '@blueprintjs/core';
import { ArrowLeftIcon, SwapHorizontalIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices, useSession } from '../../services/services-context';
import { AppButton } from '../../ui/AppButton';
import { ContactWorkStyles } from './contact-work-styles';

export interface OtherWorkspace {
  /** The contact's own workspace, when it is not the session's; null otherwise. */
  workspaceId: string | null;
  workspaceName: string;
  switching: boolean;
  switchTo(): Promise<void>;
}

/**
 * A contact is only ever worked with its own workspace's forms: when the session's workspace is another one, the
 * screens refuse it and offer the switch (after which the same address opens with the right forms).
 */
export const useOtherWorkspace = (contactWorkspaceId: string | null | undefined): OtherWorkspace => {
  const services = useServices();
  const { workspace, workspaces } = useSession();
  const [switching, setSwitching] = useState(false);
  const other = contactWorkspaceId && workspace && contactWorkspaceId !== workspace.id ? contactWorkspaceId : null;
  const switchTo = useCallback(async () => {
    if (!other) return;
    setSwitching(true);
    try {
      await services.auth.switchWorkspace(other);
      services.reload();
    } catch {
      // the client reported it
      setSwitching(false);
    }
  }, [services, other]);
  return { workspaceId: other, workspaceName: workspaces.find((w) => w.id === other)?.name ?? other ?? '', switching, switchTo };
};

export function OtherWorkspaceGuard({ guard }: { guard: OtherWorkspace }) {
  const { t } = useTranslation();
  if (!guard.workspaceId) return null;
  return (
    <Callout intent={Intent.WARNING} icon={<WarningSignIcon />} className="cm-other-workspace" role="alert">
      <p>{t('contactWork.otherWorkspace', { workspace: guard.workspaceName })}</p>
      <AppButton intent={Intent.PRIMARY} icon={<SwapHorizontalIcon />} loading={guard.switching} text={t('contactWork.switchWorkspace', { workspace: guard.workspaceName })} onClick={() => void guard.switchTo()} />
    </Callout>
  );
}

/**
 * The whole screen for a contact of another workspace: the session's forms are not this contact's, so none of them is
 * drawn (nothing can be typed that the switch would then throw away), only the warning, the switch and Cancel.
 */
export function OtherWorkspacePage({ guard, title, className, onCancel }: { guard: OtherWorkspace; title: string; className: string; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <div className={`cm-contact-work ${className}`}>
      <ContactWorkStyles />
      <H2 id="cm-page-title" className="cm-contact-work__title">{title}</H2>
      <OtherWorkspaceGuard guard={guard} />
      <div className="cm-contact-work__buttons">
        <Button icon={<ArrowLeftIcon />} text={t('contactWork.cancel')} onClick={onCancel} />
      </div>
    </div>
  );
}
