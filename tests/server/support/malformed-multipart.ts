/**
 * Multipart bodies an upload route cannot read: a body cut off in the middle of its file, and a content type without
 * its boundary. Each should be refused with 400 naming the body, never a 500.
 */
export function malformedMultipartBodies(field = 'fileContent'): Array<{ label: string; payload: Buffer; contentType: string }> {
  const boundary = '----malformed';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return [
    { label: 'a body cut off inside its file', payload: Buffer.from(`${head}RIF;NOME\r\nA1;Mario`), contentType: `multipart/form-data; boundary=${boundary}` },
    { label: 'a content type without its boundary', payload: Buffer.from(`${head}RIF;NOME\r\n--${boundary}--\r\n`), contentType: 'multipart/form-data' },
  ];
}
