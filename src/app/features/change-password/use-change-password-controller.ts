import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isApiRequestError } from '@api-client/api-error';
import type { IdName } from '@domain/api/common';
import { useServices } from '../../services/services-context';
import { newPasswordValidators, type ChangePasswordMessageKey } from './password-rules';

export interface ChangePasswordValues {
  username: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  group: string;
}

const FIELDS = ['username', 'oldPassword', 'newPassword', 'confirmPassword'] as const;

/** The change-password screen's state (spec 1 §2, §5); ChangePasswordPage only renders it. */
export const useChangePasswordController = () => {
  const services = useServices();
  const { t } = useTranslation();
  const location = useLocation();
  const initialUsername = (location.state as { username?: string } | null)?.username ?? services.pendingUsername.current ?? '';
  const form = useForm<ChangePasswordValues>({
    mode: 'all',
    criteriaMode: 'all',
    defaultValues: { username: initialUsername, oldPassword: '', newPassword: '', confirmPassword: '', group: '' },
  });
  const [groups, setGroups] = useState<IdName[]>([]);
  const [submitting, setSubmitting] = useState(false);

  const register = {
    username: form.register('username', { validate: (value) => value.trim() !== '' || 'usernameCantBeEmpty' }),
    oldPassword: form.register('oldPassword', { validate: (value) => value !== '' || 'oldPasswordCantBeEmpty', deps: ['newPassword'] }),
    // The server refuses a new password equal to the old one: said here, as the user types, not after the submit.
    newPassword: form.register('newPassword', {
      validate: { ...newPasswordValidators, differs: (value, values) => value === '' || value !== values.oldPassword || 'newPasswordSameAsOld' },
      deps: ['confirmPassword'],
    }),
    confirmPassword: form.register('confirmPassword', {
      validate: (value, values) => value === values.newPassword || 'oldPasswordAndNewPasswordDontMatch',
    }),
    group: form.register('group', { validate: (value) => groups.length === 0 || value !== '' || 'groupRequired' }),
  };

  const values = form.watch();
  const { errors } = form.formState;
  const anyEmpty = FIELDS.some((field) => values[field] === '') || (groups.length > 0 && values.group === '');
  const anyError = Object.keys(errors).length > 0;

  /** Every message key a field currently breaks (criteriaMode 'all' keeps each rule's own key). */
  const messagesOf = (field: keyof ChangePasswordValues): ChangePasswordMessageKey[] => {
    const error = errors[field];
    if (!error) return [];
    const all = error.types ? Object.values(error.types).flat() : [error.message];
    return [...new Set(all.filter((item): item is string => typeof item === 'string'))] as ChangePasswordMessageKey[];
  };

  const submit = useCallback(async (data: ChangePasswordValues) => {
    setSubmitting(true);
    services.pendingUsername.current = data.username;
    try {
      const result = await services.api.auth.passChange({
        username: data.username,
        oldPassword: data.oldPassword,
        newPassword: data.newPassword,
        ...(groups.length > 0 && data.group ? { group: data.group } : {}),
      });
      const outcome = await services.auth.completeSignIn(result);
      if (outcome.type === 'group-required') setGroups(outcome.groups);
      else if (outcome.type === 'no-workspace') services.toasts.show({ intent: 'danger', heading: t('login.loginFailed'), message: t('login.noWorkspace') });
      else {
        services.toasts.show({ intent: 'success', message: t('changePassword.success') });
        services.navigate('/', { replace: true });
      }
    } catch (error) {
      if (!isApiRequestError(error) || !error.handled) {
        services.toasts.show({ intent: 'danger', heading: t('contacts.list.toast.onError.heading'), message: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      setSubmitting(false);
    }
  }, [services, groups, t]);

  return {
    form,
    register,
    groups,
    submitting,
    messagesOf,
    canSubmit: !anyEmpty && !anyError && !submitting,
    onSubmit: form.handleSubmit(submit),
  };
};
