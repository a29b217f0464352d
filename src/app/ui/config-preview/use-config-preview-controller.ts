import { useMemo, useState } from 'react';
import type { ContactFilter } from '@domain/generated/contact-filter';
import type { DataModel } from '@domain/generated/data-model';
import type { Workspace } from '@domain/generated/workspace';
import { ROLES, type Role } from '@domain/roles';
import type { RendererLocale } from '@renderers/form-context';
import type { PanelTitles } from '@renderers/layout/ContactPanels/ContactPanels';
import type { ContactRow } from '@renderers/table/contact-row';
import { renderTemplate, type FormView } from '@translator/translate-form';
import type { ListTranslation } from '@translator/translate-list';
import { translateWorkspace, type WorkspaceTranslation } from '@translator/translate-workspace';
import type { Problem } from '@translator/types';
import type { SmsTemplate } from '@translator/ui-schema';
import { agentScriptOf, previewServices, type FormResult, type PreviewServices } from './preview-forms';
import { sampleContacts, sampleEnums } from './sample-contacts';

export const PREVIEW_VIEWS = ['show', 'edit', 'create', 'sms', 'list', 'filters'] as const;
export type PreviewView = (typeof PREVIEW_VIEWS)[number];

/** Everything the preview shows of one valid draft, whatever the view and role. */
export interface DraftPreview {
  workspace: Workspace;
  model: DataModel;
  translation: WorkspaceTranslation;
  contacts: ContactRow[];
  services: PreviewServices;
  titles: PanelTitles;
  script: string | null;
  /** Counts the valid drafts this preview has shown, so the forms start over on each. */
  revision: number;
}

type DraftOutcome = { ok: true; preview: Omit<DraftPreview, 'revision'> } | { ok: false; problems: Problem[]; message: string | null };

/** Translations per draft object: the editor hands over a new object per edit, and the same one while nothing changed. */
const outcomes = new WeakMap<object, WeakMap<object, DraftOutcome>>();

function translateDraft(workspace: Record<string, unknown>, dataModel: Record<string, unknown>): DraftOutcome {
  try {
    const t = translateWorkspace(dataModel, workspace);
    if (!t.ok) return { ok: false, problems: t.problems.filter((p) => p.severity === 'error'), message: null };
    const ws = workspace as unknown as Workspace;
    const createForms = { inputs: t.value.forms.create.inputs.admin, outputs: t.value.forms.create.outputs.admin };
    const contacts = sampleContacts(ws, createForms);
    return {
      ok: true,
      preview: { workspace: ws, model: dataModel as unknown as DataModel, translation: t.value, contacts, services: previewServices(ws, contacts, sampleEnums(createForms, contacts)), ...agentScriptOf(ws) },
    };
  } catch (e) {
    // The translator refuses what it validates; an exception is a draft shape it did not foresee: keep the last preview.
    return { ok: false, problems: [], message: e instanceof Error ? e.message : String(e) };
  }
}

export function draftOutcome(workspace: Record<string, unknown>, dataModel: Record<string, unknown>): DraftOutcome {
  let byModel = outcomes.get(workspace);
  if (!byModel) outcomes.set(workspace, (byModel = new WeakMap()));
  let found = byModel.get(dataModel);
  if (!found) byModel.set(dataModel, (found = translateDraft(workspace, dataModel)));
  return found;
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
export function useConfigPreviewController(workspace: Record<string, unknown> | null, dataModel: Record<string, unknown> | null, locale: RendererLocale): ConfigPreviewController {
  const [state, setState] = useState<ConfigPreviewState>({ view: 'show', role: 'admin', contactIndex: 0, smsTemplateId: '' });
  const [shown, setShown] = useState<DraftPreview | null>(null);
  const [filters, setFilters] = useState<{ of: ListTranslation | null; value: ContactFilter }>({ of: null, value: {} });

  const outcome = workspace && dataModel ? draftOutcome(workspace, dataModel) : null;
  let preview = shown;
  if (outcome?.ok && outcome.preview.translation !== shown?.translation) {
    // A new valid draft: show it from this render on (the state update re-renders once with the same value).
    preview = { ...outcome.preview, revision: (shown?.revision ?? 0) + 1 };
    setShown(preview);
  }
  const stale = outcome && !outcome.ok ? { problems: outcome.problems, message: outcome.message } : null;

  const formView: FormView | null = state.view === 'list' || state.view === 'filters' ? null : state.view;
  const forms = preview && formView ? preview.translation.forms[formView] : null;
  const inputs: FormResult | null = forms ? { ok: true, form: forms.inputs[state.role] } : null;
  const outputs: FormResult | null = forms ? { ok: true, form: forms.outputs[state.role] } : null;
  const list = preview ? preview.translation.lists[state.role] : null;
  // The filter starts from the role's defaults whenever the list's filters change (another role or draft).
  const filter = filters.of === list ? filters.value : { ...(list?.filters.defaults ?? {}) };
  const contacts = preview?.contacts ?? [];
  const contact = contacts[Math.min(state.contactIndex, Math.max(0, contacts.length - 1))] ?? null;

  const sms = useMemo(() => {
    const templates = preview?.translation.forms.sms.inputs[state.role].uiSchema['ui:options'].sms?.templates ?? [];
    const template = templates.find((x) => x.id === state.smsTemplateId) ?? templates[0] ?? null;
    return { templates, template, text: template ? renderTemplate(template.template, contact?.inputs ?? {}) : '' };
  }, [preview, state.role, state.smsTemplateId, contact]);

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
