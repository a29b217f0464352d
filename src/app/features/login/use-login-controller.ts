import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@api-client/api-error';
import type { IdName } from '@domain/api/common';
import { useServices } from '../../services/services-context';
import { failureText } from '../../ui/failure-text';

export interface LoginFormValues {
  username: string;
  password: string;
  group: string;
}

/** The login screen's state (spec 1 §2, §5, §8); LoginPage only renders it. */
export const useLoginController = () => {
  const services = useServices();
  const { t } = useTranslation();
  const form = useForm<LoginFormValues>({ defaultValues: { username: '', password: '', group: '' } });
  const [groups, setGroups] = useState<IdName[]>([]);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [logo, setLogo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let live = true;
    void services.loadBranding().then((branding) => {
      if (live && branding) setLogo(branding.logoLogin);
    });
    return () => {
      live = false;
    };
  }, [services]);

  const submit = useCallback(async (values: LoginFormValues) => {
    setSubmitting(true);
    services.pendingUsername.current = values.username;
    try {
      const result = await services.api.auth.signin({
        username: values.username,
        password: values.password,
        ...(groups.length > 0 && values.group ? { group: values.group } : {}),
      });
      const outcome = await services.auth.completeSignIn(result);
      if (outcome.type === 'group-required') {
        setGroups(outcome.groups);
        form.setValue('group', '');
      } else if (outcome.type === 'no-workspace') {
        services.toasts.show({ intent: 'danger', heading: t('login.loginFailed'), message: t('login.noWorkspace') });
      } else {
        services.navigate(outcome.path, { replace: true });
      }
    } catch (error) {
      if (!isApiRequestError(error) || !error.handled) {
        services.toasts.show({ intent: 'danger', heading: t('login.loginFailed'), message: failureText(error, t) });
      }
    } finally {
      setSubmitting(false);
    }
  }, [services, groups, form, t]);

  return {
    form,
    groups,
    groupRequired: groups.length > 0,
    logo,
    submitting,
    passwordVisible,
    togglePasswordVisible: () => setPasswordVisible((visible) => !visible),
    onSubmit: form.handleSubmit(submit),
  };
};
