import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { CONTACT_WORK_MESSAGES } from '@domain/api/contact-work';
import { HttpError } from '../../http-error';
import { say, type Text } from '../../server-messages';
import { sniffContentType } from '../contact-work/file-content';

/**
 * Where a flow's files live, under DATA_DIR/flows/<flowId>/:
 *   inbound/  files dropped here are imported (watched while the server runs; a disabled flow leaves them there)
 *   work/     a file being imported, named <importId>-<name> (uploads are written here directly)
 *   done/     imported files; failed/  files whose import failed
 */
export type FlowFolder = 'inbound' | 'work' | 'done' | 'failed';

export const flowFolder = (root: string, flowId: string, folder: FlowFolder): string => join(root, flowId, folder);

/** A file name safe to keep: no folders, no control characters, at most 150 characters. */
export function safeFileName(name: string): string {
  const clean = basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f/:*?"<>|]/g, '_').trim().slice(-150);
  return clean && clean !== '.' && clean !== '..' ? clean : 'file.csv';
}

export type FileKind = 'application/pdf' | 'image/png' | 'image/jpeg' | 'text' | null;

/** Bytes no text file has: NUL and the C0 controls other than tab, newlines, form feed and escape. */
const isBinaryByte = (b: number): boolean => b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b);

/** A UTF-16 text file (a spreadsheet's "Unicode text" export) starts with its byte order mark. */
function utf16Of(head: Buffer): 'utf-16le' | 'utf-16be' | null {
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/** The type the first bytes show: pdf, png, jpeg, text, or null (spec 3 §5: the attachment rules). */
export function sniffFile(head: Buffer): FileKind {
  const media = sniffContentType(head);
  if (media) return media;
  const utf16 = utf16Of(head);
  if (utf16) {
    // Its NUL bytes are halves of characters: the characters are what must not be controls.
    const text = new TextDecoder(utf16).decode(head.subarray(0, head.length - (head.length % 2)), { stream: true });
    for (let i = 0; i < text.length; i += 1) if (isBinaryByte(text.charCodeAt(i))) return null;
    return 'text';
  }
  for (const byte of head) if (isBinaryByte(byte)) return null;
  return 'text';
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1';

/**
 * How a text file is read: UTF-16 by its byte order mark, UTF-8 when its head decodes as such, otherwise Latin-1 (what
 * spreadsheet exports often are).
 */
export function textEncodingOf(head: Buffer): TextEncodingName {
  const utf16 = utf16Of(head);
  if (utf16) return utf16;
  try {
    // A character cut at the end of the sample is not an error: `stream` keeps it pending.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'latin1';
  }
}

/** The file's text as a stream of strings, decoded as `encoding`. */
export function textStream(path: string, encoding: TextEncodingName): Readable {
  if (encoding !== 'utf-16be') return createReadStream(path, { encoding: encoding === 'utf-8' ? 'utf8' : encoding === 'utf-16le' ? 'utf16le' : 'latin1' });
  // Node reads no big-endian UTF-16 by itself: the WHATWG decoder does, a chunk at a time.
  const decoder = new TextDecoder('utf-16be');
  const decoded = new Transform({
    transform(chunk: Buffer, _encoding, done) { done(null, decoder.decode(chunk, { stream: true })); },
    flush(done) { done(null, decoder.decode()); },
  });
  const source = createReadStream(path);
  source.on('error', (error) => decoded.destroy(error));
  // The reader stops early (a wrong header, the server stopping): the file closes with it.
  decoded.on('close', () => source.destroy());
  return source.pipe(decoded).setEncoding('utf8');
}

export async function readHead(path: string, bytes = 65_536): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A data URL's percent-encoded text, or null when it is not (a stray `%`). */
const percentDecoded = (text: string): Buffer | null => {
  try {
    return Buffer.from(decodeURIComponent(text), 'utf8');
  } catch {
    return null;
  }
};

const fileError = (status: number, message: Text) => new HttpError(status, message, [{ field: 'fileContent', message }]);

/**
 * Reads the multipart part `fileContent` (a file, or a data URL in a text field named by a `fileName` field before or
 * after it: the rejected file's reload, spec 3 §7) into `target`, refusing a file over
 * `maxSize` (413) or whose bytes are not pdf, png, jpeg or text (415), with the spec's messages, and an empty one (400);
 * nothing is left on disk when it is refused. Answers the file's name.
 */
export async function receiveUpload(request: FastifyRequest, target: (name: string) => string, maxSize: number): Promise<{ name: string; path: string; size: number }> {
  if (!request.isMultipart()) throw fileError(400, say('sendFlowFile'));
  const tooLarge = () => fileError(413, CONTACT_WORK_MESSAGES.fileTooLarge(maxSize));
  let received: { name: string; path: string; size: number } | null = null;
  // A data URL's bytes wait for the end of the parts: its `fileName` field may come before or after it.
  let inline: Buffer | null = null;
  let inlineName = '';
  try {
    // A data URL is base64: a third longer than the file, plus its header.
    for await (const part of request.parts({ limits: { fileSize: maxSize, fieldSize: Math.ceil((maxSize * 4) / 3) + 1_024, files: 1, fields: 10 } })) {
      if (part.type === 'field' && part.fieldname === 'fileName') {
        inlineName = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'fileContent' || received || inline) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.type === 'file') {
        const name = safeFileName(part.filename || 'file.csv');
        const path = target(name);
        await mkdir(join(path, '..'), { recursive: true });
        received = { name, path, size: 0 };
        await pipeline(part.file, async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            received!.size += chunk.length;
            yield chunk;
          }
        }, createWriteStream(path));
        if (part.file.truncated || received.size > maxSize) throw tooLarge();
      } else {
        if (part.valueTruncated) throw tooLarge();
        const match = /^data:([^;,]*)(;[^,]*)?,(.*)$/s.exec(String(part.value ?? ''));
        if (!match) throw fileError(400, say('sendFlowFile'));
        inline = /;base64/i.test(match[2] ?? '') ? Buffer.from(match[3], 'base64') : percentDecoded(match[3]);
        if (!inline) throw fileError(400, say('sendFlowFile'));
        if (inline.length > maxSize) throw tooLarge();
      }
    }
    if (inline) {
      const name = safeFileName(inlineName || 'file.csv');
      const path = target(name);
      await mkdir(join(path, '..'), { recursive: true });
      received = { name, path, size: inline.length };
      const handle = await open(path, 'w');
      try {
        await handle.writeFile(inline);
      } finally {
        await handle.close();
      }
    }
    if (!received) throw fileError(400, say('sendFlowFile'));
    if (received.size === 0) throw fileError(400, say('flowFileEmpty', { name: received.name }));
    if (sniffFile(await readHead(received.path, 8_192)) === null) throw fileError(415, CONTACT_WORK_MESSAGES.fileNotSupported);
    return received;
  } catch (error) {
    if (received) await rm(received.path, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT' || (error as { code?: string }).code === 'FST_PARTS_LIMIT' || (error as { code?: string }).code === 'FST_FIELDS_LIMIT') throw fileError(400, say('sendFlowFile'));
    throw error;
  }
}

/** Moves a file, creating the target folder; false when the source is gone (another process took it first). */
export async function moveFile(from: string, to: string): Promise<boolean> {
  await mkdir(join(to, '..'), { recursive: true });
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return false;
    throw error;
  }
}
