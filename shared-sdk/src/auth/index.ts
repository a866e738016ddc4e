export { SignInForm, type SignInFormProps } from './SignInForm.js';
export { signOut, useSignOut } from './useSignOut.js';
