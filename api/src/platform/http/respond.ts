/** The success envelope: `{ status: true, message?, data }`. */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { status: true as const, data } : { status: true as const, message, data };
}
