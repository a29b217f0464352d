/**
 * Documents of a contact (doc array outputs): a one-page PDF of the contact's data, written without a library.
 * Text is set in Helvetica with WinAnsi encoding; characters outside Latin-1 become '?'.
 */
export interface DocumentRenderer {
  render(title: string, lines: string[]): Buffer;
}

const escapePdf = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/[^\x20-\xff]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`);

export function pdfDocumentRenderer(): DocumentRenderer {
  return {
    render(title, lines) {
      const body: string[] = ['BT', '/F1 16 Tf', '50 790 Td', `(${escapePdf(title)}) Tj`, '/F1 10 Tf', '0 -28 Td'];
      for (const line of lines.slice(0, 60)) body.push(`(${escapePdf(line.slice(0, 110))}) Tj`, '0 -12 Td');
      body.push('ET');
      const stream = body.join('\n');
      const objects = [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
        `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
      ];
      let pdf = '%PDF-1.4\n';
      const offsets: number[] = [];
      objects.forEach((object, index) => {
        offsets.push(Buffer.byteLength(pdf, 'latin1'));
        pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
      });
      const xref = Buffer.byteLength(pdf, 'latin1');
      pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
      for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
      pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
      return Buffer.from(pdf, 'latin1');
    },
  };
}
