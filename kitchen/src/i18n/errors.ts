import { isApiError } from '@console/shared-sdk';
import type { TFunction } from 'i18next';

// A failure in the person's words: the catalogue's words for its error code (`errors.<code>`), the
// server's message only where the code has none.

export function failureWords(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('errors.INTERNAL_ERROR');
  if (error.code === 'NETWORK_ERROR') return t('status.offline');
  return t(`errors.${error.code}`, { defaultValue: error.message });
}

/** Why a sign-in (password or PIN) failed, as the console's sign-in says it, in the person's language. */
export function signInWords(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('signIn.failed');
  if (error.code === 'NETWORK_ERROR') return t('signIn.offline');
  if (error.status === 401) return t('signIn.wrong');
  if (error.status === 429) return t('signIn.locked');
  if (error.status === 403) {
    // The server's three refusals of a right password: the account, its role, its organisation.
    if (/deactivated/i.test(error.message)) return t('signIn.inactive');
    if (/web console/i.test(error.message)) return t('signIn.adminAccount');
    return error.message;
  }
  return failureWords(error, t);
}
