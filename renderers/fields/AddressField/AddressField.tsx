import { Button, ButtonGroup, H5, InputGroup, Intent } from '@blueprintjs/core';
import { EditIcon, UndoIcon, UnlockIcon } from '@blueprintjs/icons';
import { useEffect, useRef, useState } from 'react';
import { ADDRESS_PARTS, type AddressMode } from '@domain/address';
import type { AddressBlock } from '@translator/ui-schema';
import type { AddressLookupPart, AddressPart, AddressSuggestion, RendererServices } from '../../form-context';
import type { MessageKey, Translate } from '../../i18n/messages';
import { FieldShell } from '../../templates/FieldShell/FieldShell';
import { ReadOnlyValue } from '../../widgets/ReadOnlyValue/ReadOnlyValue';
import { errorsId } from '../../widgets/widget-support';
import { AddressLookupInput } from './AddressLookupInput';


export interface AddressFieldProps {
  idPrefix: string;
  config: AddressBlock;
  /** Values by data-model field name. */
  values: Record<string, unknown>;
  errors?: Record<string, readonly string[] | undefined>;
  titles?: Record<string, string>;
  readonly?: boolean;
  services: RendererServices;
  t: Translate;
  locale: string;
  onChange: (values: Record<string, string | undefined>) => void;
}

const LOOKUP_PARTS = new Set<AddressPart>(['province', 'city', 'street']);
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * The address block (spec 2 §2.6): DEFAULT shows the values; MODIFICA enters ANNULLA, editing with lookups;
 * SBLOCCA allows free text; the ANNULLA button restores the values the block had when editing started.
 */
export function AddressField({ idPrefix, config, values, errors, titles, readonly, services, t, locale, onChange }: AddressFieldProps) {
  const [mode, setMode] = useState<AddressMode>(readonly ? 'DEFAULT' : config.initialMode);
  const original = useRef<Record<string, unknown> | null>(config.initialMode === 'DEFAULT' ? null : { ...values });
  const parts = ADDRESS_PARTS.filter((p) => config.fields[p]);
  const context: Partial<Record<AddressPart, string>> = {};
  for (const p of parts) context[p] = text(values[config.fields[p] as string]);

  // The button pressed goes away with the mode: the focus moves to the first part when editing starts (or is
  // unlocked) and back to MODIFICA when editing is cancelled, never to the page.
  const focusAfter = useRef<'fields' | 'edit' | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const firstId = parts.length ? `${idPrefix}_${config.fields[parts[0]] as string}` : null;
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === 'fields' && firstId) document.getElementById(firstId)?.focus();
    else if (target === 'edit') editButton.current?.focus();
  }, [mode, firstId]);

  const start = (next: AddressMode) => {
    if (mode === 'DEFAULT') original.current = Object.fromEntries(parts.map((p) => [config.fields[p] as string, values[config.fields[p] as string]]));
    focusAfter.current = 'fields';
    setMode(next);
  };
  const cancel = () => {
    const saved = original.current ?? {};
    onChange(Object.fromEntries(parts.map((p) => { const f = config.fields[p] as string; const v = saved[f]; return [f, v === undefined || v === null || v === '' ? undefined : String(v)]; })));
    original.current = null;
    focusAfter.current = 'edit';
    setMode('DEFAULT');
  };
  const set = (part: AddressPart, value: string) => onChange({ [config.fields[part] as string]: value === '' ? undefined : value });
  const pick = (s: AddressSuggestion) => {
    const out: Record<string, string | undefined> = {};
    for (const [part, v] of Object.entries(s.values) as Array<[AddressPart, string | undefined]>) { const f = config.fields[part]; if (f) out[f] = v; }
    onChange(out);
  };

  return (
    <section className="cm-group cm-address" aria-label={t('address.title')} data-mode={mode}>
      <div className="cm-address__head" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <H5 className="cm-group__title" style={{ margin: 0 }}>{t('address.title')}</H5>
        {readonly ? null : (
          <ButtonGroup>
            {mode === 'DEFAULT' ? <Button ref={editButton} size="small" icon={<EditIcon />} text={t('address.edit')} onClick={() => start('ANNULLA')} /> : null}
            {mode !== 'SBLOCCA' ? <Button size="small" icon={<UnlockIcon />} text={t('address.unlock')} onClick={() => start('SBLOCCA')} /> : null}
            {mode !== 'DEFAULT' ? <Button size="small" icon={<UndoIcon />} text={t('address.cancel')} onClick={cancel} /> : null}
          </ButtonGroup>
        )}
      </div>
      <div className="cm-group__grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 16 }}>
        {parts.map((part) => {
          const field = config.fields[part] as string;
          const id = `${idPrefix}_${field}`;
          const value = text(values[field]);
          const label = titles?.[field] ?? t(`address.${part}` as MessageKey);
          const fieldErrors = errors?.[field];
          const invalid = Boolean(fieldErrors?.length);
          const describedBy = errorsId(id, fieldErrors);
          let control;
          if (mode === 'DEFAULT') control = <ReadOnlyValue id={id} kind="text" value={values[field]} t={t} locale={locale} />;
          else if (mode === 'ANNULLA' && LOOKUP_PARTS.has(part)) control = <AddressLookupInput id={id} part={part as AddressLookupPart} value={value} context={context} services={services} onType={(v) => set(part, v)} onPick={pick} loadingLabel={t('common.loading')} invalid={invalid} describedBy={describedBy} />;
          else control = <InputGroup id={id} value={value} intent={invalid ? Intent.DANGER : Intent.NONE} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(e) => set(part, e.target.value)} />;
          return <FieldShell key={part} id={id} label={label} errors={fieldErrors}>{control}</FieldShell>;
        })}
      </div>
    </section>
  );
}
