import { Button, Callout, DialogBody, DialogFooter, FormGroup, HTMLTable, TextArea } from '@blueprintjs/core';
import { AppDialog } from '../../../ui/AppDialog';
import { useTranslation } from 'react-i18next';
import type { ConfigEditorController } from './use-config-editor-controller';
import { AppSpinner } from '../../../ui/AppSpinner';
import { AppButton } from '../../../ui/AppButton';

/** The confirmation of a publish: what it does to existing contacts (impact), a comment, then publish. Esc cancels. */
export function PublishDialog({ editor, title }: { editor: ConfigEditorController; title: string }) {
  const { t } = useTranslation();
  const { publish } = editor;
  const impact = publish.impact;
  const creating = editor.target.mode === 'create';
  return (
    <AppDialog isOpen={publish.open} title={title} onClose={editor.closePublish} canOutsideClickClose={!publish.publishing} style={{ width: 640 }} className="cm-publish-dialog">
      <DialogBody>
        {creating ? <p>{t('workspaceConfig.publish.createText')}</p> : null}
        {publish.impactLoading ? <p><AppSpinner size={16} /> {t('workspaceConfig.publish.impactLoading')}</p> : null}
        {publish.impactFailed ? <Callout intent="warning" compact>{t('workspaceConfig.publish.impactFailed')}</Callout> : null}
        {impact ? (
          <Callout intent={impact.failing > 0 ? 'warning' : 'success'} compact className="cm-publish-dialog__impact">
            {impact.failing > 0
              ? t('workspaceConfig.publish.impact', { failing: impact.failing, checked: impact.checked, count: impact.checked })
              : t('workspaceConfig.publish.impactNone', { checked: impact.checked, count: impact.checked })}
          </Callout>
        ) : null}
        {impact && impact.examples.length > 0 ? (
          <HTMLTable compact striped aria-label={t('workspaceConfig.publish.examples')} style={{ width: '100%', margin: '0.5rem 0' }}>
            <thead>
              <tr>
                <th scope="col">{t('workspaceConfig.publish.columns.contact')}</th>
                <th scope="col">{t('workspaceConfig.publish.columns.field')}</th>
                <th scope="col">{t('workspaceConfig.publish.columns.message')}</th>
              </tr>
            </thead>
            <tbody>
              {impact.examples.map((example, index) => (
                <tr key={`${example.contactId}${example.field}${index}`}>
                  <td><code>{example.contactId}</code></td>
                  <td>{example.field}</td>
                  <td>{example.message}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
        <FormGroup label={t('workspaceConfig.publish.comment')} labelFor="cm-publish-comment">
          <TextArea id="cm-publish-comment" fill value={publish.comment} maxLength={2000} placeholder={t('workspaceConfig.publish.commentPlaceholder')} onChange={(event) => editor.setComment(event.currentTarget.value)} />
        </FormGroup>
        {publish.error ? <Callout intent="danger" compact>{publish.error}</Callout> : null}
      </DialogBody>
      <DialogFooter
        actions={(
          <>
            <Button text={t('workspaceConfig.publish.cancel')} disabled={publish.publishing} onClick={editor.closePublish} />
            <AppButton intent="primary" text={creating ? t('workspaceConfig.publish.confirmCreate') : t('workspaceConfig.publish.confirm')} loading={publish.publishing} onClick={() => void editor.confirmPublish()} />
          </>
        )}
      />
    </AppDialog>
  );
}
