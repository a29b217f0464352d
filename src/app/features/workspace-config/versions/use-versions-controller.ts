import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import type { WorkspaceConfigApi } from '@api-client/workspace-config-client';
import type { AuditEntry, Configuration, JsonPatch, VersionEntry } from '@domain/api/workspace-config';
import { failureText } from '../../../ui/failure-text';
import { valueAtPointer } from './json-pointer';
import { sideBySide, type SideBySide } from './side-by-side';

export const DIFF_DOCUMENTS = ['workspace', 'dataModel'] as const;
export type DiffDocument = (typeof DIFF_DOCUMENTS)[number];

/** One JSON Patch operation as the diff table shows it: the value before (in version `from`) and after. */
export interface DiffRow {
  op: JsonPatch[number]['op'];
  path: string;
  /** move and copy: where the value comes from. */
  from?: string;
  old: { value: unknown } | null;
  next: { value: unknown } | null;
}

/** The two versions compared: each document's patch operations, and its two versions side by side with the changed lines marked. */
export interface VersionsDiff { from: number; to: number; documents: Record<DiffDocument, DiffRow[]>; sides: Record<DiffDocument, SideBySide> }

type Loadable<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export interface VersionsController {
  versions: Loadable<VersionEntry[]>;
  audit: Loadable<AuditEntry[]>;
  /** The live version (the highest), null before the list arrives. */
  current: number | null;
  /** The versions picked for comparison, at most two, in the order picked. */
  selected: number[];
  toggle(version: number): void;
  diff: Loadable<VersionsDiff>;
  reload(): void;
  rollback: {
    /** The version the confirmation asks about (null when it is closed). */
    target: number | null;
    comment: string;
    busy: boolean;
    /** The last rollback's failure or conflict, shown until the next attempt. */
    message: string | null;
    ask(version: number): void;
    cancel(): void;
    setComment(comment: string): void;
    confirm(): Promise<void>;
  };
}

export interface VersionsControllerOptions {
  config: WorkspaceConfigApi;
  workspaceId: string;
  isOpen: boolean;
  t: TFunction;
  onSuccess(version: number): void;
}

/** The rows of one document's patch: each operation with the value its path held in the older version. */
export function diffRows(patch: JsonPatch, before: unknown): DiffRow[] {
  return patch.map((operation) => {
    const at = (pointer: string) => {
      const found = valueAtPointer(before, pointer);
      return found.found ? { value: found.value } : null;
    };
    switch (operation.op) {
      case 'add': return { op: operation.op, path: operation.path, old: null, next: { value: operation.value } };
      case 'remove': return { op: operation.op, path: operation.path, old: at(operation.path), next: null };
      case 'move':
      case 'copy': return { op: operation.op, path: operation.path, from: operation.from, old: operation.op === 'move' ? null : at(operation.path), next: operation.from === undefined ? null : at(operation.from) };
      default: return { op: operation.op, path: operation.path, old: at(operation.path), next: { value: operation.value } };
    }
  });
}

/** The 409's version now live, when the server sent it. */
function conflictVersion(e: unknown): number | null {
  const body = (e as { body?: unknown } | null)?.body;
  const current = body && typeof body === 'object' ? (body as { currentVersion?: unknown }).currentVersion : undefined;
  return typeof current === 'number' ? current : null;
}

const statusOf = (e: unknown): number | null => {
  const status = (e as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
};

/**
 * The Versions dialog's headless controller (issue 13): the workspace's versions and change log, the JSON Patch
 * between any two versions with the values before, the two versions side by side with the patched lines marked, and
 * the rollback to a version (409 when someone published since the list was read: the list reloads and nothing happened).
 */
export function useVersionsController({ config, workspaceId, isOpen, t, onSuccess }: VersionsControllerOptions): VersionsController {
  const [versions, setVersions] = useState<Loadable<VersionEntry[]>>({ status: 'idle' });
  const [audit, setAudit] = useState<Loadable<AuditEntry[]>>({ status: 'idle' });
  const [reloads, setReloads] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [diff, setDiff] = useState<Loadable<VersionsDiff>>({ status: 'idle' });
  const [target, setTarget] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  /** The version the comment was typed for: asking again for it (after a refusal) keeps the comment. */
  const [commentFor, setCommentFor] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    setSelected([]);
    setMessage(null);
    setTarget(null);
  }, [workspaceId]);

  useEffect(() => {
    if (!isOpen || !workspaceId) return undefined;
    let live = true;
    setVersions({ status: 'loading' });
    setAudit({ status: 'loading' });
    config.versions(workspaceId).then(
      (data) => { if (live) setVersions({ status: 'ready', data }); },
      (e: unknown) => { if (live) setVersions({ status: 'error', message: failureText(e, t) }); },
    );
    config.audit(workspaceId).then(
      (data) => { if (live) setAudit({ status: 'ready', data }); },
      (e: unknown) => { if (live) setAudit({ status: 'error', message: failureText(e, t) }); },
    );
    return () => { live = false; };
  }, [config, workspaceId, isOpen, reloads]);

  const pair = selected.length === 2 ? ([Math.min(...selected), Math.max(...selected)] as const) : null;
  const [from, to] = pair ?? [0, 0];
  useEffect(() => {
    if (!isOpen || !from || !to) { setDiff({ status: 'idle' }); return undefined; }
    let live = true;
    setDiff({ status: 'loading' });
    Promise.all([config.diff(workspaceId, from, to), config.version(workspaceId, from), config.version(workspaceId, to)]).then(
      ([patch, before, after]: [{ workspace: JsonPatch; dataModel: JsonPatch }, Configuration, Configuration]) => {
        if (!live) return;
        const documents = { workspace: diffRows(patch.workspace, before.workspace), dataModel: diffRows(patch.dataModel, before.dataModel) };
        const sides = {
          workspace: sideBySide(before.workspace, after.workspace, patch.workspace),
          dataModel: sideBySide(before.dataModel, after.dataModel, patch.dataModel),
        };
        setDiff({ status: 'ready', data: { from, to, documents, sides } });
      },
      (e: unknown) => { if (live) setDiff({ status: 'error', message: failureText(e, t) }); },
    );
    return () => { live = false; };
  }, [config, workspaceId, isOpen, from, to]);

  const current = useMemo(() => (versions.status === 'ready' && versions.data.length ? Math.max(...versions.data.map((v) => v.version)) : null), [versions]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const confirm = async () => {
    if (target === null || current === null || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const text = comment.trim();
      const result = await config.rollback(workspaceId, { baseVersion: current, toVersion: target, ...(text ? { comment: text } : {}) }, { quiet: true });
      setTarget(null);
      setComment('');
      setCommentFor(null);
      setSelected([]);
      reload();
      onSuccess(result.version);
    } catch (e) {
      if (statusOf(e) === 409) {
        const now = conflictVersion(e);
        setMessage(now === null ? t('workspaceConfigVersions.conflictUnknown') : t('workspaceConfigVersions.conflict', { version: now }));
        setTarget(null);
        reload();
      } else {
        const reasons = ((e as { errors?: Array<{ message?: string }> } | null)?.errors ?? []).map((x) => x.message).filter(Boolean);
        setMessage(t('workspaceConfigVersions.failed', { message: reasons.length ? reasons.join('; ') : failureText(e, t) }));
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    versions,
    audit,
    current,
    selected,
    toggle: (version) => setSelected((s) => (s.includes(version) ? s.filter((v) => v !== version) : [...s, version].slice(-2))),
    diff,
    reload,
    rollback: {
      target,
      comment,
      busy,
      message,
      ask: (version) => {
        if (version !== commentFor) setComment('');
        setCommentFor(version);
        setTarget(version);
        setMessage(null);
      },
      cancel: () => setTarget(null),
      setComment,
      confirm,
    },
  };
}
