import { isApiRequestError } from '@api-client/api-error';
import type { ConfigProblem } from '@domain/api/workspace-config';

/** A problem of the draft: the server's (schema and cross-reference rules) or the local JSON.parse failure. */
export interface EditorProblem extends ConfigProblem {
  /** Where a JSON.parse failure is (a pointer cannot name a place in a text that does not parse). */
  offset?: number;
  /** The 1-based line of the text the problem is at: where the parse failed, or the line its pointer points at. */
  line?: number;
  /** Where on its line a parse failure is. */
  column?: number;
}

/** The problem list of a 400 (validate, publish, create): the items that carry a pointer, or the message itself. */
export const problemsOfError = (error: unknown): EditorProblem[] => {
  if (!isApiRequestError(error)) return [];
  const body = error.body as { errors?: unknown } | undefined;
  const items = Array.isArray(body?.errors) ? (body.errors as Array<Record<string, unknown>>) : [];
  const problems = items
    .filter((item) => item && typeof item.message === 'string')
    .map((item): EditorProblem => ({
      document: item.document === 'dataModel' ? 'dataModel' : 'workspace',
      pointer: typeof item.pointer === 'string' ? item.pointer : typeof item.field === 'string' && item.field.startsWith('/') ? item.field : '',
      rule: typeof item.rule === 'string' ? item.rule : 'request',
      message: item.message as string,
      severity: item.severity === 'warning' ? 'warning' : 'error',
    }));
  return problems.length ? problems : [{ document: 'workspace', pointer: '', rule: 'request', message: error.message, severity: 'error' }];
};

/** The version now live, from a 409's body. */
export const currentVersionOf = (error: unknown): number | null => {
  if (!isApiRequestError(error)) return null;
  const body = error.body as { currentVersion?: unknown } | undefined;
  return typeof body?.currentVersion === 'number' ? body.currentVersion : null;
};

/** The data model version now live, from a 409's body (another workspace sharing the data model may have published it). */
export const currentDataModelVersionOf = (error: unknown): number | null => {
  if (!isApiRequestError(error)) return null;
  const body = error.body as { currentDataModelVersion?: unknown } | undefined;
  return typeof body?.currentDataModelVersion === 'number' ? body.currentDataModelVersion : null;
};
