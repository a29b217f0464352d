import { useEffect, useMemo, useState } from 'react';
import { ROLES, type Role } from '../../../domain/roles';
import type { ContactFilter } from '../../../domain/generated/contact-filter';
import { ADDRESS_PARTS } from '../../../domain/address';
import { FORM_VIEWS, translateForm, type FormTranslation, type FormView } from '../../../translator/translate-form';
import { translateList, type ListTranslation } from '../../../translator/translate-list';
import type { Problem } from '../../../translator/types';
import type { RendererLocale } from '../../../../renderers/form-context';
import { memoryServices, type AddressRecord } from '../../../../renderers/memory-services';
import type { PanelTitles } from '../../../../renderers/layout/ContactPanels/ContactPanels';
import type { ContactRow } from '../../../../renderers/table/contact-row';
import type { FixtureSource, GalleryFixture } from './gallery-types';

export interface GalleryState { slug: string; view: FormView; role: Role; locale: RendererLocale; contactIndex: number }

type FormResult = { ok: true; form: FormTranslation } | { ok: false; problems: Problem[] };

export interface GalleryController {
  state: GalleryState;
  set: (patch: Partial<GalleryState>) => void;
  slugs: readonly string[];
  views: readonly FormView[];
  roles: readonly Role[];
  fixture: GalleryFixture | null;
  error: string | null;
  inputs: FormResult | null;
  outputs: FormResult | null;
  list: ListTranslation | null;
  listProblems: Problem[];
  contact: ContactRow | null;
  services: ReturnType<typeof memoryServices> | null;
  titles: PanelTitles;
  script: string | null;
  filter: ContactFilter;
  setFilter: (f: ContactFilter) => void;
}

const addressesOf = (f: GalleryFixture): AddressRecord[] => {
  const cfg = f.workspace.inputAddressConfig;
  if (!cfg) return [];
  return f.contacts.map((c) => Object.fromEntries(ADDRESS_PARTS.flatMap((p) => {
    const field = cfg[p];
    const v = field ? c.inputs?.[field] : undefined;
    return v === undefined || v === null ? [] : [[p, String(v)]];
  })));
};

/** The gallery's headless controller: the selections, the loaded fixture and every translation the view shows. */
export function useGalleryController(source: FixtureSource, initial?: Partial<GalleryState>): GalleryController {
  const [state, setState] = useState<GalleryState>({ slug: '', view: 'show', role: 'admin', locale: 'it-IT', contactIndex: 0, ...initial });
  const [slugs, setSlugs] = useState<readonly string[]>([]);
  const [fixture, setFixture] = useState<GalleryFixture | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<ContactFilter>({});

  useEffect(() => {
    let live = true;
    source.listSlugs().then(
      (list) => {
        if (!live) return;
        setSlugs(list);
        setState((s) => (s.slug && list.includes(s.slug) ? s : { ...s, slug: list[0] ?? '' }));
        if (list.length === 0) setError('No fixture workspaces on the server (fixtures/workspaces is empty)');
      },
      (e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); },
    );
    return () => { live = false; };
  }, [source]);

  useEffect(() => {
    if (!state.slug) return undefined;
    let live = true;
    setFixture(null);
    setError(null);
    source.load(state.slug).then((f) => { if (live) setFixture(f); }, (e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, [source, state.slug]);

  const translate = (section: 'inputs' | 'outputs'): FormResult | null => {
    if (!fixture) return null;
    const t = translateForm(fixture.model, fixture.workspace, { view: state.view, section, role: state.role });
    return t.ok ? { ok: true, form: t.value } : { ok: false, problems: t.problems };
  };
  const inputs = useMemo(() => translate('inputs'), [fixture, state.view, state.role]);
  const outputs = useMemo(() => translate('outputs'), [fixture, state.view, state.role]);
  const listResult = useMemo(() => (fixture ? translateList(fixture.model, fixture.workspace, state.role) : null), [fixture, state.role]);
  const list = listResult?.ok ? listResult.value : null;
  useEffect(() => { if (list) setFilter({ ...list.filters.defaults }); }, [list]);
  const services = useMemo(() => (fixture ? memoryServices({ enums: fixture.enums, addresses: addressesOf(fixture), agents: [...new Set(fixture.contacts.map((c) => c.agentId).filter((a): a is string => Boolean(a)))].map((a) => ({ value: a, label: a })) }) : null), [fixture]);
  const contact = fixture?.contacts[Math.min(state.contactIndex, Math.max(0, fixture.contacts.length - 1))] ?? null;
  const agentScript = fixture?.workspace.visualConfigs?.agentScript;
  const titles: PanelTitles = { INPUTS: agentScript?.inputsTitle, OUTPUTS: agentScript?.outputsTitle, MEDIA: agentScript?.mediaTitle, SCRIPT: agentScript?.scriptTitle };

  return {
    state,
    set: (patch) => setState((s) => ({ ...s, ...patch })),
    slugs,
    views: FORM_VIEWS,
    roles: ROLES,
    fixture,
    error,
    inputs,
    outputs,
    list,
    listProblems: listResult && !listResult.ok ? listResult.problems : [],
    contact,
    services,
    titles,
    script: agentScript?.script ?? null,
    filter,
    setFilter,
  };
}
