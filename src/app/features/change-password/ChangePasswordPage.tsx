import { Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH } from '@domain/constants';
import { LanguageSelect } from '../../shell/LanguageSelect';
import { ThemeToggle } from '../../shell/theme/ThemeToggle';
import { useChangePasswordController, type ChangePasswordValues } from './use-change-password-controller';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';
import { AppButton } from '../../ui/AppButton';

type TextField = Exclude<keyof ChangePasswordValues, 'group'>;
const FIELDS: Array<{ name: TextField; type: 'text' | 'password'; autoComplete: string }> = [
  { name: 'username', type: 'text', autoComplete: 'username' },
  { name: 'oldPassword', type: 'password', autoComplete: 'current-password' },
  { name: 'newPassword', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
];

export const ChangePasswordPage = () => {
  const { t } = useTranslation();
  const { register, groups, submitting, messagesOf, canSubmit, onSubmit } = useChangePasswordController();

  return (
    <main className="cm-auth-page">
      <Card className="cm-auth-card" elevation={2}>
        <h1 className="cm-auth-title">{t('changePassword.title')}</h1>
        <form onSubmit={onSubmit} noValidate>
          {FIELDS.map(({ name, type, autoComplete }) => {
            const messages = messagesOf(name);
            const field = register[name];
            return (
              <FormGroup key={name} label={t(`changePassword.${name}`)} labelFor={`change-password-${name}`} intent={messages.length ? Intent.DANGER : Intent.NONE}
                helperText={messages.length ? (
                  <ul className="cm-field-errors" data-testid={`${name}-errors`}>
                    {messages.map((key) => <li key={key} data-message-key={key}>{t(`changePassword.${key}`, { min: PASSWORD_MIN_LENGTH })}</li>)}
                  </ul>
                ) : undefined}>
                <InputGroup id={`change-password-${name}`} type={type} autoComplete={autoComplete} intent={messages.length ? Intent.DANGER : Intent.NONE}
                  name={field.name} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} />
              </FormGroup>
            );
          })}
          {groups.length > 0 ? (
            <FormGroup label={t('login.group')} labelFor="change-password-group">
              <PlainSelect id="change-password-group" fill name={register.group.name} onChange={register.group.onChange} onBlur={register.group.onBlur} ref={register.group.ref}
                options={[{ value: '', label: t('login.chooseGroup') }, ...groups.map((item) => ({ value: item.id, label: item.name }))]} />
            </FormGroup>
          ) : null}
          <FormGroup label={t('language.label')} labelFor="change-password-language">
            <div className="cm-auth-prefs"><LanguageSelect id="change-password-language" /><ThemeToggle /></div>
          </FormGroup>
          <AppButton type="submit" intent={Intent.PRIMARY} fill disabled={!canSubmit} loading={submitting} text={t('changePassword.submit')} />
        </form>
        <p className="cm-auth-link"><Link to="/login">{t('changePassword.backToLogin')}</Link></p>
      </Card>
    </main>
  );
};
