import { useEffect, useMemo, useState } from 'react';
import { ROLES, type Role } from '@domain/roles';
import type { ContactFilter } from '@domain/generated/contact-filter';
import { FORM_VIEWS, type FormView } from '@translator/translate-form';
import { translateList, type ListTranslation } from '@translator/translate-list';
import type { Problem } from '@translator/types';
import type { RendererLocale } from '@renderers/form-context';
import type { PanelTitles } from '@renderers/layout/ContactPanels/ContactPanels';
import type { ContactRow } from '@renderers/table/contact-row';
import { agentScriptOf, previewServices, translateFormResult, type FormResult, type PreviewServices } from '../../ui/config-preview/preview-forms';
import type { FixtureSource, GalleryFixture } from './gallery-types';

export interface GalleryState { slug: string; view: FormView; role: Role; locale: RendererLocale; contactIndex: number }

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
  services: PreviewServices | null;
  titles: PanelTitles;
  script: string | null;
  filter: ContactFilter;
  setFilter: (f: ContactFilter) => void;
}

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

  const translate = (section: 'inputs' | 'outputs'): FormResult | null => (fixture ? translateFormResult(fixture.model, fixture.workspace, state.view, section, state.role) : null);
  const inputs = useMemo(() => translate('inputs'), [fixture, state.view, state.role]);
  const outputs = useMemo(() => translate('outputs'), [fixture, state.view, state.role]);
  const listResult = useMemo(() => (fixture ? translateList(fixture.model, fixture.workspace, state.role) : null), [fixture, state.role]);
  const list = listResult?.ok ? listResult.value : null;
  useEffect(() => { if (list) setFilter({ ...list.filters.defaults }); }, [list]);
  const services = useMemo(() => (fixture ? previewServices(fixture.workspace, fixture.contacts, fixture.enums) : null), [fixture]);
  const contact = fixture?.contacts[Math.min(state.contactIndex, Math.max(0, fixture.contacts.length - 1))] ?? null;
  const { titles, script } = useMemo(() => (fixture ? agentScriptOf(fixture.workspace) : { titles: {}, script: null }), [fixture]);

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
    script,
    filter,
    setFilter,
  };
}
