/** Only paths of this console may be returned to after sign-in (never another site: an open redirect). */
export function safeReturnTo(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/dashboard';
  return value;
}
