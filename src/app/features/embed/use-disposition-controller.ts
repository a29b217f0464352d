import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@api-client/api-error';
import {
  checkDispositionChoice, dispositionOptions, type DispositionBody, type DispositionChoice, type DispositionLevel, type DispositionNode, type SavedDisposition,
} from '@domain/api/embed';
import { useServices } from '../../services/services-context';
import { failureText } from '../../ui/failure-text';
import type { EmbedCall } from './embed-messages';

export interface DispositionControllerOptions {
  open: boolean;
  workspaceId: string;
  call: EmbedCall;
  contactId: string | null;
  onSaved(saved: SavedDisposition): void;
}

export interface DispositionLevelView {
  level: DispositionLevel;
  options: DispositionNode[];
  value: string;
}

export interface DispositionController {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Level 1 always; level 2 and 3 only while the node chosen above has children (spec 2 §2.7). */
  levels: DispositionLevelView[];
  choose(level: DispositionLevel, value: string): void;
  comment: string;
  setComment(text: string): void;
  /** Enabled once a final node is chosen, and not while saving: the dialog's own save flag. */
  canSave: boolean;
  saving: boolean;
  save(): Promise<void>;
}

const LEVELS: DispositionLevel[] = ['l1', 'l2', 'l3'];

/** The disposition dialog without a view: the tree of the call's campaign, the choices, notes and the save. */
export const useDispositionController = ({ open, workspaceId, call, contactId, onSaved }: DispositionControllerOptions): DispositionController => {
  const { api } = useServices();
  const { t } = useTranslation();
  const [tree, setTree] = useState<{ key: string; levels: DispositionNode[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState<DispositionChoice>({});
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const key = `${workspaceId}#${call.campaign}`;

  useEffect(() => {
    if (!open) return undefined;
    setChoice({});
    setComment('');
    setError(null);
    let live = true;
    api.embed.dispositionTree(workspaceId, call.campaign, { quiet: true }).then(
      (answer) => { if (live) setTree({ key, levels: answer.levels }); },
      (failure: unknown) => {
        if (!live || (isApiRequestError(failure) && failure.kind === 'aborted')) return;
        setError(failureText(failure, t));
      },
    );
    return () => { live = false; };
  }, [api, open, workspaceId, call.campaign, key]);

  const nodes = tree?.key === key ? tree.levels : null;
  const levels = useMemo<DispositionLevelView[]>(() => {
    if (!nodes) return [];
    return LEVELS.map((level) => ({ level, options: dispositionOptions(nodes, choice, level), value: choice[level] ?? '' }))
      .filter((view) => view.level === 'l1' || view.options.length > 0);
  }, [nodes, choice]);

  const choose = useCallback((level: DispositionLevel, value: string) => {
    // A new choice clears the levels below it: they belonged to the previous node.
    setChoice((current) => (level === 'l1' ? { l1: value || undefined } : level === 'l2' ? { l1: current.l1, l2: value || undefined } : { ...current, l3: value || undefined }));
  }, []);

  const complete = nodes !== null && checkDispositionChoice(nodes, choice).ok;

  const save = useCallback(async () => {
    if (!complete || saving) return;
    setSaving(true);
    setError(null);
    const body: DispositionBody = {
      l1: choice.l1 ?? '', l2: choice.l2 ?? null, l3: choice.l3 ?? null, comment, contactId,
      campaign: call.campaign, agent: call.agent, guid: call.guid, callerid: call.callerid,
    };
    try {
      const saved = await api.embed.saveDisposition(workspaceId, body, { quiet: true });
      onSaved(saved);
    } catch (failure) {
      if (!(isApiRequestError(failure) && failure.kind === 'aborted')) setError(failureText(failure, t));
    } finally {
      setSaving(false);
    }
  }, [api, complete, saving, choice, comment, contactId, call, workspaceId, onSaved, t]);

  return {
    status: !open ? 'idle' : error && !nodes ? 'error' : nodes ? 'ready' : 'loading',
    error,
    levels,
    choose,
    comment,
    setComment,
    canSave: complete && !saving,
    saving,
    save,
  };
};
