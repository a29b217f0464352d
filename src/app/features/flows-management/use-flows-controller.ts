import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@api-client/api-error';
import type { DownloadedFile } from '@api-client/api-client';
import { flowsApi, type FlowsApi } from '@api-client/messaging-client';
import { DEFAULT_DATE_TIME_FORMAT, type FileSearchRow, type Flow, type FlowImport, type ReferenceRow, type RejectedFile } from '@domain/api/flows';
import { ADMIN_TABLE_PAGE_SIZES, ATTACHMENT_DEFAULT_MAX_BYTES } from '@domain/constants';
import { canvasCompressor, imageTargetBytes, isImage, limitInMb } from '@renderers/attachments/file-rules';
import { useServices } from '../../services/services-context';
import { saveWithObjectUrl } from '../../ui/save-file';
import { localeOf } from '../../ui/renderer-locale';

/** How often a running import is asked for its progress. */
export const PROGRESS_POLL_MS = 500;
/**
 * How often the flow list is read again while the page is shown: an import this tab did not start (a file dropped in
 * a flow's inbound folder, an upload from another tab, one still running when the page opened) is then found and
 * watched like one started here.
 */
export const FLOW_STATUS_POLL_MS = 5_000;

export interface Paged<T> {
  rows: T[];
  page: number;
  pageCount: number;
  pageSize: number;
  pageSizes: readonly number[];
  setPage(page: number): void;
  setPageSize(size: number): void;
  total: number;
}

/** Client-side pages of 10, 15 or 20 rows (spec 3 §9). */
export function usePaged<T>(all: readonly T[]): Paged<T> {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(ADMIN_TABLE_PAGE_SIZES[0]);
  const pageCount = Math.max(1, Math.ceil(all.length / pageSize));
  const current = Math.min(page, pageCount - 1);
  return {
    rows: all.slice(current * pageSize, (current + 1) * pageSize),
    page: current,
    pageCount,
    pageSize,
    pageSizes: ADMIN_TABLE_PAGE_SIZES,
    setPage,
    setPageSize: (size) => { setPageSize(size); setPage(0); },
    total: all.length,
  };
}

/** An import being watched: its progress, and the rows the file holds (counted in the browser before the upload). */
export interface ImportWatch {
  current: FlowImport;
  /** Data rows in the file, when the browser could count them (the header excluded). */
  expectedRows: number | null;
  finished: boolean;
}

export interface FlowsController {
  refs: {
    draft: string;
    setDraft(value: string): void;
    list: string[];
    add(): void;
    remove(ref: string): void;
    search(): Promise<void>;
    loading: boolean;
    results: Paged<ReferenceRow> | null;
    searched: boolean;
    /** The references of the last search that no file row has: the table cannot show them, the page names them. */
    notFound: string[];
  };
  files: {
    name: string;
    setName(value: string): void;
    search(): Promise<void>;
    loading: boolean;
    results: Paged<FileSearchRow>;
    searched: boolean;
  };
  flows: {
    list: Paged<Flow>;
    all: Flow[];
    loading: boolean;
    /** The list has come at least once: before that an empty list is not "no flows". */
    listed: boolean;
    /** The last load of the list failed (the page offers Retry). */
    failed: boolean;
    refresh(): Promise<void>;
    /** Flow ids whose toggle is on its way. */
    toggling: ReadonlySet<string>;
    toggle(flow: Flow): Promise<void>;
    /** Flow ids whose file is on its way: their upload button is busy, so one file is not sent twice. */
    uploading: ReadonlySet<string>;
    upload(flow: Flow, file: File): Promise<void>;
  };
  rejected: {
    flowId: string;
    choose(flowId: string): void;
    list: Paged<RejectedFile>;
    loading: boolean;
    download(file: RejectedFile): Promise<void>;
    /** Rejected file ids whose corrected file is on its way. */
    reloading: ReadonlySet<string>;
    reload(file: RejectedFile, upload: File): Promise<void>;
  };
  progress: ImportWatch | null;
  dismissProgress(): void;
}

/** Data rows of a CSV file as the browser counts them: non-empty lines after the header. */
export async function countDataRows(file: Blob): Promise<number | null> {
  try {
    const text = await file.text();
    const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
    return Math.max(0, lines.length - 1);
  } catch {
    return null;
  }
}

/** A rejected file as the server sends it (base64), as the shared download takes it. */
export const downloadedFile = ({ base64, contentType, fileName }: { base64: string; contentType: string; fileName: string }): DownloadedFile => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return { blob: new Blob([bytes], { type: contentType }), filename: fileName, bytes: bytes.length };
};

const timeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Rome';
  } catch {
    return 'Europe/Rome';
  }
};

/** /flowsmanagement (spec 3 §2, §4, §5, §7): the four panels, and the progress of a running import, whoever started it. */
export function useFlowsController({ api: givenApi, saveFile = saveWithObjectUrl }: { api?: FlowsApi; saveFile?(file: DownloadedFile): void } = {}): FlowsController {
  const services = useServices();
  const { toasts } = services;
  const { t, i18n } = useTranslation();
  const api = useMemo(() => givenApi ?? flowsApi(services.api), [givenApi, services.api]);
  const live = useRef(true);
  useEffect(() => () => { live.current = false; }, []);

  // 1. Search by references.
  const [draft, setDraft] = useState('');
  const [refList, setRefList] = useState<string[]>([]);
  const [refRows, setRefRows] = useState<ReferenceRow[]>([]);
  const [refsLoading, setRefsLoading] = useState(false);
  const [refsSearched, setRefsSearched] = useState(false);
  const [refsNotFound, setRefsNotFound] = useState<string[]>([]);
  const refPages = usePaged(refRows);
  const addRef = useCallback(() => {
    const refs = draft.split(/[\s,;]+/).map((r) => r.trim()).filter(Boolean);
    if (refs.length) setRefList((list) => [...list, ...refs.filter((r) => !list.includes(r))]);
    setDraft('');
  }, [draft]);
  const searchRefs = useCallback(async () => {
    if (!refList.length) return;
    setRefsLoading(true);
    try {
      const rows = await api.searchByRefs({ refs: refList, format: DEFAULT_DATE_TIME_FORMAT, timezone: timeZone(), isCmpMng: true, language: localeOf(i18n.language) });
      if (live.current) {
        const found = new Set(rows.map((r) => r.RIFERIMENTO));
        setRefRows(rows); setRefsNotFound(refList.filter((ref) => !found.has(ref))); setRefsSearched(true); refPages.setPage(0);
      }
    } catch {
      // The client's error handler has shown it.
    } finally {
      if (live.current) setRefsLoading(false);
    }
  }, [api, refList, refPages, i18n]);

  // 2. Advanced search by file name.
  const [fileName, setFileName] = useState('');
  const [fileRows, setFileRows] = useState<FileSearchRow[]>([]);
  const [filesLoading, setFilesLoading] = useState(false);
  const [filesSearched, setFilesSearched] = useState(false);
  const filePages = usePaged(fileRows);
  const searchFiles = useCallback(async () => {
    setFilesLoading(true);
    try {
      const rows = await api.searchFiles(fileName);
      if (live.current) { setFileRows(rows); setFilesSearched(true); filePages.setPage(0); }
    } catch {
      // shown by the client
    } finally {
      if (live.current) setFilesLoading(false);
    }
  }, [api, fileName, filePages]);

  // 3. Flow list.
  const [flowList, setFlowList] = useState<Flow[]>([]);
  // Whether the flow list has come at least once: what it shows then is where the page starts.
  const [listed, setListed] = useState(false);
  // Loading from the first render: the list is asked for at once, and "no flows" must wait for its answer.
  const [flowsLoading, setFlowsLoading] = useState(true);
  const [flowsFailed, setFlowsFailed] = useState(false);
  const [toggling, setToggling] = useState<ReadonlySet<string>>(new Set());
  const flowPages = usePaged(flowList);
  const refreshFlows = useCallback(async () => {
    setFlowsLoading(true);
    try {
      const flows = await api.status();
      if (live.current) { setFlowList(flows); setListed(true); setFlowsFailed(false); }
    } catch {
      // The client's error handler has shown why; the page says the list is not there and offers Retry.
      if (live.current) setFlowsFailed(true);
    } finally {
      if (live.current) setFlowsLoading(false);
    }
  }, [api]);
  useEffect(() => { void refreshFlows(); }, [refreshFlows]);

  const toggle = useCallback(async (flow: Flow) => {
    if (toggling.has(flow.id)) return;
    setToggling((s) => new Set([...s, flow.id]));
    try {
      const updated = await api.toggle(flow.id, !flow.enabled);
      toasts.show({ intent: 'success', message: t(updated.enabled ? 'flows.list.enabled' : 'flows.list.disabled', { name: updated.name }) });
      // Spec 3 §4: the list reloads after the toggle.
      await refreshFlows();
    } catch {
      // shown by the client
    } finally {
      if (live.current) setToggling((s) => { const next = new Set(s); next.delete(flow.id); return next; });
    }
  }, [api, toggling, toasts, t, refreshFlows]);

  // 4. Rejected files of a flow.
  const [rejectedFlowId, setRejectedFlowId] = useState('');
  const [rejectedFiles, setRejectedFiles] = useState<RejectedFile[]>([]);
  const [rejectedLoading, setRejectedLoading] = useState(false);
  const rejectedPages = usePaged(rejectedFiles);
  const rejectedFlowRef = useRef(rejectedFlowId);
  rejectedFlowRef.current = rejectedFlowId;
  // Only the answer for the flow still chosen is shown: choosing A then B never leaves A's files under B.
  const loadRejected = useCallback(async (flowId: string) => {
    if (!flowId) { setRejectedFiles([]); return; }
    setRejectedLoading(true);
    try {
      const list = await api.rejectedFiles(flowId);
      if (live.current && rejectedFlowRef.current === flowId) setRejectedFiles(list);
    } catch {
      // shown by the client
    } finally {
      if (live.current && rejectedFlowRef.current === flowId) setRejectedLoading(false);
    }
  }, [api]);
  const chooseRejectedFlow = useCallback((flowId: string) => {
    rejectedFlowRef.current = flowId;
    setRejectedFiles([]);
    setRejectedFlowId(flowId);
  }, []);
  useEffect(() => { void loadRejected(rejectedFlowId); }, [loadRejected, rejectedFlowId]);

  // The import being watched.
  const [progress, setProgress] = useState<ImportWatch | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);
  // Imports this page has shown, or found finished when it opened: any other one the flow list shows is new to it.
  const known = useRef<Set<string> | null>(null);
  const watch = useCallback((started: FlowImport, expectedRows: number | null) => {
    if (timer.current) clearTimeout(timer.current);
    known.current?.add(started.id);
    // One found already over (a small dropped file) shows its summary at once.
    const over = started.status === 'done' || started.status === 'failed';
    setProgress({ current: started, expectedRows, finished: over });
    if (over) {
      if (rejectedFlowRef.current === started.flowId) void loadRejected(started.flowId);
      return;
    }
    const poll = async () => {
      let next: FlowImport;
      try {
        next = await api.importProgress(started.id, { quiet: true });
      } catch {
        if (live.current) timer.current = setTimeout(() => void poll(), PROGRESS_POLL_MS * 4);
        return;
      }
      if (!live.current) return;
      const finished = next.status === 'done' || next.status === 'failed';
      setProgress({ current: next, expectedRows, finished });
      if (!finished) { timer.current = setTimeout(() => void poll(), PROGRESS_POLL_MS); return; }
      void refreshFlows();
      if (rejectedFlowRef.current === next.flowId) void loadRejected(next.flowId);
    };
    timer.current = setTimeout(() => void poll(), PROGRESS_POLL_MS);
  }, [api, refreshFlows, loadRejected]);

  // An import this tab did not start (a file dropped in the inbound folder, another tab's upload) is watched too once
  // the flow list shows it: one running when the page opened, or any that came since, even one already finished
  // (a small file is loaded between two looks); one this tab watches to its end is left to finish first.
  useEffect(() => {
    if (!listed) return;
    const imports = flowList.flatMap((f) => (f.lastImport ? [f.lastImport] : []));
    known.current ??= new Set(imports.filter((i) => i.status === 'done' || i.status === 'failed').map((i) => i.id));
    if (progress && !progress.finished) return;
    const fresh = imports.find((i) => !known.current?.has(i.id));
    if (fresh) watch(fresh, null);
  }, [listed, flowList, progress, watch]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      api.status({ quiet: true }).then((flows) => { if (live.current) { setFlowList(flows); setListed(true); setFlowsFailed(false); } }, () => undefined);
    }, FLOW_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [api]);

  // A 409 is the one refusal the page can name in the user's language: the flow was disabled, or the rejected file
  // handled, after the page showed it (the buttons are off otherwise); the rest are the server's words.
  const showUploadFailure = useCallback((cause: unknown, conflict: string) => {
    const failure = isApiRequestError(cause) ? cause : null;
    if (failure?.status === 401) { void services.expireSession(); return; }
    const messages = failure?.status === 409 ? [conflict] : failure?.errors.length ? failure.errors.map((e) => e.message) : [failure?.message ?? String(cause)];
    for (const message of messages) toasts.show({ intent: 'danger', heading: t('flows.uploadFailed'), message });
  }, [services, toasts, t]);

  /** Spec 3 §5: a file over the flow's size limit is refused here, before it is read or sent, with the server's message in the user's language. */
  const tooLarge = useCallback((file: Blob, flow: Pick<Flow, 'maxFileSize'> | undefined): boolean => {
    if (!flow || file.size <= flow.maxFileSize) return false;
    toasts.show({ intent: 'danger', heading: t('flows.uploadFailed'), message: t('contactWork.files.tooLarge', { n: limitInMb(flow.maxFileSize) }) });
    return true;
  }, [toasts, t]);

  // Files on their way, by flow id (uploads) and rejected file id (reloads). The refs answer a second pick made
  // before React has rendered the busy button; the states show it.
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const [reloading, setReloading] = useState<ReadonlySet<string>>(new Set());
  const sendingUploads = useRef(new Set<string>());
  const sendingReloads = useRef(new Set<string>());
  const whileSending = useCallback(async (sending: Set<string>, show: (next: ReadonlySet<string>) => void, id: string, work: () => Promise<void>) => {
    if (sending.has(id)) return;
    sending.add(id);
    show(new Set(sending));
    try {
      await work();
    } finally {
      sending.delete(id);
      if (live.current) show(new Set(sending));
    }
  }, []);

  const upload = useCallback(async (flow: Flow, file: File) => {
    if (sendingUploads.current.has(flow.id) || tooLarge(file, flow)) return;
    await whileSending(sendingUploads.current, setUploading, flow.id, async () => {
      const expected = await countDataRows(file);
      try {
        watch(await api.upload(flow.id, file, file.name, { quiet: true }), expected);
      } catch (cause) {
        showUploadFailure(cause, t('flows.disabledFlow', { name: flow.name }));
        void refreshFlows();
      }
    });
  }, [api, watch, showUploadFailure, t, refreshFlows, tooLarge, whileSending]);

  const reload = useCallback(async (rejected: RejectedFile, file: File) => {
    const flow = flowList.find((f) => f.id === rejectedFlowRef.current);
    if (sendingReloads.current.has(rejected.id) || (!isImage(file.type) && tooLarge(file, flow))) return;
    await whileSending(sendingReloads.current, setReloading, rejected.id, async () => {
      const expected = await countDataRows(file);
      // The attachment rules (spec 3 §5): an image is compressed to about 5 MB before it goes; the server checks the
      // type by content and the size limit.
      const ready = isImage(file.type) ? await canvasCompressor(file, imageTargetBytes(flow?.maxFileSize ?? ATTACHMENT_DEFAULT_MAX_BYTES)) : file;
      if (tooLarge(ready, flow)) return;
      try {
        const started = await api.reload(rejected.id, ready, ready.name, { quiet: true });
        watch(started, expected);
      } catch (cause) {
        showUploadFailure(cause, t('flows.alreadyHandled', { name: rejected.name }));
        if (rejectedFlowRef.current) void loadRejected(rejectedFlowRef.current);
      }
    });
  }, [api, watch, showUploadFailure, t, loadRejected, tooLarge, flowList, whileSending]);

  const download = useCallback(async (file: RejectedFile) => {
    try {
      const content = await api.downloadRejected(file.id, localeOf(i18n.language));
      saveFile(downloadedFile(content));
    } catch {
      // shown by the client
    }
  }, [api, saveFile, i18n]);

  return {
    refs: {
      draft, setDraft, list: refList, add: addRef,
      remove: (ref) => setRefList((list) => list.filter((r) => r !== ref)),
      search: searchRefs, loading: refsLoading, results: refsSearched ? refPages : null, searched: refsSearched, notFound: refsNotFound,
    },
    files: { name: fileName, setName: setFileName, search: searchFiles, loading: filesLoading, results: filePages, searched: filesSearched },
    flows: { list: flowPages, all: flowList, loading: flowsLoading, listed, failed: flowsFailed, refresh: refreshFlows, toggling, toggle, uploading, upload },
    rejected: { flowId: rejectedFlowId, choose: chooseRejectedFlow, list: rejectedPages, loading: rejectedLoading, download, reloading, reload },
    progress,
    dismissProgress: () => setProgress(null),
  };
}
