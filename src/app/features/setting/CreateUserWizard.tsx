import { Button, Callout, DialogBody, DialogStep, FormGroup, InputGroup } from '@blueprintjs/core';
import { Tick, WarningSign } from '@blueprintjs/icons';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsersClient } from '@api-client/users-client';
import type { Role } from '@domain/roles';
import { AppMultistepDialog } from '../../ui/AppMultistepDialog';
import { MultiPick } from '../../ui/MultiPick';
import { TemporaryPasswordView } from './TemporaryPasswordView';
import { useCreateUserController, type Creator, type PlacementSource } from './use-create-user-controller';
import { AppSpinner } from '../../ui/AppSpinner';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

const USERNAME_NEXT_ID = 'cm-new-user-next';

/**
 * Create user (spec 1 §4, §5): a Blueprint MultistepDialog (AppMultistepDialog) of three steps. Continue on step 1 needs an available
 * username (checked 500 ms after typing stops); on step 2 a complete role choice; step 3 shows the summary and saves.
 * After saving the temporary password shows, Back and Save go, and closing reloads the table.
 */
export function CreateUserWizard({ users, creator, source, onClose }: {
  users: UsersClient;
  creator: Creator;
  source: PlacementSource;
  onClose(created: boolean): void;
}) {
  const { t } = useTranslation();
  const wizard = useCreateUserController({ users, creator, source });
  const roleName = (role: Role) => t(`roles.${role}`);
  const nameOf = (items: { id: string; name: string }[], ids: readonly string[]) => items.filter((i) => ids.includes(i.id)).map((i) => i.name).join(', ') || t('modals.newUser.none');
  const hidden = { style: { display: 'none' } };

  const availabilityText = {
    empty: null,
    invalid: <span className="cm-availability cm-availability--bad" role="alert"><WarningSign /> {t('modals.newUser.usernameInvalid')}</span>,
    checking: <span className="cm-availability"><AppSpinner size={12} /> {t('modals.newUser.checking')}</span>,
    available: <span className="cm-availability cm-availability--ok"><Tick /> {t('modals.newUser.userAvailable')}</span>,
    taken: <span className="cm-availability cm-availability--bad" role="alert"><WarningSign /> {t('modals.newUser.userNotAvailable')}</span>,
    unknown: null,
  }[wizard.availability];

  // Enter in the username goes on as Next does, once Next is enabled. MultistepDialog keeps its step to itself (no
  // controlled step), so the form presses the step's Next button.
  const submitUsername = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (wizard.usernameDone) document.getElementById(USERNAME_NEXT_ID)?.click();
  };
  const usernamePanel = (
    <DialogBody>
      <form onSubmit={submitUsername}>
        <FormGroup label={t('modals.newUser.username')} labelFor="cm-new-username" helperText={availabilityText ?? t('modals.newUser.usernameHelp')} intent={wizard.availability === 'taken' || wizard.availability === 'invalid' ? 'danger' : 'none'}>
          <InputGroup id="cm-new-username" autoFocus value={wizard.username} onValueChange={wizard.setUsername} autoComplete="off" />
        </FormGroup>
      </form>
    </DialogBody>
  );

  const needsOutsourcer = wizard.role !== null && wizard.role !== 'middle' && wizard.outsourcersExist;
  const needsSites = wizard.role !== null && ['site-manager', 'team-leader', 'basic'].includes(wizard.role) && wizard.outsourcersExist;
  const needsTeams = wizard.role !== null && ['team-leader', 'basic'].includes(wizard.role) && wizard.outsourcersExist;
  const pickText = { allText: t('modals.newUser.none'), countText: (count: number) => t('orgFilter.selected', { count }) };
  const rolePanel = (
    <DialogBody>
      <FormGroup label={t('modals.newUser.role')} labelFor="cm-new-role">
        <PlainSelect
          id="cm-new-role"
          fill
          value={wizard.role ?? ''}
          onChange={(event) => wizard.setRole((event.currentTarget.value || null) as Role | null)}
          options={[{ value: '', label: t('modals.newUser.chooseRole') }, ...wizard.roles.map((role) => ({ value: role, label: roleName(role) }))]}
        />
      </FormGroup>
      {!wizard.outsourcersExist ? <Callout intent="primary">{t('modals.newUser.noOutsourcers')}</Callout> : null}
      {wizard.outsourcersStatus === 'failed' ? (
        <Callout intent="danger" role="alert" title={t('modals.newUser.outsourcersLoadError')}>
          <Button text={t('modals.newUser.retry')} onClick={wizard.retryOutsourcers} />
        </Callout>
      ) : null}
      {wizard.placeFailed ? (
        <Callout intent="danger" role="alert" title={t('modals.newUser.listLoadError', { list: t(`modals.newUser.${wizard.placeFailed}`) })}>
          <Button text={t('modals.newUser.retry')} onClick={wizard.retryPlace} />
        </Callout>
      ) : null}
      {needsOutsourcer ? (
        <FormGroup label={t('modals.newUser.outsourcer')} labelFor="cm-new-outsourcer">
          <PlainSelect
            id="cm-new-outsourcer"
            fill
            value={wizard.outsourcerId ?? ''}
            onChange={(event) => wizard.chooseOutsourcer(event.currentTarget.value || null)}
            options={[{ value: '', label: t('modals.newUser.chooseOutsourcer') }, ...wizard.outsourcers.map((o) => ({ value: o.id, label: o.name }))]}
          />
        </FormGroup>
      ) : null}
      {/* form fields like Role and Outsourcer above (cm-create-user__pick: label above, full width), not a list's filter */}
      {needsSites ? (
        <FormGroup className="cm-create-user__pick">
          <MultiPick label={t('modals.newUser.sites')} items={wizard.sites} selected={wizard.siteIds} onChange={wizard.chooseSites} disabled={!wizard.outsourcerId} {...pickText} />
        </FormGroup>
      ) : null}
      {needsTeams ? (
        <FormGroup className="cm-create-user__pick">
          <MultiPick label={t('modals.newUser.teams')} items={wizard.teams} selected={wizard.teamIds} onChange={wizard.chooseTeams} disabled={wizard.siteIds.length === 0} {...pickText} />
        </FormGroup>
      ) : null}
    </DialogBody>
  );

  const summaryPanel = (
    <DialogBody>
      <dl className="cm-summary">
        <dt>{t('modals.newUser.username')}</dt><dd data-summary="username">{wizard.username.trim()}</dd>
        <dt>{t('modals.newUser.role')}</dt><dd data-summary="role">{wizard.role ? roleName(wizard.role) : ''}</dd>
        {needsOutsourcer ? <><dt>{t('modals.newUser.outsourcer')}</dt><dd>{nameOf(wizard.outsourcers, wizard.outsourcerId ? [wizard.outsourcerId] : [])}</dd></> : null}
        {needsSites ? <><dt>{t('modals.newUser.sites')}</dt><dd>{nameOf(wizard.sites, wizard.siteIds)}</dd></> : null}
        {needsTeams ? <><dt>{t('modals.newUser.teams')}</dt><dd>{nameOf(wizard.teams, wizard.teamIds)}</dd></> : null}
      </dl>
      {wizard.error ? <Callout intent="danger" title={t('modals.newUser.saveFailed')}>{wizard.error}</Callout> : null}
      {wizard.created ? <TemporaryPasswordView username={wizard.created.username} password={wizard.created.password} /> : null}
    </DialogBody>
  );

  const created = wizard.created !== null;
  // The temporary password is shown only now: once it shows, only the Close button closes (no Escape, no click
  // outside). Before saving, Escape still closes (a deliberate key, as in every dialog of the app), but a stray click
  // outside does not once a username or role was entered.
  return (
    <AppMultistepDialog
      isOpen
      title={t('modals.newUser.title')}
      className="cm-create-user"
      onClose={() => onClose(created)}
      canEscapeKeyClose={!created}
      canOutsideClickClose={!created && !wizard.hasInput}
      navigationPosition="top"
      resetOnClose
      showCloseButtonInFooter={created}
      closeButtonProps={{ text: t('modals.newUser.close') }}
      backButtonProps={created ? hidden : { text: t('modals.newUser.back') }}
      nextButtonProps={{ text: t('modals.newUser.next') }}
      finalButtonProps={created ? hidden : { text: t('modals.newUser.save'), loading: wizard.saving, onClick: () => void wizard.save() }}
    >
      <DialogStep id="username" title={t('modals.newUser.stepUsername')} panel={usernamePanel} nextButtonProps={{ id: USERNAME_NEXT_ID, text: t('modals.newUser.next'), disabled: !wizard.usernameDone }} />
      <DialogStep id="role" title={t('modals.newUser.stepRole')} panel={rolePanel} nextButtonProps={{ text: t('modals.newUser.next'), disabled: !wizard.roleDone }} backButtonProps={{ text: t('modals.newUser.back') }} />
      <DialogStep id="summary" title={t('modals.newUser.stepSummary')} panel={summaryPanel} backButtonProps={created ? hidden : { text: t('modals.newUser.back') }} />
    </AppMultistepDialog>
  );
}
