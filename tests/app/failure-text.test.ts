/**
 * @jest-environment node
 */
import { ApiRequestError, type ApiErrorKind } from '@api-client/api-error';
import type { Language } from '@domain/constants';
import { STORAGE_KEYS } from '@domain/storage-keys';
import { createI18n } from '@app/i18n/i18n';
import { failureText } from '@app/ui/failure-text';
import { MemoryStorage } from './support/memory-storage';

const tIn = (language: Language) => {
  const storage = new MemoryStorage();
  storage.setItem(STORAGE_KEYS.language, language);
  return createI18n(storage).t;
};

const apiError = (kind: ApiErrorKind, init: { status?: number | null; message?: string; errors?: string[] } = {}) =>
  new ApiRequestError({
    kind,
    status: init.status ?? null,
    message: init.message ?? 'Failed to fetch',
    errors: (init.errors ?? []).map((message) => ({ message })),
    requestText: 'POST /api/cntmng/contact/x',
    handled: false,
  });

describe('failureText', () => {
  it.each<[string, Language, unknown, string]>([
    ['network failure, Italian', 'it-IT', apiError('network'), 'Non è stato possibile completare la richiesta POST /api/cntmng/contact/x'],
    ['network failure, US English', 'en-US', apiError('network'), 'The request POST /api/cntmng/contact/x could not be completed'],
    ['bare status classified as network', 'en-US', apiError('network', { status: 502, message: '502' }), 'The request POST /api/cntmng/contact/x could not be completed'],
    ['server errors, joined', 'en-US', apiError('errors', { status: 400, message: 'Bad Request', errors: ['Name is required', 'Phone is not valid'] }), 'Name is required; Phone is not valid'],
    ['server error without a list: its message', 'it-IT', apiError('errors', { status: 500, message: 'Internal error' }), 'Internal error'],
    ['plain Error', 'it-IT', new Error('boom'), 'boom'],
    ['anything else', 'en-US', 'nope', 'nope'],
  ])('%s', (_case, language, error, expected) => {
    const text = failureText(error, tIn(language));
    expect(text).toBe(expected);
    expect(text).not.toContain('Failed to fetch');
  });
});
