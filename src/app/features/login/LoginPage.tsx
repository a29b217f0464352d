import { Button, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { EyeOff, EyeOpen } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSelect } from '../../shell/LanguageSelect';
import { ThemeToggle } from '../../shell/theme/ThemeToggle';
import { useLoginController } from './use-login-controller';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';
import { AppButton } from '../../ui/AppButton';

export const LoginPage = () => {
  const { t } = useTranslation();
  const { form, groups, groupRequired, logo, submitting, passwordVisible, togglePasswordVisible, onSubmit } = useLoginController();
  const { register, formState: { errors } } = form;
  const username = register('username', { required: t('login.usernameRequired') });
  const password = register('password', { required: t('login.passwordRequired') });
  const group = register('group', { validate: (value) => !groupRequired || value !== '' || t('login.groupRequired') });

  return (
    <main className="cm-auth-page">
      <Card className="cm-auth-card" elevation={2}>
        <div className="cm-auth-logo">{logo ? <img src={logo} alt={t('app.title')} /> : null}</div>
        <h1 className="cm-auth-title">{t('login.title')}</h1>
        <form onSubmit={onSubmit} noValidate>
          <FormGroup label={t('login.username')} labelFor="login-username" helperText={errors.username?.message} intent={errors.username ? Intent.DANGER : Intent.NONE}>
            <InputGroup id="login-username" autoComplete="username" autoFocus intent={errors.username ? Intent.DANGER : Intent.NONE}
              name={username.name} onChange={username.onChange} onBlur={username.onBlur} inputRef={username.ref} />
          </FormGroup>
          <FormGroup label={t('login.password')} labelFor="login-password" helperText={errors.password?.message} intent={errors.password ? Intent.DANGER : Intent.NONE}>
            <InputGroup id="login-password" autoComplete="current-password" type={passwordVisible ? 'text' : 'password'}
              intent={errors.password ? Intent.DANGER : Intent.NONE}
              name={password.name} onChange={password.onChange} onBlur={password.onBlur} inputRef={password.ref}
              rightElement={
                <Button variant="minimal" icon={passwordVisible ? <EyeOff /> : <EyeOpen />} onClick={togglePasswordVisible}
                  aria-label={passwordVisible ? t('login.hidePassword') : t('login.showPassword')}
                  title={passwordVisible ? t('login.hidePassword') : t('login.showPassword')} />
              } />
          </FormGroup>
          {groupRequired ? (
            <FormGroup label={t('login.group')} labelFor="login-group" helperText={errors.group?.message} intent={errors.group ? Intent.DANGER : Intent.NONE}>
              <PlainSelect id="login-group" fill name={group.name} onChange={group.onChange} onBlur={group.onBlur} ref={group.ref}
                options={[{ value: '', label: t('login.chooseGroup') }, ...groups.map((item) => ({ value: item.id, label: item.name }))]} />
            </FormGroup>
          ) : null}
          <FormGroup label={t('language.label')} labelFor="login-language">
            <div className="cm-auth-prefs"><LanguageSelect id="login-language" /><ThemeToggle /></div>
          </FormGroup>
          <AppButton type="submit" intent={Intent.PRIMARY} fill loading={submitting} text={t('login.submit')} />
        </form>
        <p className="cm-auth-link"><Link to="/changepassword">{t('login.changePasswordLink')}</Link></p>
      </Card>
    </main>
  );
};
