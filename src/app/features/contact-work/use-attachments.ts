import { useCallback, useState } from 'react';
import type { StoredFile } from '@renderers/form-context';
import { itemToFile } from '@renderers/attachments/file-items';
import { prepareFile } from '@renderers/attachments/file-rules';
import type { ContactRow } from '@domain/api/contacts';
import { ATTACHMENT_DEFAULT_MAX_BYTES } from '@domain/constants';
import type { MediaField } from '../../ui/media-section';
import type { ContactWorkContext } from './contact-work-context';
import { objectUrlOf } from './contact-forms';
import { SHOW_TIMINGS } from './show-timings';
import { errorText } from '../../ui/failure-text';

export interface Viewing extends StoredFile { loading?: boolean }

export interface AttachmentsControl {
  busy: string | null;
  message: string | null;
  upload(field: MediaField, file: File): Promise<void>;
  remove(field: MediaField, name: string): Promise<void>;
  preview(field: MediaField, item: Record<string, unknown>): Promise<void>;
  viewing: Viewing | null;
  closeViewer(): void;
}

/**
 * The MEDIA panel's lists (spec 2 §2.9): upload (checked and images compressed first), delete (the lists reload a
 * moment later), preview. A file change is a change of the contact: `takeVersion` gets the version it made.
 */
export const useAttachments = (
  { api, services, workspace, t }: ContactWorkContext,
  { id, fetchContact, takeVersion, later }: {
    id: string;
    fetchContact(): Promise<ContactRow>;
    takeVersion(version: number | undefined): void;
    later(fn: () => void, ms: number): void;
  },
): { attachments: AttachmentsControl; mediaItems(field: string): Record<string, unknown>[]; showMedia(outputs: Record<string, unknown>): void } => {
  const { toasts } = services;
  const [mediaValues, setMediaValues] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Viewing | null>(null);

  const refreshMedia = useCallback(async () => {
    const row = await fetchContact();
    setMediaValues(row.outputs);
  }, [fetchContact]);

  const upload = useCallback(async (field: MediaField, file: File) => {
    setMessage(null);
    const prepared = await prepareFile(file, field.maxSize ?? workspace?.attachmentConfigs?.maxSize ?? ATTACHMENT_DEFAULT_MAX_BYTES);
    if ('problem' in prepared) {
      const text = prepared.problem.kind === 'unsupported' ? t('contactWork.files.unsupported') : t('contactWork.files.tooLarge', { n: prepared.problem.limitMb });
      setMessage(text);
      toasts.show({ intent: 'danger', message: text });
      return;
    }
    setBusy(field.name);
    try {
      const result = await api.contactWork.uploadAttachment(id, field.name, prepared.file.name, prepared.file, { quiet: true });
      setMediaValues((v) => ({ ...v, [field.name]: result.items }));
      takeVersion(result.version);
      toasts.show({ intent: 'success', message: t('contactWork.files.uploaded', { name: result.name }) });
    } catch (cause) {
      const text = errorText(cause);
      setMessage(text);
      toasts.show({ intent: 'danger', message: text });
    } finally {
      setBusy(null);
    }
  }, [api, id, workspace, t, toasts, takeVersion]);

  const remove = useCallback(async (field: MediaField, name: string) => {
    setBusy(field.name);
    try {
      const result = await api.contactWork.deleteAttachment(id, field.name, name);
      takeVersion(result.version);
      toasts.show({ intent: 'success', message: t('contactWork.files.deleted', { name }), timeout: SHOW_TIMINGS.mediaReload });
      later(() => { void refreshMedia(); }, SHOW_TIMINGS.mediaReload);
    } catch {
      // the client reported it
    } finally {
      setBusy(null);
    }
  }, [api, id, toasts, t, later, refreshMedia, takeVersion]);

  const preview = useCallback(async (field: MediaField, item: Record<string, unknown>) => {
    const file = itemToFile(item, field.itemSchema);
    setViewing({ ...file, loading: true });
    try {
      const content = field.kind === 'doc' ? await api.contactWork.getDocument(id, field.name, file.name) : await api.contactWork.getAttachment(id, field.name, file.name);
      setViewing({ ...file, type: content.contentType, url: objectUrlOf(content), loading: false });
    } catch {
      setViewing(null);
    }
  }, [api, id]);
  const closeViewer = useCallback(() => setViewing((v) => { if (v?.url.startsWith('blob:')) URL.revokeObjectURL(v.url); return null; }), []);

  const mediaItems = useCallback((field: string) => (Array.isArray(mediaValues[field]) ? (mediaValues[field] as Record<string, unknown>[]) : []), [mediaValues]);
  return { attachments: { busy, message, upload, remove, preview, viewing, closeViewer }, mediaItems, showMedia: setMediaValues };
};
