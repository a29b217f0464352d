import { Button, Callout, Checkbox, Classes, FormGroup, InputGroup, NumericInput } from '@blueprintjs/core';
import { AppDialog } from '../../ui/AppDialog';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../ui/use-return-focus';
import type { BulkActionController } from './use-bulk-action-controller';
import { AppSpinner } from '../../ui/AppSpinner';
import { AppButton } from '../../ui/AppButton';

/** The bulk action dialog (spec 2 §2.2, §5): what it works, the agents under the cap, the extra parameters. */
export const BulkActionDialog = ({ bulk }: { bulk: BulkActionController }) => {
  const { t } = useTranslation();
  const action = bulk.current;
  // mounted fresh at each opening: the focus goes back to the bulk-actions menu button on close
  useReturnFocus(action !== null);
  if (!action) return null;
  const assign = action.onAction.type === 'assign';
  const params = action.additionalParams ?? [];
  return (
    <AppDialog isOpen onClose={bulk.close} title={action.label} className="cm-bulk-dialog">
      <div className={Classes.DIALOG_BODY}>
        {bulk.selectedCount > 0 ? (
          <Callout intent="primary" compact>{t('contactsList.bulk.selectedRows', { count: bulk.selectedCount })}</Callout>
        ) : (
          <>
            <Callout intent="warning" compact>{t('contactsList.bulk.noSelection')}</Callout>
            <FormGroup
              label={t('contactsList.bulk.limit')}
              labelFor="cm-bulk-limit"
              intent={bulk.limitValid ? 'none' : 'danger'}
              helperText={bulk.limitValid ? undefined : t('contactsList.bulk.limitInvalid', { total: bulk.limitMax })}
              className="cm-bulk-limit"
            >
              <NumericInput id="cm-bulk-limit" buttonPosition="none" min={1} max={Math.max(bulk.limitMax, 1)} value={bulk.limit} onValueChange={(value) => bulk.setLimit(value)} fill />
            </FormGroup>
          </>
        )}
        {assign ? (
          <fieldset className="cm-bulk-agents">
            <legend>{t('contactsList.bulk.agents')}</legend>
            {bulk.agentCap !== null ? <p className={Classes.TEXT_MUTED}>{t('contactsList.bulk.agentCap', { max: bulk.agentCap, count: bulk.chosenAgents.length })}</p> : null}
            {bulk.agentsLoading ? <AppSpinner size={20} /> : null}
            {!bulk.agentsLoading && bulk.agents.length === 0 ? <p>{t('contactsList.bulk.noAgents')}</p> : null}
            {bulk.agents.map((agent) => (
              <Checkbox
                key={agent.id}
                label={agent.username}
                checked={bulk.chosenAgents.includes(agent.id)}
                disabled={bulk.agentDisabled(agent.id)}
                onChange={() => bulk.toggleAgent(agent.id)}
              />
            ))}
            {bulk.touched && bulk.chosenAgents.length === 0 ? <p className="cm-bulk-error" role="alert">{t('contactsList.bulk.agentsRequired')}</p> : null}
          </fieldset>
        ) : null}
        {params.map((param) => {
          const problem = bulk.touched ? bulk.problems[param.name] : undefined;
          const id = `cm-bulk-param-${param.name}`;
          return (
            <FormGroup
              key={param.name}
              label={param.label}
              labelFor={id}
              labelInfo={param.required ? '*' : undefined}
              intent={problem ? 'danger' : 'none'}
              helperText={problem ? t(`contactsList.bulk.${problem}`) : undefined}
            >
              <InputGroup id={id} value={bulk.params[param.name] ?? ''} intent={problem ? 'danger' : 'none'} onValueChange={(value) => bulk.setParam(param.name, value)} />
            </FormGroup>
          );
        })}
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button text={t('contactsList.bulk.cancel')} onClick={bulk.close} />
          <AppButton intent="primary" text={t('contactsList.bulk.run')} loading={bulk.running} onClick={() => void bulk.run()} />
        </div>
      </div>
    </AppDialog>
  );
};
