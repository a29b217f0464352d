import { Button, Callout, Tab, TabPanel, Tabs, Tag } from '@blueprintjs/core';
import { ArrowLeft, Trash, Upload } from '@blueprintjs/icons';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createWorkspaceConfigApi } from '@api-client/workspace-config-client';
import type { ConfigDocument } from '@domain/api/workspace-config';
import { problemLanguage } from '@translator/problem-messages';
import dataModelSchema from '../../../../../schemas/data-model.schema.json';
import workspaceSchema from '../../../../../schemas/workspace.schema.json';
import { useServices } from '../../../services/services-context';
import { ConfigPreview } from '../../../ui/config-preview/ConfigPreview';
import { formatDateTime } from '../../../ui/date-time';
import { previewFormKeys, type PreviewFormKey } from '../../../ui/config-preview/preview-form-keys';
import { createDraftStore } from './draft-storage';
import type { DraftChecker } from './draft-check';
import { createDraftChecker } from './draft-worker';
import { JsonCodeEditor, type EditorSchema } from './JsonCodeEditor';
import { ProblemsPanel } from './ProblemsPanel';
import { CODEMIRROR_PHRASES } from './codemirror-phrases';
import { PublishDialog } from './PublishDialog';
import { CONFIG_DOCUMENTS, useConfigEditorController, type ConfigDocumentName, type EditorTarget } from './use-config-editor-controller';
import { AppSpinner } from '../../../ui/AppSpinner';
import { AppAlert } from '../../../ui/AppAlert';

const SCHEMAS: Record<ConfigDocumentName, EditorSchema> = {
  workspace: workspaceSchema as unknown as EditorSchema,
  dataModel: dataModelSchema as unknown as EditorSchema,
};

/** What "New workspace" starts from: the smallest configuration that validates. */
export const newWorkspaceTemplate = (): { workspace: ConfigDocument; dataModel: ConfigDocument } => ({
  workspace: {
    id: 'nuovo-workspace',
    name: 'Nuovo workspace',
    dataModelId: 'dm-nuovo-workspace',
    enabled: true,
    states: { NUOVO: { label: 'Nuovo', manual: true }, CHIUSO: { label: 'Chiuso', manual: true } },
    entryState: 'NUOVO',
    closingStates: ['CHIUSO'],
  },
  dataModel: {
    id: 'dm-nuovo-workspace',
    model: { nome: { label: 'Nome', required: true }, telefono: { label: 'Telefono', dataType: 'string' } },
    outputs: { esito: { label: 'Esito' } },
    modelContactProperty: 'telefono',
  },
});

const EDITOR_CSS = `
.cm-config-editor { display: flex; flex-direction: column; gap: 0.5rem; }
.cm-config-editor__toolbar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.cm-config-editor__title { margin: 0; font-size: 16px; }
.cm-config-editor__spacer { flex: 1; }
.cm-config-editor__body { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 0.75rem; align-items: start; }
@media (max-width: 1100px) { .cm-config-editor__body { grid-template-columns: minmax(0, 1fr); } }
.cm-config-editor__documents { display: flex; flex-direction: column; gap: 0.5rem; min-width: 0; }
.cm-config-editor__panel { margin: 0; }
.cm-config-editor__panel[aria-hidden="true"] { display: none; }
.cm-json-editor { height: 60vh; min-height: 320px; }
.cm-json-editor[hidden] { display: none; }
.cm-config-editor__preview { min-width: 0; max-height: 80vh; overflow: auto; contain: content; }
.cm-config-editor__preview .cm-form > * { content-visibility: auto; contain-intrinsic-size: auto 240px; }
.cm-json-editor, .cm-problems { contain: content; }
.cm-problems { border: 1px solid rgba(17, 20, 24, 0.15); border-radius: 2px; padding: 0.5rem; max-height: 30vh; overflow: auto; }
.cm-problems__title { margin: 0 0 0.25rem; font-size: 14px; display: flex; gap: 0.75rem; align-items: center; }
.cm-problems__checking { display: inline-flex; gap: 0.25rem; align-items: center; font-weight: normal; color: #5f6b7c; }
.cm-problems__list { list-style: none; margin: 0; padding: 0; }
.cm-problems__item { display: grid; grid-template-columns: 20px 110px minmax(120px, auto) 1fr auto; gap: 0.5rem; width: 100%; text-align: left; background: none; border: 0; padding: 4px; cursor: pointer; align-items: baseline; font: inherit; }
.cm-problems__item:hover, .cm-problems__item:focus-visible { background: rgba(45, 114, 210, 0.1); }
.cm-problems__place { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.cm-problems__line { color: #5f6b7c; font-size: 12px; white-space: nowrap; }
.cm-problems__pointer { word-break: break-all; }
.cm-problems__rule { color: #5f6b7c; font-size: 12px; }
.cm-problems__none { margin: 0; display: flex; gap: 0.5rem; align-items: center; }
`;

// The preview re-translates only when the last valid draft changes, not on every keystroke.
const Preview = memo(ConfigPreview);

/** The documents' tabs: each tab's aria-controls names the panel (a TabPanel of the same parent id) holding its editor. */
const DOCUMENT_TABS_ID = 'cm-config-editor-documents';

/** The documents' tabs with their error counts; re-rendered only when those change (Blueprint's Tabs measures the DOM on every render). */
const DocumentTabs = memo(function DocumentTabs({ active, onChange, workspaceErrors, dataModelErrors }: { active: ConfigDocumentName; onChange(document: ConfigDocumentName): void; workspaceErrors: number; dataModelErrors: number }) {
  const { t } = useTranslation();
  const errors: Record<ConfigDocumentName, number> = { workspace: workspaceErrors, dataModel: dataModelErrors };
  return (
    <Tabs id={DOCUMENT_TABS_ID} selectedTabId={active} onChange={(id) => onChange(id as ConfigDocumentName)}>
      {CONFIG_DOCUMENTS.map((document) => (
        <Tab key={document} id={document} title={t(`workspaceConfig.editor.${document}`)} tagContent={errors[document] > 0 ? errors[document] : undefined} tagProps={{ intent: 'danger', round: true }} />
      ))}
    </Tabs>
  );
});

export interface ConfigEditorProps {
  target: EditorTarget;
  onClose(): void;
  onPublished(workspaceId: string, version: number): void;
}

/**
 * The configuration editor (issue 13): the workspace and its data model as JSON (CodeMirror 6 with the schemas'
 * completion and hover), the problems panel, the live preview of the last valid draft, Publish and Discard draft.
 * Its own chunk: WorkspacesTab loads it lazily.
 */
export function ConfigEditor({ target, onClose, onPublished }: ConfigEditorProps) {
  const { t, i18n } = useTranslation();
  const phrases = useMemo(() => Object.fromEntries(Object.entries(CODEMIRROR_PHRASES).map(([phrase, key]) => [phrase, t(`workspaceConfig.editor.codemirror.${key}`)])), [t]);
  const { api } = useServices();
  const configApi = useMemo(() => createWorkspaceConfigApi(api), [api]);
  const drafts = useMemo(() => createDraftStore(window.localStorage), []);
  // the check and the preview's translation run in a worker; the forms it translates are the ones the preview shows
  const [checker, setChecker] = useState<DraftChecker>();
  useEffect(() => {
    const created = createDraftChecker();
    setChecker(created);
    return () => created.dispose();
  }, []);
  const shownForms = useRef<readonly PreviewFormKey[]>(previewFormKeys('show', 'admin'));
  const previewForms = useCallback(() => shownForms.current, []);
  const onFormsShown = useCallback((keys: PreviewFormKey[]) => { shownForms.current = keys; }, []);
  const editor = useConfigEditorController({ api: configApi, target, drafts, template: newWorkspaceTemplate, onPublished, language: problemLanguage(i18n.language), checker, previewForms });
  // The preview follows at a lower priority than the typing and the problems list: React renders it in the background
  // and drops that render when a newer draft comes (data-draft-revision: the checked draft the preview stands for).
  const previewed = useMemo(() => ({ draft: editor.lastValid, checked: editor.checked }), [editor.lastValid, editor.checked]);
  const preview = useDeferredValue(previewed);
  const previewErrors = preview.checked?.errors ?? 0;
  const workspaceId = target.mode === 'edit' ? target.workspaceId : null;
  const title = workspaceId
    ? t('workspaceConfig.editor.title', { id: workspaceId, version: editor.base?.version ?? '…' })
    : t('workspaceConfig.editor.newTitle');
  const problemsOf = useMemo(() => ({
    workspace: editor.problems.filter((problem) => problem.document === 'workspace'),
    dataModel: editor.problems.filter((problem) => problem.document === 'dataModel'),
  }), [editor.problems]);
  const countOf = (document: ConfigDocumentName) => problemsOf[document].filter((problem) => problem.severity === 'error').length;
  const draftId = (() => {
    const id = editor.lastValid?.workspace.id;
    return typeof id === 'string' ? id : '';
  })();

  return (
    <section className="cm-config-editor" aria-labelledby="cm-config-editor-title" data-draft-revision={editor.status === 'ready' ? editor.revision : undefined}>
      <style>{EDITOR_CSS}</style>
      <div className="cm-config-editor__toolbar">
        <Button variant="minimal" icon={<ArrowLeft />} text={t('workspaceConfig.editor.back')} onClick={onClose} />
        <h2 id="cm-config-editor-title" className="cm-config-editor__title">{title}</h2>
        {editor.dirty ? <Tag intent="warning" minimal>{t('workspaceConfig.editor.unpublished')}</Tag> : null}
        <span className="cm-config-editor__spacer" />
        <Button icon={<Trash />} text={t('workspaceConfig.editor.discard')} disabled={!editor.dirty || editor.status !== 'ready'} onClick={editor.requestDiscard} />
        <Button intent="primary" icon={<Upload />} text={t('workspaceConfig.editor.publish')} disabled={!editor.canPublish} onClick={() => void editor.requestPublish()} />
      </div>
      {editor.status === 'loading' ? <AppSpinner size={30} /> : null}
      {editor.loadError ? (
        <Callout intent="danger" role="alert">
          {t('workspaceConfig.editor.loadError', { message: editor.loadError })}{' '}
          <Button size="small" text={t('workspaceConfig.editor.retryLoad')} onClick={editor.retryLoad} />
        </Callout>
      ) : null}
      {editor.restored ? (
        <Callout intent="primary" className="cm-config-editor__restored">
          {t(editor.restored.staleBase ? 'workspaceConfig.editor.restoredStale' : 'workspaceConfig.editor.restored', { at: formatDateTime(editor.restored.savedAt) })}{' '}
          <Button variant="minimal" size="small" text={t('workspaceConfig.editor.dismiss')} onClick={editor.dismissRestored} />
        </Callout>
      ) : null}
      {editor.conflict ? (
        <Callout intent="danger" className="cm-config-editor__conflict" title={t('workspaceConfig.editor.conflictTitle')}>
          <p>
            {editor.conflict.currentVersion === null
              ? t('workspaceConfig.editor.conflictUnknown', { base: editor.base?.version ?? '' })
              : editor.conflict.currentVersion === editor.base?.version && editor.conflict.currentDataModelVersion !== null
                ? t('workspaceConfig.editor.conflictDataModel', { version: editor.conflict.currentDataModelVersion, base: editor.base.dataModelVersion })
                : t('workspaceConfig.editor.conflict', { version: editor.conflict.currentVersion, base: editor.base?.version ?? '' })}
          </p>
          <Button intent="primary" text={t('workspaceConfig.editor.reloadCurrent')} onClick={() => void editor.reloadCurrent()} />
        </Callout>
      ) : null}
      {editor.rebasedOn !== null ? <Callout intent="primary">{t('workspaceConfig.editor.rebased', { version: editor.rebasedOn })}</Callout> : null}
      {editor.published !== null && !editor.dirty ? <Callout intent="success">{t('workspaceConfig.editor.published', { version: editor.published })}</Callout> : null}
      {editor.checkFailed ? <Callout intent="warning" compact>{t('workspaceConfig.editor.checkFailed')}</Callout> : null}
      {editor.status === 'ready' ? (
        <div className="cm-config-editor__body">
          <div className="cm-config-editor__documents">
            <DocumentTabs active={editor.active} onChange={editor.setActive} workspaceErrors={countOf('workspace')} dataModelErrors={countOf('dataModel')} />
            {CONFIG_DOCUMENTS.map((document) => (
              <TabPanel
                key={document}
                id={document}
                parentId={DOCUMENT_TABS_ID}
                selectedTabId={editor.active}
                renderActiveTabPanelOnly={false}
                className="cm-config-editor__panel"
                panel={(
                  <JsonCodeEditor
                    id={`cm-config-editor-${document}`}
                    label={t(`workspaceConfig.editor.${document}`)}
                    hidden={editor.active !== document}
                    value={editor.texts[document]}
                    onChange={(text) => editor.setText(document, text)}
                    schema={SCHEMAS[document]}
                    problems={problemsOf[document]}
                    jump={editor.jump?.document === document ? editor.jump : null}
                    onSave={() => void editor.requestPublish()}
                    phrases={phrases}
                  />
                )}
              />
            ))}
            <ProblemsPanel problems={editor.problems} validating={editor.validating} revision={editor.problemsRevision} onSelect={editor.focusProblem} />
          </div>
          <aside className="cm-config-editor__preview" aria-label={t('workspaceConfig.editor.preview')} data-draft-revision={preview.checked?.revision} data-draft-errors={preview.checked ? previewErrors : undefined}>
            {previewErrors > 0 && preview.draft ? <Callout intent="warning" compact role="status" className="cm-config-editor__preview-stale">{t('configPreview.stale', { count: previewErrors })}</Callout> : null}
            <Preview workspace={preview.draft?.workspace ?? null} dataModel={preview.draft?.dataModel ?? null} prepared={preview.draft?.forms} onFormsShown={onFormsShown} checked />
          </aside>
        </div>
      ) : null}
      <AppAlert
        isOpen={editor.discardAsked}
        intent="danger"
        icon={<Trash />}
        confirmButtonText={t('workspaceConfig.editor.discardConfirm.confirm')}
        cancelButtonText={t('workspaceConfig.editor.discardConfirm.cancel')}
        onConfirm={editor.discard}
        onCancel={editor.cancelDiscard}
        canEscapeKeyCancel
      >
        <p>{t('workspaceConfig.editor.discardConfirm.text')}</p>
      </AppAlert>
      <PublishDialog editor={editor} title={workspaceId ? t('workspaceConfig.publish.title', { id: workspaceId }) : t('workspaceConfig.publish.createTitle', { id: draftId })} />
    </section>
  );
}
