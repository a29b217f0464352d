import { Callout, Classes, FileInput, HTMLTable, Intent } from '@blueprintjs/core';
import { EyeOpenIcon, TrashIcon } from '@blueprintjs/icons';
import { PlainButton } from '../../templates/PlainButton/PlainButton';
import { useState } from 'react';
import type { StoredFile } from '../../form-context';
import { ACCEPTED_TYPES, prepareFile, type ImageCompressor } from '../../attachments/file-rules';
import { fileToItem, itemToFile } from '../../attachments/file-items';
import type { JsonSchema } from '@translator/types';
import type { AttachmentListOptions, DocumentListOptions } from '@translator/ui-schema';
import { canAddMore, counterText } from '../ArrayModalField/array-items';
import { asItems, changeField, fieldOptions, fieldT, type ThemeFieldProps } from '../field-support';
import { MediaViewer } from '../MediaViewer/MediaViewer';


export interface FileListEditorProps { field: ThemeFieldProps; variant: 'attachment' | 'doc'; compress?: ImageCompressor }

/**
 * The attachment and document lists (spec 2 §2.3 and §5): pdf, png and jpeg; images compressed to 5 MB; the limit
 * from attachmentConfigs.maxSize; images and PDFs open in the media viewer.
 */
export function FileListEditor({ field, variant, compress }: FileListEditorProps) {
  const { schema, formData, readonly, disabled, registry, fieldPathId, rawErrors, required } = field;
  const t = fieldT(field);
  const options = fieldOptions<AttachmentListOptions | DocumentListOptions>(field);
  const maxSize = options.arrayKind === 'attachment' ? options.maxSize : undefined;
  const items = asItems(formData);
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const min = typeof schema.minItems === 'number' ? schema.minItems : undefined;
  const label = String(schema.title ?? field.name);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<StoredFile | null>(null);
  const id = fieldPathId.$id;

  const add = async (file: File) => {
    setMessage(null);
    const prepared = await prepareFile(file, maxSize ?? 5_000_000, compress);
    if ('problem' in prepared) {
      setMessage(prepared.problem.kind === 'unsupported' ? t('file.unsupported') : t('file.tooLarge', { n: prepared.problem.limitMb }));
      return;
    }
    setBusy(true);
    try {
      const stored = await registry.formContext.services.uploadFile(prepared.file, field.name);
      changeField(field, [...items, fileToItem(stored, schema.items as JsonSchema | undefined)]);
    } catch {
      setMessage(t('file.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`cm-files cm-files--${variant}`} id={id} role="group" aria-labelledby={`${id}__label`}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <span id={`${id}__label`} className="bp6-label" style={{ margin: 0 }}>{label}{required ? <span aria-hidden="true"> *</span> : null}</span>
        <span className={`${Classes.TAG} ${Classes.MINIMAL} ${Classes.ROUND}`}>{counterText(items.length, min, max, t('array.counter'))}</span>
      </div>
      {items.length ? (
        <HTMLTable compact className="cm-files__table">
          <tbody>
            {items.map((raw, i) => {
              const f = itemToFile(raw, schema.items as JsonSchema | undefined, registry.formContext.services.fileUrl);
              return (
                <tr key={`${f.url}-${i}`}>
                  <td>{f.name}</td>
                  <td>{f.size ? `${(f.size / 1_000_000).toFixed(2)} MB` : ''}</td>
                  <td>
                    <PlainButton minimal icon={<EyeOpenIcon size={12} />} text={t('file.view')} label={`${t('file.view')} ${f.name}`} onClick={() => setViewing(f)} />
                    {readonly || disabled ? null : <PlainButton minimal icon={<TrashIcon size={12} />} intent={Intent.DANGER} label={`${t('common.remove')} ${f.name}`} onClick={() => { const next = items.filter((_, j) => j !== i); changeField(field, next.length ? next : undefined); }} />}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      ) : null}
      {readonly || disabled ? null : (
        <FileInput
          text={busy ? t('common.loading') : t('file.add')}
          buttonText={t('file.add')}
          disabled={busy || !canAddMore(items.length, max)}
          inputProps={{ accept: variant === 'doc' ? 'application/pdf' : ACCEPTED_TYPES.join(','), 'aria-label': `${label}: ${t('file.add')}` }}
          onInputChange={(e) => { const file = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (file) void add(file); }}
        />
      )}
      {message ? <Callout intent={Intent.DANGER} compact role="alert">{message}</Callout> : null}
      {rawErrors?.length ? <div className="bp6-form-helper-text cm-errors" role="alert">{rawErrors.join(' · ')}</div> : null}
      <MediaViewer file={viewing} onClose={() => setViewing(null)} title={t('file.viewer')} closeLabel={t('common.close')} />
    </div>
  );
}
