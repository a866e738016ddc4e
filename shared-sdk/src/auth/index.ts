export { SignInForm, type SignInFormProps } from './SignInForm.js';
export { signOut, useSignOut } from './useSignOut.js';
export { completeSingleSignOn, SingleSignOnNotStartedHere, startSingleSignOn } from './single-sign-on.js';
