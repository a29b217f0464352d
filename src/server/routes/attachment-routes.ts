import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { CONTACT_WORK_MESSAGES, RESULT_FORMAT_HEADER, contactWorkRoutes, type FileContent, type UploadResult } from '@domain/api/contact-work';
import type { ContactRow } from '@domain/api/contacts';
import { ATTACHMENT_DEFAULT_MAX_BYTES } from '@domain/constants';
import type { Field, FieldMap } from '@domain/generated/data-model';
import type { ArrayConfigs, AttachmentConfigs } from '@domain/generated/workspace';
import { pdfDocumentRenderer, type DocumentRenderer } from '../adapters/document-renderer';
import { HttpError, badField, notFound, unprocessable } from '../http-error';
import { say } from '../server-messages';
import { bumpVersion, updateArrayValue, type FileKind, type StoredFile } from '../repositories/attachment-repository';
import { actAs, newContactId } from '../repositories/contact-work-repository';
import { type WorkspaceAccess } from '../services/contact-work/workspace-access';
import { declaredContact } from '../services/contact-work/contact-access';
import { sniffContentType } from '../services/contact-work/file-content';

interface ArrayField { section: 'inputs' | 'outputs'; field: Field; items: FieldMap }

/** The array field `name` when arrayConfig gives it the kind, else 404. */
function arrayField(access: WorkspaceAccess, name: string, kind: FileKind): ArrayField {
  const config = ((access.workspace.arrayConfig ?? {}) as ArrayConfigs)[name];
  const section = Object.prototype.hasOwnProperty.call(access.model.outputs, name) ? 'outputs' : Object.prototype.hasOwnProperty.call(access.model.model, name) ? 'inputs' : null;
  if (!section || config?.type !== kind) throw notFound(say(kind === 'doc' ? 'notADocumentList' : 'notAnAttachmentList', { field: name }));
  const field = section === 'outputs' ? access.model.outputs[name] : access.model.model[name];
  return { section, field, items: field.arrayItemsModel ?? {} };
}

/** Which keys of an item hold the file name, the content type and the id. */
function itemKeys(items: FieldMap) {
  const names = Object.keys(items);
  const nameKey = ['nome', 'name', 'fileName', 'filename'].find((k) => names.includes(k)) ?? names.find((k) => items[k].required) ?? names[0] ?? 'name';
  return {
    nameKey,
    typeKey: names.includes('contentType') ? 'contentType' : null,
    idKey: ['attachmentId', 'docId', 'id'].find((k) => names.includes(k)) ?? null,
  };
}

/** The item named `name` (by file name, or by id). */
function findItem(contact: ContactRow, array: ArrayField, fieldName: string, name: string): Record<string, unknown> | undefined {
  const list = contact[array.section][fieldName];
  const keys = itemKeys(array.items);
  return Array.isArray(list) ? (list as Record<string, unknown>[]).find((item) => item?.[keys.nameKey] === name || (keys.idKey !== null && item?.[keys.idKey] === name)) : undefined;
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: StoredFile): { data: FileContent } | FastifyReply {
  if (request.headers[RESULT_FORMAT_HEADER] === 'buffer') return reply.type(file.contentType).send(Buffer.from(file.data, 'base64'));
  return { data: { contentType: file.contentType, data: file.data } };
}

function refuseClosed(contact: ContactRow): void {
  if (contact.closed) throw unprocessable(say('attachmentsClosed'));
  if (!contact.processable) throw unprocessable(say('attachmentsNotProcessable'));
}

const label = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Attachments (upload, download, delete) and documents of a contact (spec 2 §2.3, §4, §5, §7). */
export async function attachmentRoutesPlugin(fastify: FastifyInstance, options: { documents?: DocumentRenderer } = {}): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const files = app.repos.attachments;
  const documents = options.documents ?? pdfDocumentRenderer();

  app.route({
    ...contactWorkRoutes.uploadAttachment,
    config: { access: { permission: 'write', contact: 'params.id' } },
    handler: async (request): Promise<{ data: UploadResult }> => {
      const { field, name } = request.params;
      const { contact, access } = declaredContact(request);
      const array = arrayField(access, field, 'attachment');
      refuseClosed(contact);
      if (!request.isMultipart()) throw badField('fileContent', say('sendMultipart'));
      const maxSize = ((access.workspace.attachmentConfigs ?? {}) as AttachmentConfigs).maxSize ?? ATTACHMENT_DEFAULT_MAX_BYTES;
      const part = await request.file({ limits: { fileSize: maxSize, files: 1 } });
      if (!part || part.fieldname !== 'fileContent') throw badField('fileContent', say('fileContentRequired'));
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, CONTACT_WORK_MESSAGES.fileTooLarge(maxSize), [{ field: 'fileContent', message: CONTACT_WORK_MESSAGES.fileTooLarge(maxSize) }]);
        throw error;
      }
      if (bytes.length > maxSize) throw new HttpError(413, CONTACT_WORK_MESSAGES.fileTooLarge(maxSize), [{ field: 'fileContent', message: CONTACT_WORK_MESSAGES.fileTooLarge(maxSize) }]);
      const contentType = sniffContentType(bytes);
      if (!contentType) throw new HttpError(415, CONTACT_WORK_MESSAGES.fileNotSupported, [{ field: 'fileContent', message: CONTACT_WORK_MESSAGES.fileNotSupported }]);

      const keys = itemKeys(array.items);
      const at = new Date(app.clock());
      const items = await app.db.transaction(async (tx) => {
        await actAs(tx, access.auth.user.id, at, 'attachment');
        const next = await updateArrayValue(tx, contact.id, array.section, field, (current) => {
          const others = current.filter((item) => item?.[keys.nameKey] !== name);
          if (others.length === current.length && typeof array.field.arrayMaxItems === 'number' && current.length >= array.field.arrayMaxItems) {
            throw unprocessable(say('attachmentsFull', { field, max: array.field.arrayMaxItems }), field);
          }
          const item: Record<string, unknown> = { [keys.nameKey]: name };
          if (keys.typeKey) item[keys.typeKey] = contentType;
          if (keys.idKey) item[keys.idKey] = newContactId(at);
          return [...others, item];
        });
        await files.put(tx, { contactId: contact.id, kind: 'attachment', field, name, contentType, bytes, userId: access.auth.user.id, at });
        return { next, version: await bumpVersion(tx, contact.id) };
      });
      return { data: { field, name, contentType, size: bytes.length, items: items.next, version: items.version } };
    },
  });

  app.route({
    ...contactWorkRoutes.getAttachment,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    handler: async (request, reply) => {
      const { field, name } = request.params;
      const { contact, access } = declaredContact(request);
      const array = arrayField(access, field, 'attachment');
      const item = findItem(contact, array, field, name);
      const fileName = item ? String(item[itemKeys(array.items).nameKey]) : name;
      const file = await files.get(contact.id, 'attachment', field, fileName);
      if (!file) throw notFound(say('attachmentNoStoredFile', { field, name }));
      return sendFile(request, reply, file);
    },
  });

  app.route({
    ...contactWorkRoutes.deleteAttachment,
    config: { access: { permission: 'write', contact: 'params.id' } },
    handler: async (request) => {
      const { field, name } = request.params;
      const { contact, access } = declaredContact(request);
      const array = arrayField(access, field, 'attachment');
      refuseClosed(contact);
      const keys = itemKeys(array.items);
      const item = findItem(contact, array, field, name);
      const fileName = item ? String(item[keys.nameKey]) : name;
      const removed = await app.db.transaction(async (tx) => {
        await actAs(tx, access.auth.user.id, new Date(app.clock()), 'attachment');
        let listed = false;
        await updateArrayValue(tx, contact.id, array.section, field, (current) => {
          const next = current.filter((i) => i?.[keys.nameKey] !== fileName);
          listed = next.length !== current.length;
          return next;
        });
        const stored = await files.remove(tx, contact.id, 'attachment', field, fileName);
        if (!listed && !stored) throw notFound(say('attachmentNotFound', { field, name }));
        return bumpVersion(tx, contact.id);
      });
      return { data: { ok: true, version: removed } };
    },
  });

  app.route({
    ...contactWorkRoutes.getDocument,
    config: { access: { permission: ['show', 'edit'], contact: 'params.id' } },
    handler: async (request, reply) => {
      const { field, name } = request.params;
      const { contact, access } = declaredContact(request);
      const array = arrayField(access, field, 'doc');
      const item = findItem(contact, array, field, name);
      if (!item) throw notFound(say('documentNotFound', { field, name }));
      const docName = String(item[itemKeys(array.items).nameKey]);
      let file = await files.get(contact.id, 'doc', field, docName);
      if (!file) {
        // First request: the document is generated from the contact as it is now, then kept.
        const line = (map: FieldMap, values: Record<string, unknown>) =>
          Object.entries(map).filter(([n, f]) => f.dataType !== 'array' && values[n] !== undefined && values[n] !== '').map(([n, f]) => `${f.label}: ${label(values[n])}`);
        const bytes = documents.render(docName, [
          `Workspace: ${String(access.workspace.name ?? access.workspace.id)}`,
          `Contatto: ${contact.id}   Stato: ${contact.state}${contact.outcome ? `   Esito: ${contact.outcome}` : ''}`,
          `Generato il ${new Date(app.clock()).toISOString()}`,
          '',
          ...line(access.model.model, contact.inputs),
          '',
          ...line(access.model.outputs, contact.outputs),
        ]);
        await app.db.transaction((tx) => files.put(tx, { contactId: contact.id, kind: 'doc', field, name: docName, contentType: 'application/pdf', bytes, userId: access.auth.user.id, at: new Date(app.clock()) }));
        file = { contentType: 'application/pdf', size: bytes.length, data: bytes.toString('base64') };
      }
      return sendFile(request, reply, file);
    },
  });
}
