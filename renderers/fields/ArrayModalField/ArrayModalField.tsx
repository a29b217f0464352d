import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, Intent } from '@blueprintjs/core';
import { AddIcon, EditIcon, TrashIcon } from '@blueprintjs/icons';
import { PlainButton } from '../../templates/PlainButton/PlainButton';
import { useMemo, useState } from 'react';
import type { JsonSchema } from '../../../src/translator/types';
import type { ItemsUiSchema, ModalArrayOptions } from '../../../src/translator/ui-schema';
import { FastForm } from '../../ContactForm/FastForm';
import { asItems, changeField, fieldOptions, fieldT, type ThemeFieldProps } from '../field-support';
import { canAddMore, cellText, cleanItem, counterText, requiredFieldsValid } from './array-items';

/**
 * An array edited in a modal (spec 2 §2.5 and §5): the counter "(min: x max: y)", add only under the maximum and
 * only when the item's required fields are valid, invalid optional values dropped. The modal renders only when open.
 */
export function ArrayModalField(props: ThemeFieldProps) {
  const { schema, uiSchema, formData, readonly, disabled, registry, fieldPathId, rawErrors, required } = props;
  const t = fieldT(props);
  const locale = registry.formContext?.locale ?? 'it-IT';
  const itemSchema = (schema.items ?? { type: 'object', properties: {} }) as JsonSchema;
  const itemUi = (uiSchema?.items ?? {}) as ItemsUiSchema;
  const items = asItems(formData);
  const min = typeof schema.minItems === 'number' ? schema.minItems : undefined;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const label = String(schema.title ?? props.name);
  const itemLabel = fieldOptions<ModalArrayOptions>(props).arrayLabel ?? label;
  const [editing, setEditing] = useState<{ index: number | null; initial: Record<string, unknown>; item: Record<string, unknown> } | null>(null);
  const [dropped, setDropped] = useState<string[]>([]);
  const columns = useMemo(() => Object.keys(itemSchema.properties ?? {}), [itemSchema]);
  const id = fieldPathId.$id;
  const locked = readonly || disabled;

  const save = () => {
    if (!editing) return;
    const { item, dropped: lost } = cleanItem(itemSchema, editing.item, locale);
    const next = [...items];
    if (editing.index === null) next.push(item); else next[editing.index] = item;
    setDropped(lost.map((f) => itemSchema.properties?.[f]?.title ?? f));
    changeField(props, next);
    setEditing(null);
  };
  const valid = editing ? requiredFieldsValid(itemSchema, editing.item, locale) : false;

  return (
    <div className="cm-array" id={id} role="group" aria-labelledby={`${id}__label`}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <span id={`${id}__label`} className="bp6-label" style={{ margin: 0 }}>{label}{required ? <span aria-hidden="true"> *</span> : null}</span>
        <span className={`${Classes.TAG} ${Classes.MINIMAL} ${Classes.ROUND}`} data-testid={`${id}__counter`}>{counterText(items.length, min, max, t('array.counter'))}</span>
        {locked ? null : (
          <PlainButton icon={<AddIcon size={12} />} text={t('array.add')} disabled={!canAddMore(items.length, max)} onClick={() => { setDropped([]); setEditing({ index: null, initial: {}, item: {} }); }} />
        )}
      </div>
      {items.length ? (
        <HTMLTable compact striped className="cm-array__table">
          <thead><tr>{columns.map((c) => <th key={c}>{itemSchema.properties?.[c]?.title ?? c}</th>)}{locked ? null : <th aria-label={t('array.edit')} />}</tr></thead>
          <tbody>
            {items.map((item, i) => (
              <tr key={i}>
                {columns.map((c) => <td key={c}>{cellText(itemSchema.properties?.[c] as JsonSchema | undefined, item[c], t, locale)}</td>)}
                {locked ? null : (
                  <td>
                    <PlainButton minimal icon={<EditIcon size={12} />} label={`${t('array.edit')} ${i + 1}`} onClick={() => { setDropped([]); setEditing({ index: i, initial: item, item: { ...item } }); }} />
                    <PlainButton minimal icon={<TrashIcon size={12} />} intent={Intent.DANGER} label={`${t('common.remove')} ${i + 1}`} onClick={() => { const next = items.filter((_, j) => j !== i); changeField(props, next.length ? next : undefined); }} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : <p className="bp6-text-muted">{t('array.empty')}</p>}
      {dropped.length ? <Callout intent={Intent.WARNING} compact>{t('array.invalidDropped')}: {dropped.join(', ')}</Callout> : null}
      {rawErrors?.length ? <div className="bp6-form-helper-text cm-errors" role="alert">{rawErrors.join(' · ')}</div> : null}
      <Dialog isOpen={editing !== null} onClose={() => setEditing(null)} title={`${itemLabel} — ${editing?.index === null ? t('array.newItem') : t('array.edit')}`} lazy>
        {editing ? (
          <>
            <DialogBody>
              <FastForm
                theme={registry}
                schema={itemSchema}
                uiSchema={itemUi}
                formData={editing.initial}
                formContext={registry.formContext}
                idPrefix={`${id}__item`}
                onChange={(values) => setEditing((e) => (e ? { ...e, item: values } : e))}
              />
            </DialogBody>
            <DialogFooter actions={[
              <Button key="cancel" text={t('common.cancel')} onClick={() => setEditing(null)} />,
              <Button key="save" intent={Intent.PRIMARY} text={editing.index === null ? t('array.add') : t('common.save')} disabled={!valid || (editing.index === null && !canAddMore(items.length, max))} onClick={save} />,
            ]} />
          </>
        ) : null}
      </Dialog>
    </div>
  );
}
