import { fileRoles, fileToItem, itemToFile } from '@renderers/attachments/file-items';
import { checkFile, limitInMb, prepareFile, IMAGE_TARGET_BYTES } from '@renderers/attachments/file-rules';
import { canAddMore, cleanItem, counterText, requiredFieldsValid } from '@renderers/fields/ArrayModalField/array-items';
import type { JsonSchema } from '@translator/types';

describe('attachment rules (spec 2 §5)', () => {
  it('accepts pdf, png and jpeg only', () => {
    expect(checkFile({ type: 'application/pdf', size: 10 })).toBeNull();
    expect(checkFile({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkFile({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkFile({ type: 'text/plain', size: 10 })).toEqual({ kind: 'unsupported' });
    expect(checkFile({ type: 'image/gif', size: 10 })).toEqual({ kind: 'unsupported' });
  });
  it('limits the size to attachmentConfigs.maxSize, 5,000,000 bytes by default', () => {
    expect(checkFile({ type: 'application/pdf', size: 5_000_001 })).toEqual({ kind: 'tooLarge', limitMb: 5 });
    expect(checkFile({ type: 'application/pdf', size: 5_000_000 })).toBeNull();
    expect(checkFile({ type: 'application/pdf', size: 8_000_001 }, 8_000_000)).toEqual({ kind: 'tooLarge', limitMb: 8 });
    expect(limitInMb(2_500_000)).toBe(2.5);
  });
  it('compresses images to 5 MB before checking the size; PDFs are never compressed', async () => {
    const big = new File([new Uint8Array(10)], 'foto.png', { type: 'image/png' });
    const compress = jest.fn<Promise<File>, [File, number]>(async () => new File([new Uint8Array(4)], 'foto.jpg', { type: 'image/jpeg' }));
    const out = await prepareFile(big, 5_000_000, compress);
    expect(compress).toHaveBeenCalledWith(big, 5_000_000);
    expect(IMAGE_TARGET_BYTES).toBe(5_000_000);
    // Under a lower limit, an image is compressed to fit it.
    compress.mockClear();
    await prepareFile(big, 1_500_000, compress);
    expect(compress).toHaveBeenCalledWith(big, 1_500_000);
    // Above it, still to 5 MB (spec 2 §5: at most 5 MB).
    compress.mockClear();
    await prepareFile(big, 8_000_000, compress);
    expect(compress).toHaveBeenCalledWith(big, 5_000_000);
    expect('file' in out && out.file.name).toBe('foto.jpg');
    const pdf = new File([new Uint8Array(10)], 'doc.pdf', { type: 'application/pdf' });
    compress.mockClear();
    expect(await prepareFile(pdf, 5, compress)).toEqual({ problem: { kind: 'tooLarge', limitMb: 0 } });
    expect(compress).not.toHaveBeenCalled();
    expect(await prepareFile(new File(['x'], 'a.txt', { type: 'text/plain' }), 5_000_000, compress)).toEqual({ problem: { kind: 'unsupported' } });
  });
});

describe('array items (spec 2 §5)', () => {
  const item: JsonSchema = { type: 'object', required: ['nome'], properties: { nome: { type: 'string', minLength: 1 }, telefono: { type: 'string', pattern: '^[0-9]+$' } } };
  it('add waits for valid required fields', () => {
    expect(requiredFieldsValid(item, {}, 'it-IT')).toBe(false);
    expect(requiredFieldsValid(item, { nome: 'Anna' }, 'it-IT')).toBe(true);
    expect(requiredFieldsValid(item, { nome: 'Anna', telefono: 'abc' }, 'it-IT')).toBe(true);
  });
  it('drops invalid optional values', () => {
    expect(cleanItem(item, { nome: 'Anna', telefono: 'abc' }, 'it-IT')).toEqual({ item: { nome: 'Anna' }, dropped: ['telefono'] });
    expect(cleanItem(item, { nome: 'Anna', telefono: '123' }, 'it-IT')).toEqual({ item: { nome: 'Anna', telefono: '123' }, dropped: [] });
  });
  it('adds only under the maximum and counts with (min: x max: y)', () => {
    expect(canAddMore(2, 3)).toBe(true);
    expect(canAddMore(3, 3)).toBe(false);
    expect(canAddMore(30, undefined)).toBe(true);
    expect(counterText(2, 1, 3, '{count} (min: {min} max: {max})')).toBe('2 (min: 1 max: 3)');
  });
});

describe('file items in the data model\'s names', () => {
  const foto: JsonSchema = { type: 'object', required: ['nome'], properties: { nome: { type: 'string' }, contentType: { type: 'string' }, attachmentId: { type: 'string' } } };
  const stored = { name: 'danno.png', type: 'image/png', size: 3, url: 'blob:1', id: 'a-1' };
  it('maps name, type and id onto the item properties, and back', () => {
    expect(fileRoles(foto)).toEqual({ name: 'nome', type: 'contentType', id: 'attachmentId' });
    expect(fileToItem(stored, foto)).toEqual({ nome: 'danno.png', contentType: 'image/png', attachmentId: 'a-1' });
    expect(itemToFile({ nome: 'danno.png', contentType: 'image/png', attachmentId: 'a-1' }, foto, (id) => `/files/${id}`)).toEqual({ name: 'danno.png', type: 'image/png', size: 0, url: '/files/a-1', id: 'a-1' });
    expect(fileToItem(stored, { type: 'object', properties: {} })).toEqual(stored);
    expect(itemToFile({ nome: 'perizia.pdf' }, foto).type).toBe('application/pdf');
  });
});
