export type SniffedType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** The type a file's first bytes show (spec 2 §5 allows pdf, png and jpeg only), whatever its name or declared type says. */
export function sniffContentType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
