import { Button, Callout, Classes, DialogBody, DialogFooter, HTMLTable, Intent } from '@blueprintjs/core';
import { NamedDialog } from '../../layout/NamedDialog/NamedDialog';
import { AddIcon, EditIcon, TrashIcon } from '@blueprintjs/icons';
import { PlainButton } from '../../templates/PlainButton/PlainButton';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { JsonSchema } from '@translator/types';
import type { ItemsUiSchema, ModalArrayOptions } from '@translator/ui-schema';
import { FastForm, type ContactFormHandle } from '../../ContactForm/FastForm';
import type { Translate } from '../../i18n/messages';
import { asItems, changeField, fieldOptions, fieldT, type ThemeFieldProps } from '../field-support';
import { canAddMore, cellText, cleanItem, counterText, requiredFieldsValid } from './array-items';

type Editing = { index: number | null; initial: Record<string, unknown> };

/**
 * An array edited in a modal (spec 2 §2.5 and §5): the counter "(min: x max: y)", add only under the maximum and
 * only when the item's required fields are valid, invalid optional values dropped. The modal renders only when open.
 * The item being typed lives in the dialog and the rows are memoised, so a keystroke in the dialog re-renders the
 * dialog alone, never the table behind it (an array may hold a thousand items).
 */
export function ArrayModalField(props: ThemeFieldProps) {
  const { schema, uiSchema, formData, readonly, disabled, registry, fieldPathId, rawErrors, required } = props;
  const t = fieldT(props);
  const locale = registry.formContext?.locale ?? 'it-IT';
  const itemSchema = (schema.items ?? { type: 'object', properties: {} }) as JsonSchema;
  const itemUi = (uiSchema?.items ?? {}) as ItemsUiSchema;
  const items = useMemo(() => asItems(formData), [formData]);
  const min = typeof schema.minItems === 'number' ? schema.minItems : undefined;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const label = String(schema.title ?? props.name);
  const itemLabel = fieldOptions<ModalArrayOptions>(props).arrayLabel ?? label;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dropped, setDropped] = useState<string[]>([]);
  const columns = useMemo(() => Object.keys(itemSchema.properties ?? {}), [itemSchema]);
  const id = fieldPathId.$id;
  const locked = Boolean(readonly || disabled);
  // The rows' handlers read the latest items and props through a ref, so they stay the same functions across renders.
  const latest = useRef({ items, props });
  latest.current = { items, props };
  const editedFrom = useRef<{ index: number | null } | null>(null);
  const onEdit = useCallback((i: number) => { editedFrom.current = { index: i }; setDropped([]); setEditing({ index: i, initial: latest.current.items[i] }); }, []);
  // The control the dialog was opened from (null: Add). Blueprint gives the focus back to the element focused before
  // opening, which a save may have disabled (Add at the maximum) or drawn anew (the row's pencil): once the dialog
  // has closed, the focus goes to Add, or to the item's current pencil (the new item's when Add is disabled).
  const giveFocusBack = () => {
    const active = document.activeElement;
    const root = document.getElementById(id);
    // unless the user has moved on to another control (the dialog's own field is still there while it fades out)
    if (!root || !editedFrom.current || (active && active !== document.body && !root.contains(active) && !active.closest(`.${Classes.OVERLAY}`))) return;
    const { index } = editedFrom.current;
    const addButton = document.getElementById(`${id}__add`) as HTMLButtonElement | null;
    const target = index !== null ? document.getElementById(`${id}__edit-${index}`)
      : addButton && !addButton.disabled ? addButton : document.getElementById(`${id}__edit-${latest.current.items.length - 1}`);
    target?.focus();
  };
  const onRemove = useCallback((i: number) => {
    const next = latest.current.items.filter((_, j) => j !== i);
    changeField(latest.current.props, next.length ? next : undefined);
  }, []);

  const save = (edited: Record<string, unknown>) => {
    if (!editing) return;
    const { item, dropped: lost } = cleanItem(itemSchema, edited, locale);
    const next = [...items];
    if (editing.index === null) next.push(item); else next[editing.index] = item;
    setDropped(lost.map((f) => itemSchema.properties?.[f]?.title ?? f));
    changeField(props, next);
    setEditing(null);
  };

  return (
    <div className="cm-array" id={id} role="group" aria-labelledby={`${id}__label`}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <span id={`${id}__label`} className="bp6-label" style={{ margin: 0 }}>{label}{required ? <span aria-hidden="true"> *</span> : null}</span>
        <span className={`${Classes.TAG} ${Classes.MINIMAL} ${Classes.ROUND}`} data-testid={`${id}__counter`}>{counterText(items.length, min, max, t('array.counter'))}</span>
        {locked ? null : (
          <PlainButton id={`${id}__add`} icon={<AddIcon size={12} />} text={t('array.add')} disabled={!canAddMore(items.length, max)} onClick={() => { editedFrom.current = { index: null }; setDropped([]); setEditing({ index: null, initial: {} }); }} />
        )}
      </div>
      {items.length ? (
        <HTMLTable compact striped className="cm-array__table">
          <thead><tr>{columns.map((c) => <th key={c}>{itemSchema.properties?.[c]?.title ?? c}</th>)}{locked ? null : <th aria-label={t('array.edit')} />}</tr></thead>
          <ArrayRows items={items} fieldId={id} columns={columns} itemSchema={itemSchema} locked={locked} t={t} locale={locale} onEdit={onEdit} onRemove={onRemove} />
        </HTMLTable>
      ) : <p className="bp6-text-muted">{t('array.empty')}</p>}
      {dropped.length ? <Callout intent={Intent.WARNING} compact>{t('array.invalidDropped')}: {dropped.join(', ')}</Callout> : null}
      {rawErrors?.length ? <div className="bp6-form-helper-text cm-errors" role="alert">{rawErrors.join(' · ')}</div> : null}
      <NamedDialog isOpen={editing !== null} onClose={() => setEditing(null)} onClosed={giveFocusBack} title={`${itemLabel} — ${editing?.index === null ? t('array.newItem') : t('array.edit')}`} closeLabel={t('common.close')} lazy>
        {editing ? (
          <ItemEditor
            props={props}
            itemSchema={itemSchema}
            itemUi={itemUi}
            initial={editing.initial}
            idPrefix={`${id}__item`}
            saveText={editing.index === null ? t('array.add') : t('common.save')}
            canSave={editing.index !== null || canAddMore(items.length, max)}
            onCancel={() => setEditing(null)}
            onSave={save}
          />
        ) : null}
      </NamedDialog>
    </div>
  );
}

type RowsProps = {
  items: Array<Record<string, unknown>>; fieldId: string; columns: string[]; itemSchema: JsonSchema; locked: boolean; t: Translate; locale: string;
  onEdit(i: number): void; onRemove(i: number): void;
};

/** The table's rows: rendered again only when the items (or the columns) change, and then only the changed rows. */
const ArrayRows = memo(function ArrayRows({ items, ...row }: RowsProps) {
  return <tbody>{items.map((item, i) => <ArrayRow key={i} index={i} item={item} {...row} />)}</tbody>;
});

const ArrayRow = memo(function ArrayRow({ index, item, fieldId, columns, itemSchema, locked, t, locale, onEdit, onRemove }: Omit<RowsProps, 'items'> & { index: number; item: Record<string, unknown> }) {
  return (
    <tr>
      {columns.map((c) => <td key={c}>{cellText(itemSchema.properties?.[c] as JsonSchema | undefined, item[c], t, locale)}</td>)}
      {locked ? null : (
        <td>
          <PlainButton id={`${fieldId}__edit-${index}`} minimal icon={<EditIcon size={12} />} label={`${t('array.edit')} ${index + 1}`} onClick={() => onEdit(index)} />
          <PlainButton minimal icon={<TrashIcon size={12} />} intent={Intent.DANGER} label={`${t('common.remove')} ${index + 1}`} onClick={() => onRemove(index)} />
        </td>
      )}
    </tr>
  );
});

type ItemEditorProps = {
  props: ThemeFieldProps; itemSchema: JsonSchema; itemUi: ItemsUiSchema; initial: Record<string, unknown>; idPrefix: string;
  saveText: string; canSave: boolean; onCancel(): void; onSave(item: Record<string, unknown>): void;
};

/** The controls a dialog can start on, in document order: the item's first field (or its first button). */
const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Inputs where Enter means "done" (a browser submits a form from them); never textareas, checkboxes or buttons. */
const SINGLE_LINE = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week']);

const isSingleLine = (target: EventTarget): target is HTMLInputElement => target instanceof HTMLInputElement && SINGLE_LINE.has(target.type);

/** The dialog's form and buttons; it holds the item as typed, so typing re-renders only this. */
function ItemEditor({ props, itemSchema, itemUi, initial, idPrefix, saveText, canSave, onCancel, onSave }: ItemEditorProps) {
  const { registry } = props;
  const t = fieldT(props);
  const locale = registry.formContext?.locale ?? 'it-IT';
  const [item, setItem] = useState<Record<string, unknown>>(() => ({ ...initial }));
  const valid = requiredFieldsValid(itemSchema, item, locale);
  const body = useRef<HTMLDivElement>(null);
  const form = useRef<ContactFormHandle>(null);
  // The dialog opens on its first field. Blueprint moves the focus inside only if it is still outside, a frame later.
  useEffect(() => { body.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus(); }, []);

  // Enter in a single-line field does what Add does; an item Add would refuse shows its errors, on the first of them.
  // A field that handled Enter itself (an open suggestion list) has prevented it.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.defaultPrevented || e.nativeEvent.isComposing || !isSingleLine(e.target)) return;
    // never the browser's implicit submission of the item's form
    e.preventDefault();
    if (e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || e.target.getAttribute('aria-expanded') === 'true') return;
    // the form's own values: a field may have committed its value in this very keydown (a date parsed on Enter)
    const current = form.current?.getValues() ?? item;
    const ready = requiredFieldsValid(itemSchema, current, locale);
    if (ready && canSave) { onSave(current); return; }
    if (ready) return;
    const errors = form.current?.validate() ?? {};
    const first = Object.keys(errors)[0];
    if (first) document.getElementById(`${idPrefix}_${first}`)?.focus();
  };

  return (
    <>
      {/* The dialog is portalled, but React bubbles its events to the form behind it: the item's submit stops here. */}
      <DialogBody ref={body} onKeyDown={onKeyDown} onSubmit={(e) => e.stopPropagation()}>
        <FastForm
          theme={registry}
          schema={itemSchema}
          uiSchema={itemUi}
          formData={initial}
          formContext={registry.formContext}
          idPrefix={idPrefix}
          onChange={setItem}
          handle={form}
        />
      </DialogBody>
      <DialogFooter actions={[
        <Button key="cancel" text={t('common.cancel')} onClick={onCancel} />,
        <Button key="save" intent={Intent.PRIMARY} text={saveText} disabled={!valid || !canSave} onClick={() => onSave(item)} />,
      ]} />
    </>
  );
}
