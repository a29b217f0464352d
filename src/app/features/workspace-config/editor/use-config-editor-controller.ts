import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkspaceConfigApi } from '@api-client/workspace-config-client';
import { isApiRequestError } from '@api-client/api-error';
import type { ConfigDocument, Configuration, Impact } from '@domain/api/workspace-config';
import { localizeProblem, type ProblemLanguage } from '@translator/problem-messages';
import { currentDataModelVersionOf, currentVersionOf, problemsOfError, type EditorProblem } from './config-problems';
import type { PreparedForms, PreviewFormKey } from '../../../ui/config-preview/preview-form-keys';
import { failureText, type FailureTranslate } from '../../../ui/failure-text';
import { inThreadChecker, type DraftChecker } from './draft-check';
import { NEW_WORKSPACE_DRAFT, type DraftStore } from './draft-storage';
import { parseJson, withLines, type JsonSyntaxHint } from './json-positions';

export type { EditorProblem } from './config-problems';
export { checkDraftLocally } from './draft-check';

export type ConfigDocumentName = 'workspace' | 'dataModel';
export const CONFIG_DOCUMENTS: readonly ConfigDocumentName[] = ['workspace', 'dataModel'];

export type EditorTarget = { mode: 'edit'; workspaceId: string } | { mode: 'create' };

export type Texts = Record<ConfigDocumentName, string>;
export interface ParsedDraft {
  workspace: ConfigDocument;
  dataModel: ConfigDocument;
  /** The preview's forms, translated with the check (in the draft worker); absent: the preview translates them. */
  forms?: PreparedForms;
}

export interface PublishState {
  open: boolean;
  comment: string;
  impact: Impact | null;
  impactLoading: boolean;
  impactFailed: boolean;
  publishing: boolean;
  /** A failure that is neither a problem list nor a conflict (network, id taken on create). */
  error: string | null;
}

export interface ConfigEditorController {
  target: EditorTarget;
  status: 'loading' | 'ready' | 'error';
  loadError: string | null;
  /** Asks for the configuration again after a failed load. */
  retryLoad(): void;
  /** The versions the draft was edited from (null while creating). */
  base: { version: number; dataModelVersion: number } | null;
  texts: Texts;
  setText(document: ConfigDocumentName, text: string): void;
  active: ConfigDocumentName;
  setActive(document: ConfigDocumentName): void;
  problems: EditorProblem[];
  errorCount: number;
  /** Counts the drafts typed: the texts on screen are this revision. */
  revision: number;
  /** The revision the problem list is the answer for (behind `revision` while the check runs). */
  problemsRevision: number | null;
  /** The check of the draft is on its way. */
  validating: boolean;
  /** The server could not be asked (the draft is checked again on publish). */
  checkFailed: boolean;
  parses: boolean;
  /** The last draft that parsed and had no error problem, for the preview. */
  lastValid: ParsedDraft | null;
  /** The newest checked revision and whether it had an error (then the preview keeps `lastValid`). */
  checked: { revision: number; errors: number } | null;
  dirty: boolean;
  /** A draft kept from an earlier visit was put back; staleBase when it was edited from an older version. */
  restored: { savedAt: string; staleBase: boolean } | null;
  dismissRestored(): void;
  /** The editor moves its cursor here when seq changes. */
  jump: { document: ConfigDocumentName; pointer: string; offset?: number; seq: number } | null;
  focusProblem(problem: EditorProblem): void;
  canPublish: boolean;
  publish: PublishState;
  /** Validates now, then opens the publish confirmation when nothing blocks it (Ctrl/Cmd+S too). */
  requestPublish(): Promise<void>;
  setComment(comment: string): void;
  confirmPublish(): Promise<void>;
  closePublish(): void;
  /** Someone published since the draft's base (409): the version now live. */
  conflict: { currentVersion: number | null; currentDataModelVersion: number | null } | null;
  /** Takes the live version as the draft's new base and keeps the draft's texts. */
  reloadCurrent(): Promise<void>;
  /** After reloadCurrent: the version the draft is now based on. */
  rebasedOn: number | null;
  /** Throws the draft away at once (back to the published texts, or the template of a new workspace). */
  discard(): void;
  /** Discard draft: asks first when the draft differs from what it was opened from, otherwise discards at once. */
  requestDiscard(): void;
  /** The discard confirmation is open. */
  discardAsked: boolean;
  cancelDiscard(): void;
  /** The version the last publish made. */
  published: number | null;
}

export interface ConfigEditorOptions {
  api: Pick<WorkspaceConfigApi, 'read' | 'validate' | 'impact' | 'publish' | 'create'>;
  target: EditorTarget;
  drafts: DraftStore;
  /** The documents a new workspace starts from. */
  template(): { workspace: ConfigDocument; dataModel: ConfigDocument };
  onPublished(workspaceId: string, version: number): void;
  /**
   * The pause after a keystroke before the draft is checked when the check runs in the page (a newer keystroke
   * cancels it); a checker off the main thread starts at once and keeps only the newest waiting draft.
   */
  debounceMs?: number;
  /** The language of the problems' messages. */
  language?: ProblemLanguage;
  /** Runs the check as you type (the server's rules, in the browser): the draft worker, or in the page by default. */
  checker?: DraftChecker;
  /** The forms the preview shows, translated with the check of a clean draft. */
  previewForms?(): readonly PreviewFormKey[];
  /** A check of its own instead of the checker's (tests); the server's validate stays the authority at publish time. */
  check?(draft: ParsedDraft, workspaceId: string | undefined, language: ProblemLanguage): EditorProblem[];
}

/** A number per texts object: each edit makes a new one. */
const revisions = new WeakMap<Texts, number>();
let lastRevision = 0;
const revisionOf = (texts: Texts): number => {
  let revision = revisions.get(texts);
  if (revision === undefined) revisions.set(texts, (revision = ++lastRevision));
  return revision;
};

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const DRAFT_WRITE_MS = 250;
const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const CLOSED_PUBLISH: PublishState = { open: false, comment: '', impact: null, impactLoading: false, impactFailed: false, publishing: false, error: null };
/** The publish dialog closed after a refusal (problems to fix, a newer version): the comment typed stays for the next try. */
const keepingComment = (previous: PublishState): PublishState => ({ ...CLOSED_PUBLISH, comment: previous.comment });

// one empty list, so that typing in a valid draft does not hand the editors a "new" problem list on every keystroke
const NO_PROBLEMS: EditorProblem[] = [];

/**
 * A syntax error in the problems' language (the engine's message is English whatever the user reads); the line and
 * column go in the problem's own fields, which the problems panel shows beside the message.
 */
export const jsonSyntaxMessage = (t: FailureTranslate, language: ProblemLanguage, hint: JsonSyntaxHint | null): string => {
  const lng = language === 'it' ? 'it-IT' : 'en';
  return hint
    ? t('workspaceConfig.editor.jsonSyntax.withHint', { lng, hint: t(`workspaceConfig.editor.jsonSyntax.hint.${hint}`, { lng }) })
    : t('workspaceConfig.editor.jsonSyntax.invalid', { lng });
};

const parseProblems = (texts: Texts, language: ProblemLanguage, t: FailureTranslate): { problems: EditorProblem[]; draft: ParsedDraft | null } => {
  const problems: EditorProblem[] = [];
  const parsed: Partial<Record<ConfigDocumentName, unknown>> = {};
  for (const document of CONFIG_DOCUMENTS) {
    const result = parseJson(texts[document]);
    if (result.ok) {
      parsed[document] = result.value;
      if (!result.value || typeof result.value !== 'object' || Array.isArray(result.value)) {
        problems.push(localizeProblem({ document, pointer: '', rule: 'json-object', message: 'The document must be a JSON object', severity: 'error' }, language));
      }
    } else {
      const { hint, offset, line, column } = result.error;
      problems.push({ document, pointer: '', rule: 'json-parse', message: jsonSyntaxMessage(t, language, hint), severity: 'error', offset, line, column });
    }
  }
  return problems.length === 0 ? { problems: NO_PROBLEMS, draft: parsed as unknown as ParsedDraft } : { problems, draft: null };
};

/**
 * The configuration editor (issue 13): two JSON texts (workspace, data model) checked as they are typed (JSON.parse
 * at once, then, after a short pause, the server's own rules and messages run in the browser: draftProblems), kept
 * as a draft in local storage until published or discarded, and published against the version they were edited
 * from; the server's validate re-checks the draft before the publish confirmation opens (and publish itself).
 * No CodeMirror here: the view renders this state.
 */
export function useConfigEditorController(options: ConfigEditorOptions): ConfigEditorController {
  const { api, target, drafts, debounceMs = 20, language = 'it', check } = options;
  const editedId = target.mode === 'edit' ? target.workspaceId : null;
  const draftId = editedId ?? NEW_WORKSPACE_DRAFT;
  const { t } = useTranslation();
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const [status, setStatus] = useState<ConfigEditorController['status']>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [base, setBase] = useState<ConfigEditorController['base']>(null);
  const [texts, setTexts] = useState<Texts>({ workspace: '', dataModel: '' });
  const [originals, setOriginals] = useState<Texts>({ workspace: '', dataModel: '' });
  const [active, setActive] = useState<ConfigDocumentName>('workspace');
  // `answered`: the server's validate or publish answered for these texts; an as-you-type check of the same texts that
  // finishes later does not replace that answer
  const [serverProblems, setServerProblems] = useState<{ for: Texts; revision: number; problems: EditorProblem[]; answered?: true } | null>(null);
  const [validating, setValidating] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [lastValid, setLastValid] = useState<ParsedDraft | null>(null);
  const [checked, setChecked] = useState<ConfigEditorController['checked']>(null);
  const [restored, setRestored] = useState<ConfigEditorController['restored']>(null);
  const [jump, setJump] = useState<ConfigEditorController['jump']>(null);
  const [publish, setPublish] = useState<PublishState>(CLOSED_PUBLISH);
  const [conflict, setConflict] = useState<ConfigEditorController['conflict']>(null);
  const [rebasedOn, setRebasedOn] = useState<number | null>(null);
  const [published, setPublished] = useState<number | null>(null);
  const [discardAsked, setDiscardAsked] = useState(false);
  const textsRef = useRef(texts);
  textsRef.current = texts;
  const validationSeq = useRef(0);

  // open: the live configuration, then a kept draft over it
  useEffect(() => {
    let live = true;
    const start = (loaded: Texts, current: ConfigEditorController['base']) => {
      const draft = drafts.read(draftId);
      setOriginals(loaded);
      if (draft) {
        setTexts({ workspace: draft.workspace, dataModel: draft.dataModel });
        setBase(current && draft.baseVersion !== null ? { version: draft.baseVersion, dataModelVersion: draft.baseDataModelVersion ?? current.dataModelVersion } : current);
        setRestored({ savedAt: draft.savedAt, staleBase: current !== null && draft.baseVersion !== null && draft.baseVersion !== current.version });
      } else {
        setTexts(loaded);
        setBase(current);
      }
      setStatus('ready');
    };
    setStatus('loading');
    setLoadError(null);
    if (target.mode === 'create') {
      const { workspace, dataModel } = optionsRef.current.template();
      start({ workspace: pretty(workspace), dataModel: pretty(dataModel) }, null);
      return undefined;
    }
    api
      .read(target.workspaceId)
      .then((config: Configuration) => {
        if (live) start({ workspace: pretty(config.workspace), dataModel: pretty(config.dataModel) }, { version: config.version, dataModelVersion: config.dataModelVersion });
      })
      .catch((error: unknown) => {
        if (!live) return;
        setLoadError(failureText(error, t));
        setStatus('error');
      });
    return () => {
      live = false;
    };
  }, [api, drafts, draftId, target.mode, loadAttempt]);

  const local = useMemo(() => parseProblems(texts, language, t), [texts, language, t]);
  const dirty = texts.workspace !== originals.workspace || texts.dataModel !== originals.dataModel;

  // the draft survives a reload until it is published or discarded; written after a pause in the typing (a 200 kB
  // draft per keystroke is a synchronous localStorage write each time), and at once when the editor goes away
  const pendingWrite = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (status !== 'ready') return undefined;
    if (!dirty) {
      pendingWrite.current = null;
      drafts.remove(draftId);
      return undefined;
    }
    const write = () => {
      pendingWrite.current = null;
      drafts.write(draftId, {
        baseVersion: base?.version ?? null,
        baseDataModelVersion: base?.dataModelVersion ?? null,
        workspace: texts.workspace,
        dataModel: texts.dataModel,
        savedAt: new Date().toISOString(),
      });
    };
    pendingWrite.current = write;
    const timer = setTimeout(write, DRAFT_WRITE_MS);
    return () => clearTimeout(timer);
  }, [status, dirty, texts, base, drafts, draftId]);
  useEffect(() => {
    const flush = () => pendingWrite.current?.();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  /** The server's check of these texts; answers whether the draft may be published. */
  const validateTexts = useCallback(async (checked: Texts): Promise<boolean> => {
    const { draft } = parseProblems(checked, language, t);
    const seq = ++validationSeq.current;
    if (!draft) {
      setValidating(false);
      return false;
    }
    const id = editedId ?? (typeof draft.workspace.id === 'string' && ID_PATTERN.test(draft.workspace.id) ? draft.workspace.id : 'new');
    setValidating(true);
    try {
      const result = await api.validate(id, draft, { quiet: true });
      if (seq !== validationSeq.current) return false;
      const problems = result.problems as EditorProblem[];
      // the authority's answer replaces the list of these texts only (typing on meanwhile keeps the newer check's)
      if (checked === textsRef.current) setServerProblems({ for: checked, revision: revisionOf(checked), problems, answered: true });
      setCheckFailed(false);
      return !problems.some((problem) => problem.severity === 'error');
    } catch (error) {
      if (seq !== validationSeq.current) return false;
      if (isApiRequestError(error) && error.status === 400) {
        const problems = problemsOfError(error);
        if (checked === textsRef.current) setServerProblems({ for: checked, revision: revisionOf(checked), problems, answered: true });
        setCheckFailed(false);
        return false;
      }
      setServerProblems(null);
      setCheckFailed(true);
      return true;
    } finally {
      if (seq === validationSeq.current) setValidating(false);
    }
  }, [api, editedId, language, t]);

  // problems as you type: the server's rules run here, after a short pause (a newer keystroke cancels the run), only
  // for texts that parse; a clean draft becomes the preview's
  const revision = revisionOf(texts);
  const checkRef = useRef(check);
  checkRef.current = check;
  const [ownChecker] = useState<DraftChecker | null>(() => (options.checker ? null : inThreadChecker()));
  const checker = options.checker ?? ownChecker ?? inThreadChecker();
  useEffect(() => {
    if (status !== 'ready' || !local.draft) return undefined;
    const draft = local.draft;
    let live = true;
    const workspaceId = editedId ?? undefined;
    const run = async () => {
      const own = checkRef.current;
      const result = own
        ? { problems: own(draft, workspaceId, language) }
        : await checker.check({ texts, workspaceId, language, forms: optionsRef.current.previewForms?.() ?? [] }).catch(() => null);
      // a newer draft replaced this one (its own run answers), or the check itself failed (the server's validate
      // still checks the draft before it is published)
      if (!live || !result) return;
      const { problems } = result;
      const errors = problems.filter((problem) => problem.severity === 'error').length;
      setServerProblems((previous) => (previous?.answered && previous.for === texts ? previous : { for: texts, revision, problems: problems.length ? problems : NO_PROBLEMS }));
      setChecked({ revision, errors });
      if (errors === 0) setLastValid('forms' in result && result.forms ? { ...draft, forms: result.forms } : draft);
    };
    if (checker.offThread && !checkRef.current) {
      void run();
      return () => {
        live = false;
      };
    }
    const timer = setTimeout(() => void run(), debounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [status, texts, revision, local.draft, editedId, language, debounceMs, checker]);
  useEffect(() => () => ownChecker?.dispose(), [ownChecker]);

  // each with the line its pointer points at in the texts it is the answer for (the problems panel shows it)
  const problems = useMemo(() => {
    if (local.problems.length) return local.problems;
    if (!serverProblems?.problems.length) return NO_PROBLEMS;
    return withLines(serverProblems.problems, serverProblems.for);
  }, [local.problems, serverProblems]);
  const problemsRevision = local.problems.length ? revision : serverProblems?.revision ?? null;
  const errorCount = problems.filter((problem) => problem.severity === 'error').length;
  const canPublish = status === 'ready' && local.draft !== null && errorCount === 0 && (dirty || target.mode === 'create') && !publish.publishing;

  const setText = useCallback((document: ConfigDocumentName, text: string) => {
    setTexts((previous) => (previous[document] === text ? previous : { ...previous, [document]: text }));
  }, []);

  const focusProblem = useCallback((problem: EditorProblem) => {
    setActive(problem.document);
    setJump((previous) => ({ document: problem.document, pointer: problem.pointer, offset: problem.offset, seq: (previous?.seq ?? 0) + 1 }));
  }, []);

  const requestPublish = useCallback(async () => {
    if (status !== 'ready' || publish.open || publish.publishing) return;
    const checked = textsRef.current;
    const { draft } = parseProblems(checked, language, t);
    if (!draft) return;
    if (checked.workspace === originals.workspace && checked.dataModel === originals.dataModel && target.mode === 'edit') return;
    const clean = await validateTexts(checked);
    if (!clean) return;
    setConflict(null);
    // A comment kept from a publish the server refused is offered again.
    setPublish((previous) => ({ ...CLOSED_PUBLISH, comment: previous.comment, open: true, impactLoading: target.mode === 'edit' }));
    if (target.mode !== 'edit') return;
    try {
      const impact = await api.impact(target.workspaceId, draft, { quiet: true });
      setPublish((previous) => ({ ...previous, impact, impactLoading: false }));
    } catch {
      setPublish((previous) => ({ ...previous, impactLoading: false, impactFailed: true }));
    }
  }, [status, publish.open, publish.publishing, originals, target, validateTexts, api, language, t]);

  const confirmPublish = useCallback(async () => {
    const checked = textsRef.current;
    const { draft } = parseProblems(checked, language, t);
    if (!draft) return;
    const comment = publish.comment.trim() || undefined;
    setPublish((previous) => ({ ...previous, publishing: true, error: null }));
    try {
      if (target.mode === 'edit') {
        if (!base) return;
        const result = await api.publish(target.workspaceId, { baseVersion: base.version, baseDataModelVersion: base.dataModelVersion, ...draft, comment }, { quiet: true });
        drafts.remove(draftId);
        setOriginals(checked);
        setBase({ version: result.version, dataModelVersion: result.dataModelVersion });
        setRestored(null);
        setRebasedOn(null);
        setPublished(result.version);
        setPublish(CLOSED_PUBLISH);
        optionsRef.current.onPublished(target.workspaceId, result.version);
      } else {
        const result = await api.create({ ...draft, comment }, { quiet: true });
        drafts.remove(draftId);
        setOriginals(checked);
        setPublished(result.version);
        setPublish(CLOSED_PUBLISH);
        optionsRef.current.onPublished(draft.workspace.id, result.version);
      }
    } catch (error) {
      const status = isApiRequestError(error) ? error.status : null;
      if (status === 409 && target.mode === 'edit') {
        setConflict({ currentVersion: currentVersionOf(error), currentDataModelVersion: currentDataModelVersionOf(error) });
        setPublish(keepingComment);
      } else if (status === 400) {
        setServerProblems({ for: checked, revision: revisionOf(checked), problems: problemsOfError(error), answered: true });
        setPublish(keepingComment);
      } else {
        setPublish((previous) => ({ ...previous, publishing: false, error: failureText(error, t) }));
      }
    }
  }, [publish.comment, target, base, api, drafts, draftId, language, t]);

  const reloadCurrent = useCallback(async () => {
    if (target.mode !== 'edit') return;
    try {
      const config = await api.read(target.workspaceId);
      setOriginals({ workspace: pretty(config.workspace), dataModel: pretty(config.dataModel) });
      setBase({ version: config.version, dataModelVersion: config.dataModelVersion });
      setConflict(null);
      setRestored(null);
      setRebasedOn(config.version);
    } catch (error) {
      setLoadError(failureText(error, t));
    }
  }, [api, target, t]);

  const discard = useCallback(() => {
    drafts.remove(draftId);
    setTexts(originals);
    setRestored(null);
    setConflict(null);
    setRebasedOn(null);
    setJump(null);
    setDiscardAsked(false);
  }, [drafts, draftId, originals]);
  // one click must not throw away hours of edits: a draft that differs from what it was opened from is asked about
  const requestDiscard = useCallback(() => {
    if (dirty) setDiscardAsked(true);
    else discard();
  }, [dirty, discard]);

  return {
    target,
    status,
    loadError,
    retryLoad: () => setLoadAttempt((n) => n + 1),
    base,
    texts,
    setText,
    active,
    setActive,
    problems,
    errorCount,
    revision,
    problemsRevision,
    validating: validating || (local.draft !== null && serverProblems?.for !== texts),
    checkFailed,
    parses: local.draft !== null,
    lastValid,
    checked,
    dirty,
    restored,
    dismissRestored: () => setRestored(null),
    jump,
    focusProblem,
    canPublish,
    publish,
    requestPublish,
    setComment: (comment) => setPublish((previous) => ({ ...previous, comment })),
    confirmPublish,
    closePublish: () => setPublish((previous) => (previous.publishing ? previous : CLOSED_PUBLISH)),
    conflict,
    reloadCurrent,
    rebasedOn,
    discard,
    requestDiscard,
    discardAsked,
    cancelDiscard: () => setDiscardAsked(false),
    published,
  };
}
