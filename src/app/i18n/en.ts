/**
 * English texts (en-US, and the fallback for every language) of the signed-out pages and the app's frame: what the
 * entry chunk needs before sign-in. The signed-in screens' texts are in en-screens.ts, loaded with the signed-in
 * shell. Italian has the same keys (it-IT.ts, it-IT-screens.ts).
 */
export const en = {
  app: { title: 'Contact Manager', loading: 'Loading…', closeDialog: 'Close' },
  hotkeys: {
    title: 'Keyboard shortcuts', global: 'Everywhere', list: 'Contact list', contact: 'Contact', embed: 'Embedded entry',
    takeNext: 'Take the next contact', openRow: 'Open the focused row', nextRow: 'Next row', previousRow: 'Previous row',
    release: 'Release the contact', focusFilter: 'Focus the list filter', nextPage: 'Next page', previousPage: 'Previous page',
    save: 'Save', close: 'Close the contact', nextGroup: 'Next field group', previousGroup: 'Previous field group',
    statePicker: 'State or outcome picker, then its notes (again: the next one)', disposition: 'Open the disposition dialog', pickOutcome: 'Choose outcome {{n}}',
    saved: 'Contact saved', saveFailed: 'Not saved: {{reason}}',
  },
  theme: { dark: 'Dark theme', light: 'Light theme' },
  language: { label: 'Language', 'it-IT': 'Italiano', 'en-US': 'English (US)', 'en-GB': 'English (UK)' },
  login: {
    title: 'Sign in',
    username: 'Username',
    password: 'Password',
    group: 'Group',
    chooseGroup: 'Choose a group…',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'Sign in',
    usernameRequired: 'Username is required',
    passwordRequired: 'Password is required',
    groupRequired: 'A group must be chosen',
    loginFailed: 'LOGIN FAILED',
    wrongPassword: 'Wrong username or password',
    changePasswordRequired: 'CHANGE PASSWORD REQUIRED',
    impossibleToCheckSession: 'IMPOSSIBLE TO CHECK THE SESSION',
    noWorkspace: 'No workspace is enabled for this user',
    changePasswordLink: 'Change password',
  },
  changePassword: {
    title: 'Change password',
    username: 'Username',
    oldPassword: 'Old password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    submit: 'Change password',
    backToLogin: 'Back to sign in',
    usernameCantBeEmpty: 'Username cannot be empty',
    oldPasswordCantBeEmpty: 'Old password cannot be empty',
    newPasswordCantBeEmpty: 'New password cannot be empty',
    newPasswordNeedsLowerCase: 'The new password needs a lower-case letter',
    newPasswordNeedsUpperCase: 'The new password needs an upper-case letter',
    newPasswordNeedsDigit: 'The new password needs a digit',
    newPasswordNeedsSpecialCharacter: 'The new password needs a special character among !@#$%^&*',
    newPasswordTooShort: 'The new password needs at least {{min}} characters',
    newPasswordSameAsOld: 'The new password must differ from the old one',
    oldPasswordAndNewPasswordDontMatch: 'The confirmation does not match the new password',
    success: 'Password changed',
  },
  session: {
    expiredHeading: 'SESSIONE SCADUTA',
    expiredText: 'Verrai reindirizzato alla pagina di login',
  },
  errors: {
    networkHeading: 'Request failed',
    network: 'The request {{request}} could not be completed',
    passwordChangeHeading: 'CHANGE PASSWORD REQUIRED',
  },
  contacts: {
    list: { toast: { onError: { heading: 'Something went wrong' } } },
  },
  pages: {
    notFound: { title: 'Page Not Found', redirect: 'You will be taken to your home page in a moment.', toLogin: 'Go to sign in', redirectToLogin: 'You will be taken to the sign-in page in a moment.' },
    forbidden: { title: 'Access denied', text: 'Your role cannot open this page in the current workspace.', home: 'Go to your home page' },
    workspaceconfig: { title: 'Workspace configuration' },
  },
} as const;
