import { useMemo, useState } from 'react';
import type { ContactFilter } from '@domain/generated/contact-filter';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { ROLES, type Role } from '@domain/roles';
import type { RendererLocale } from '@renderers/form-context';
import type { PanelTitles } from '@renderers/layout/ContactPanels/ContactPanels';
import type { ContactRow } from '@renderers/table/contact-row';
import { inputsForPeople } from '@translator/message-values';
import { renderTemplate, translateValidForm, type FormSection, type FormTranslation, type FormView } from '@translator/translate-form';
import { translateValidList, type ListTranslation } from '@translator/translate-list';
import { translatePermissions } from '@translator/translate-permissions';
import type { Problem } from '@translator/types';
import { validateConfiguration } from '@translator/validate';
import type { SmsTemplate } from '@translator/ui-schema';
import type { EnumTable } from '@renderers/memory-services';
import { agentScriptOf, previewServices, type FormResult, type PreviewServices } from './preview-forms';
import { keepEqual } from './keep-equal';
import { formKey, type PreparedForms } from './preview-form-keys';
import { sampleContacts, sampleEnums } from './sample-contacts';

export const PREVIEW_VIEWS = ['show', 'edit', 'create', 'sms', 'list', 'filters'] as const;
export type PreviewView = (typeof PREVIEW_VIEWS)[number];

/**
 * The translations of one valid draft, made when first asked for: a keystroke re-translates only the view and role
 * on screen (and the create form the sample contacts come from), not every view, section and role.
 */
export interface DraftTranslations {
  form(view: FormView, section: FormSection, role: Role): FormTranslation;
  list(role: Role): ListTranslation;
  /** A form already made (none is translated to answer). */
  made(view: FormView, section: FormSection, role: Role): FormTranslation | undefined;
}

function draftTranslations(model: DataModel, ws: Workspace, prepared: PreparedForms = {}): DraftTranslations {
  let rules: ReturnType<typeof translatePermissions> | undefined;
  const rulesOf = () => (rules ??= translatePermissions(ws));
  const forms = new Map<string, FormTranslation>(Object.entries(prepared));
  const lists = new Map<Role, ListTranslation>();
  return {
    form(view, section, role) {
      const key = formKey({ view, section, role });
      let form = forms.get(key);
      if (!form) forms.set(key, (form = translateValidForm(model, ws, { view, section, role }, rulesOf())));
      return form;
    },
    made: (view, section, role) => forms.get(formKey({ view, section, role })),
    list(role) {
      let list = lists.get(role);
      if (!list) lists.set(role, (list = translateValidList(model, ws, role, rulesOf())));
      return list;
    },
  };
}

/** Everything the preview shows of one valid draft, whatever the view and role. */
export interface DraftPreview {
  workspace: Workspace;
  model: DataModel;
  translations: DraftTranslations;
  contacts: ContactRow[];
  services: PreviewServices;
  /** The remote enums' sample values the services answer with. */
  enums: EnumTable;
  titles: PanelTitles;
  script: string | null;
  /** Counts the valid drafts this preview has shown. */
  revision: number;
  /** The draft's own translations (`translations` keeps the parts equal to the previous draft's). */
  source: DraftTranslations;
}

type DraftOutcome = { ok: true; preview: Omit<DraftPreview, 'revision' | 'source'> } | { ok: false; problems: Problem[]; message: string | null };

/** Translations per draft object: the editor hands over a new object per edit, and the same one while nothing changed. */
const outcomes = new WeakMap<object, WeakMap<object, DraftOutcome>>();

function translateDraft(workspace: Record<string, unknown>, dataModel: Record<string, unknown>, checked: boolean, prepared: PreparedForms | undefined): DraftOutcome {
  try {
    const errors = checked ? [] : validateConfiguration(workspace, dataModel).filter((p) => p.severity === 'error');
    if (errors.length) return { ok: false, problems: errors, message: null };
    const ws = workspace as unknown as Workspace;
    const model = dataModel as unknown as DataModel;
    const translations = draftTranslations(model, ws, prepared);
    const createForms = { inputs: translations.form('create', 'inputs', 'admin'), outputs: translations.form('create', 'outputs', 'admin') };
    const contacts = sampleContacts(ws, createForms);
    const enums = sampleEnums(createForms, contacts);
    return {
      ok: true,
      preview: { workspace: ws, model, translations, contacts, enums, services: previewServices(ws, contacts, enums), ...agentScriptOf(ws) },
    };
  } catch (e) {
    // The translator refuses what it validates; an exception is a draft shape it did not foresee: keep the last preview.
    return { ok: false, problems: [], message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * `checked`: the caller has already found the pair free of errors with the translator's rules (the editor's check);
 * `prepared`: forms of this pair it has already translated (the editor's draft worker), used as they are.
 */
export function draftOutcome(workspace: Record<string, unknown>, dataModel: Record<string, unknown>, checked = false, prepared?: PreparedForms): DraftOutcome {
  let byModel = outcomes.get(workspace);
  if (!byModel) outcomes.set(workspace, (byModel = new WeakMap()));
  let found = byModel.get(dataModel);
  if (!found) byModel.set(dataModel, (found = translateDraft(workspace, dataModel, checked, prepared)));
  return found;
}

/**
 * The next draft's preview, keeping what equals the shown one's: the sample contacts, the services over them and,
 * form by form, every field schema, UI schema and group that did not change. The forms then re-render only the
 * groups an edit touched, and the values of the sample contacts stay as they were.
 */
function keepingShown(shown: DraftPreview | null, next: Omit<DraftPreview, 'revision' | 'source'>): DraftPreview {
  const source = next.translations;
  if (!shown) return { ...next, revision: 1, source };
  const previous = shown.translations;
  const contacts = keepEqual(shown.contacts, next.contacts);
  const enums = keepEqual(shown.enums, next.enums);
  const sameServices = contacts === shown.contacts && enums === shown.enums && keepEqual(shown.workspace.inputAddressConfig, next.workspace.inputAddressConfig) === shown.workspace.inputAddressConfig;
  const forms = new Map<string, FormTranslation>();
  const translations: DraftTranslations = {
    form(view, section, role) {
      const key = formKey({ view, section, role });
      let form = forms.get(key);
      if (!form) forms.set(key, (form = keepEqual(previous.made(view, section, role), source.form(view, section, role))));
      return form;
    },
    made: (view, section, role) => forms.get(formKey({ view, section, role })),
    list: (role) => source.list(role),
  };
  return { ...next, contacts, enums, services: sameServices ? shown.services : next.services, translations, revision: shown.revision + 1, source };
}

export interface ConfigPreviewState { view: PreviewView; role: Role; contactIndex: number; smsTemplateId: string }

export interface ConfigPreviewController {
  state: ConfigPreviewState;
  set: (patch: Partial<ConfigPreviewState>) => void;
  views: readonly PreviewView[];
  roles: readonly Role[];
  locale: RendererLocale;
  /** The last valid draft's preview (null before any). */
  preview: DraftPreview | null;
  /** Why the newest draft is not the one on screen: its problems, or the translator's failure. */
  stale: { problems: Problem[]; message: string | null } | null;
  inputs: FormResult | null;
  outputs: FormResult | null;
  list: ListTranslation | null;
  contact: ContactRow | null;
  filter: ContactFilter;
  setFilter: (filter: ContactFilter) => void;
  /** The SMS view: the workspace's templates, the chosen one, and its text with the sample contact's values. */
  sms: { templates: SmsTemplate[]; template: SmsTemplate | null; text: string };
}

/**
 * The live preview's headless controller: the view, role and sample contact chosen, and the translation of the last
 * valid draft (a draft that fails to translate leaves the previous preview on screen, with its problems beside it).
 */
export function useConfigPreviewController(workspace: Record<string, unknown> | null, dataModel: Record<string, unknown> | null, locale: RendererLocale, checked = false, prepared?: PreparedForms): ConfigPreviewController {
  const [state, setState] = useState<ConfigPreviewState>({ view: 'show', role: 'admin', contactIndex: 0, smsTemplateId: '' });
  const [shown, setShown] = useState<DraftPreview | null>(null);
  const [filters, setFilters] = useState<{ of: ListTranslation | null; value: ContactFilter }>({ of: null, value: {} });

  const outcome = workspace && dataModel ? draftOutcome(workspace, dataModel, checked, prepared) : null;
  let preview = shown;
  if (outcome?.ok && outcome.preview.translations !== shown?.source) {
    // A new valid draft: show it from this render on (the state update re-renders once with the same value).
    preview = keepingShown(shown, outcome.preview);
    setShown(preview);
  }
  const stale = outcome && !outcome.ok ? { problems: outcome.problems, message: outcome.message } : null;

  const formView: FormView | null = state.view === 'list' || state.view === 'filters' ? null : state.view;
  // only the view and role on screen are translated
  const inputs: FormResult | null = preview && formView ? { ok: true, form: preview.translations.form(formView, 'inputs', state.role) } : null;
  const outputs: FormResult | null = preview && formView ? { ok: true, form: preview.translations.form(formView, 'outputs', state.role) } : null;
  const list = preview && !formView ? preview.translations.list(state.role) : null;
  // The filter starts from the role's defaults whenever the list's filters change (another role or draft).
  const filter = filters.of === list ? filters.value : { ...(list?.filters.defaults ?? {}) };
  const contacts = preview?.contacts ?? [];
  const contact = contacts[Math.min(state.contactIndex, Math.max(0, contacts.length - 1))] ?? null;

  const sms = useMemo(() => {
    const templates = (preview && state.view === 'sms' ? preview.translations.form('sms', 'inputs', state.role).uiSchema['ui:options'].sms?.templates : undefined) ?? [];
    const template = templates.find((x) => x.id === state.smsTemplateId) ?? templates[0] ?? null;
    return { templates, template, text: template && preview ? renderTemplate(template.template, contact?.inputs ?? {}, inputsForPeople(preview.workspace, preview.model)) : '' };
  }, [preview, state.view, state.role, state.smsTemplateId, contact]);

  return {
    state,
    set: (patch) => setState((s) => ({ ...s, ...patch })),
    views: PREVIEW_VIEWS,
    roles: ROLES,
    locale,
    preview,
    stale,
    inputs,
    outputs,
    list,
    contact,
    filter,
    setFilter: (value) => setFilters({ of: list, value }),
    sms,
  };
}
