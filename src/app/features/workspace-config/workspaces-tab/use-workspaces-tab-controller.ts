import { useCallback, useEffect, useState } from 'react';
import type { DownloadedFile } from '@api-client/api-client';
import type { WorkspaceConfigApi } from '@api-client/workspace-config-client';
import { isApiRequestError } from '@api-client/api-error';
import type { ConfigDocument, ConfigWorkspaceRow } from '@domain/api/workspace-config';
import { problemsOfError, type EditorProblem } from '../editor/config-problems';
import { parseJson } from '../editor/json-positions';
import { errorText } from '../../../ui/failure-text';

/** What an import did: created (with its version), or why not. */
export type ImportOutcome =
  | { type: 'created'; workspaceId: string; version: number }
  | { type: 'unreadable'; problem: ImportReadProblem }
  | { type: 'invalid'; problems: EditorProblem[]; workspace: ConfigDocument; dataModel: ConfigDocument }
  | { type: 'taken'; message: string }
  | { type: 'failed'; message: string };

export interface WorkspacesTabController {
  rows: ConfigWorkspaceRow[];
  loading: boolean;
  error: string | null;
  reload(): void;
  /** Workspaces whose enabled flag is being changed. */
  busyIds: string[];
  setEnabled(id: string, enabled: boolean): Promise<void>;
  exportWorkspace(id: string): Promise<void>;
  importing: boolean;
  /** One file `{ workspace, dataModel }` (what Export saves), or two: a workspace.json and a data-model.json. */
  importFiles(files: readonly ImportFile[]): Promise<ImportOutcome>;
  /** A configuration was published or created elsewhere (the editor): reload the table and the navigation's list. */
  changed(): void;
}

export interface WorkspacesTabOptions {
  api: Pick<WorkspaceConfigApi, 'list' | 'create' | 'setEnabled' | 'exportFile'>;
  /** Reloads the navigation bar's workspace selector (the session's workspace list). */
  refreshWorkspaceList(): Promise<void>;
  saveFile(file: DownloadedFile): void;
}

/** A file picked for import; a File's name says which one a problem is in. */
export type ImportFile = Blob & { name?: string };

type ImportDocuments = { workspace: ConfigDocument; dataModel: ConfigDocument };

/**
 * Why picked files are not an import, for the view to say in the user's language: a file that is not JSON (where it
 * stops being JSON, and which file when two were picked: the parser's own English words never reach the screen), one
 * file that is not `{ workspace, dataModel }`, a number of files other than one or two, two that are not a workspace
 * and its data model, or a file the browser could not read at all.
 */
export type ImportReadProblem =
  | { problem: 'notJson'; file?: string; line: number; column: number }
  | { problem: 'readFailed' }
  | { problem: 'notCombined' }
  | { problem: 'fileCount' }
  | { problem: 'notAPair' };

const isDocument = (value: unknown): value is ConfigDocument =>
  !!value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string';

/** Reads an import file: one JSON object `{ workspace, dataModel }` (what Export saves). */
export const readImport = (text: string): ImportDocuments | ImportReadProblem => {
  const parsed = parseJson(text);
  if (!parsed.ok) return { problem: 'notJson', line: parsed.error.line, column: parsed.error.column };
  const value = parsed.value;
  const { workspace, dataModel } = (value ?? {}) as { workspace?: unknown; dataModel?: unknown };
  if (!isDocument(workspace) || !isDocument(dataModel)) return { problem: 'notCombined' };
  return { workspace, dataModel };
};

/**
 * Reads the files of an import: one file as readImport does, or two as they sit in `fixtures/workspaces/<slug>/`
 * (workspace.json and data-model.json, picked in any order): the one with a dataModelId is the workspace.
 */
export const readImportFiles = (files: ReadonlyArray<{ name?: string; text: string }>): ImportDocuments | ImportReadProblem => {
  if (files.length === 1) return readImport(files[0].text);
  if (files.length !== 2) return { problem: 'fileCount' };
  const documents: unknown[] = [];
  for (const file of files) {
    const parsed = parseJson(file.text);
    if (!parsed.ok) return { problem: 'notJson', ...(file.name ? { file: file.name } : {}), line: parsed.error.line, column: parsed.error.column };
    documents.push(parsed.value);
  }
  const isWorkspace = (value: unknown) => isDocument(value) && typeof (value as { dataModelId?: unknown }).dataModelId === 'string';
  const workspace = documents.find(isWorkspace);
  const dataModel = documents.find((value) => value !== workspace && isDocument(value) && !isWorkspace(value));
  if (!isDocument(workspace) || !isDocument(dataModel)) return { problem: 'notAPair' };
  return { workspace, dataModel };
};

const readText = (file: Blob): Promise<string> =>
  typeof file.text === 'function'
    ? file.text()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsText(file);
      });

/**
 * The Workspaces tab of /workspaceconfig (issue 13): every workspace with its data model, enabled flag, version and
 * last publish; enable/disable, export and import (one combined file or a workspace.json and a data-model.json). The navigation's workspace list follows every change.
 */
export function useWorkspacesTabController({ api, refreshWorkspaceList, saveFile }: WorkspacesTabOptions): WorkspacesTabController {
  const [rows, setRows] = useState<ConfigWorkspaceRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [busyIds, setBusyIds] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .list()
      .then((list) => {
        if (!live) return;
        setRows(list);
        setError(null);
      })
      .catch((failure: unknown) => live && setError(errorText(failure)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const changed = useCallback(() => {
    reload();
    void refreshWorkspaceList().catch(() => undefined);
  }, [reload, refreshWorkspaceList]);

  const setEnabled = useCallback(async (id: string, enabled: boolean) => {
    setBusyIds((ids) => [...ids, id]);
    try {
      const result = await api.setEnabled(id, { enabled });
      setRows((list) => list.map((row) => (row.id === id ? { ...row, enabled: result.enabled } : row)));
      void refreshWorkspaceList().catch(() => undefined);
    } catch {
      // the client's toast said why; the row keeps its flag
    } finally {
      setBusyIds((ids) => ids.filter((x) => x !== id));
    }
  }, [api, refreshWorkspaceList]);

  const exportWorkspace = useCallback(async (id: string) => {
    try {
      saveFile(await api.exportFile(id));
    } catch {
      // reported by the client's toast
    }
  }, [api, saveFile]);

  const importFiles = useCallback(async (files: readonly ImportFile[]): Promise<ImportOutcome> => {
    setImporting(true);
    try {
      const read = readImportFiles(await Promise.all(files.map(async (file) => ({ name: file.name, text: await readText(file) }))));
      if ('problem' in read) return { type: 'unreadable', problem: read };
      try {
        const result = await api.create(read, { quiet: true });
        changed();
        return { type: 'created', workspaceId: read.workspace.id, version: result.version };
      } catch (failure) {
        const status = isApiRequestError(failure) ? failure.status : null;
        if (status === 400) return { type: 'invalid', problems: problemsOfError(failure), ...read };
        if (status === 409) return { type: 'taken', message: errorText(failure) };
        return { type: 'failed', message: errorText(failure) };
      }
    } catch {
      // only reading the files throws here (the server's answers are caught above)
      return { type: 'unreadable', problem: { problem: 'readFailed' } };
    } finally {
      setImporting(false);
    }
  }, [api, changed]);

  return { rows, loading, error, reload, busyIds, setEnabled, exportWorkspace, importing, importFiles, changed };
}
