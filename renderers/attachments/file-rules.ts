import { ATTACHMENT_DEFAULT_MAX_BYTES } from '@domain/constants';

/** Accepted attachment types (spec 2 §5). */
export const ACCEPTED_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
/**
 * Images are compressed to at most 5 MB before the limit is checked (spec 2 §5 and §9), in the MB of the size message
 * ('IL FILE SUPERA LA DIMENSIONE LIMITE DI 5 MB' for 5,000,000 bytes): 5,000,000 bytes, or the limit when it is lower,
 * so that a compressed image always passes it.
 */
export const IMAGE_TARGET_BYTES = 5_000_000;
export const imageTargetBytes = (maxSize: number): number => Math.min(IMAGE_TARGET_BYTES, maxSize);

export type FileProblem = { kind: 'unsupported' } | { kind: 'tooLarge'; limitMb: number };

export const isImage = (type: string): boolean => type === 'image/png' || type === 'image/jpeg';
export const limitInMb = (maxSize: number): number => Math.round((maxSize / 1_000_000) * 100) / 100;

/** The spec's checks, in order: the type, then the size against attachmentConfigs.maxSize (default 5,000,000 bytes). */
export function checkFile(file: { type: string; size: number }, maxSize: number = ATTACHMENT_DEFAULT_MAX_BYTES): FileProblem | null {
  if (!(ACCEPTED_TYPES as readonly string[]).includes(file.type)) return { kind: 'unsupported' };
  if (file.size > maxSize) return { kind: 'tooLarge', limitMb: limitInMb(maxSize) };
  return null;
}

/** Something that can turn an image into a smaller JPEG; the browser one uses a canvas. */
export type ImageCompressor = (file: File, targetBytes: number) => Promise<File>;

/** Halves the scale (and lowers the quality) until the JPEG fits the target; a file already small enough is kept. */
export const canvasCompressor: ImageCompressor = async (file, targetBytes) => {
  if (file.size <= targetBytes || typeof createImageBitmap !== 'function' || typeof OffscreenCanvas === 'undefined') return file;
  const bitmap = await createImageBitmap(file);
  let scale = 1;
  let quality = 0.9;
  for (let attempt = 0; attempt < 8; attempt++) {
    const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    if (blob.size <= targetBytes) return new File([blob], file.name.replace(/\.\w+$/, '.jpg'), { type: 'image/jpeg' });
    if (quality > 0.6) quality -= 0.15; else scale *= 0.7;
  }
  return file;
};

/** Checks the type, compresses images, then checks the size: what an upload does before it reaches the services. */
export async function prepareFile(file: File, maxSize: number, compress: ImageCompressor = canvasCompressor): Promise<{ file: File } | { problem: FileProblem }> {
  const typeProblem = checkFile({ type: file.type, size: 0 });
  if (typeProblem) return { problem: typeProblem };
  const ready = isImage(file.type) ? await compress(file, imageTargetBytes(maxSize)) : file;
  const sizeProblem = checkFile({ type: ready.type, size: ready.size }, maxSize);
  return sizeProblem ? { problem: sizeProblem } : { file: ready };
}
