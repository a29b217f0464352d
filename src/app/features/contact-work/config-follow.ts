import { useCallback, useEffect, useMemo, useState, type MutableRefObject } from 'react';
import type { FormTranslation } from '@translator/translate-form';
import { translationKey } from '@translator/translation-cache';
import type { Section } from './contact-forms';

/** A value the agent typed into a field the new configuration no longer shows: listed, never sent, never silently dropped. */
export interface LostValue { section: Section; name: string; label: string; value: unknown }

/** The configuration changed under an open contact form. */
export interface ConfigNotice { lost: LostValue[] }

type Forms = Record<Section, FormTranslation | null>;
type Values = Record<Section, Record<string, unknown>>;

interface Basis {
  forms: Forms;
  formData: Values;
  /** What the forms render with: the controller's formData, or after a re-translation what the agent had on screen. */
  shown: Values;
  configKey: string;
  notice: ConfigNotice | null;
  /** Lost values whose field came back (a rollback): typed again into the form. */
  restored: LostValue[];
}

const SECTIONS: readonly Section[] = ['inputs', 'outputs'];
const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const fieldsOf = (forms: Forms, section: Section): Record<string, unknown> => forms[section]?.schema.properties ?? {};
const hasForms = (forms: Forms) => forms.inputs !== null || forms.outputs !== null;

/** Text of a lost value for the notice. */
export const lostValueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Moves what the agent typed onto the forms of a new configuration version (the session store swaps the workspace
 * and data model when one is published, config-changes.ts). The forms are rebuilt from the new translation, so
 * without this they would start again from the values the contact was opened with. Values of fields that still
 * exist stay as typed; those of fields that are gone leave the form (and so the save and the draft) and are listed
 * in the notice instead. `values` and `dirty` are the controller's own records of the typed values.
 */
export function useFormsFollowConfig({ forms, formData, values, dirty, workspace, dataModel }: {
  forms: Forms;
  formData: Values;
  values: MutableRefObject<Values>;
  dirty: MutableRefObject<Record<Section, Set<string>>>;
  workspace: unknown;
  dataModel: unknown;
}): { formData: Values; configNotice: ConfigNotice | null; dismissConfigNotice(): void } {
  const configKey = useMemo(() => translationKey(dataModel, workspace), [dataModel, workspace]);
  const [basis, setBasis] = useState<Basis>(() => ({ forms, formData, shown: formData, configKey, notice: null, restored: [] }));

  // Adjusting state while rendering (React's "storing information from previous renders"): the forms and the values
  // they render with change in the same render, so a field never shows the opening value for a frame.
  let current = basis;
  if (formData !== basis.formData) {
    current = { ...basis, forms, formData, shown: formData, configKey, restored: [] };
  } else if (forms !== basis.forms) {
    const changed = configKey !== basis.configKey && hasForms(basis.forms);
    const shown: Values = { inputs: { ...values.current.inputs }, outputs: { ...values.current.outputs } };
    const previous = basis.notice?.lost ?? [];
    const restored = previous.filter((l) => l.name in fieldsOf(forms, l.section));
    const lost = previous.filter((l) => !restored.includes(l));
    if (changed) {
      for (const section of SECTIONS) {
        const now = fieldsOf(forms, section);
        const before = fieldsOf(basis.forms, section);
        for (const name of dirty.current[section]) {
          const value = shown[section][name];
          if (name in now || isEmpty(value) || lost.some((l) => l.section === section && l.name === name)) continue;
          const title = (before[name] as { title?: unknown } | undefined)?.title;
          lost.push({ section, name, label: typeof title === 'string' && title ? title : name, value });
        }
      }
    }
    for (const l of lost) delete shown[l.section][l.name];
    for (const r of restored) shown[r.section][r.name] = r.value;
    current = { forms, formData, shown, configKey, notice: changed ? { lost } : basis.notice && { lost }, restored };
  }
  if (current !== basis) setBasis(current);

  // The controller's records follow: a lost value is neither saved nor kept in the draft (the notice lists it).
  const { notice, restored } = current;
  useEffect(() => {
    for (const l of notice?.lost ?? []) {
      dirty.current[l.section].delete(l.name);
      delete values.current[l.section][l.name];
    }
    for (const r of restored) {
      dirty.current[r.section].add(r.name);
      values.current[r.section][r.name] = r.value;
    }
  }, [notice, restored, dirty, values]);

  const dismissConfigNotice = useCallback(() => setBasis((b) => ({ ...b, notice: null, restored: [] })), []);
  return { formData: current.shown, configNotice: current.notice, dismissConfigNotice };
}
