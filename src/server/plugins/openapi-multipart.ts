import type { FastifySchema } from 'fastify';

/**
 * The OpenAPI document's request body of an upload route. A multipart route declares no `body` schema (the handler
 * reads the parts as they stream, so nothing is buffered to be validated first), which would leave the document
 * without a request body; its `consumes` says multipart, so the document gets the parts it reads: `fileContent`,
 * and where the route also takes the file as a data URL (`x-multipart-data-url`), the `fileName` that names it.
 */
export function documentMultipartBody({ schema, url }: { schema: FastifySchema; url: string }): { schema: FastifySchema; url: string } {
  const declared = schema as FastifySchema & { consumes?: readonly string[]; 'x-multipart-data-url'?: boolean };
  if (!declared?.consumes?.includes('multipart/form-data') || declared.body) return { schema, url };
  const dataUrl = declared['x-multipart-data-url'] === true;
  const body = {
    type: 'object',
    required: ['fileContent'],
    properties: {
      fileContent: dataUrl
        ? { description: 'The file: a file part, or a text part holding it as a data URL (data:<type>;base64,<bytes>).', type: 'string', format: 'binary' }
        : { description: 'The file.', type: 'string', format: 'binary' },
      ...(dataUrl ? { fileName: { description: "The file's name when fileContent is a data URL (before or after it).", type: 'string' } } : {}),
    },
  };
  return { schema: { ...schema, body } as FastifySchema, url };
}
