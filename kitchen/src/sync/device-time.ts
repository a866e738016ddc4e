/** Now as the device's clock says it, ISO 8601 with the device's offset: "2026-11-28T10:42:05.120+01:00". */
export function deviceNow(date = new Date()): string {
  const offsetMinutes = -date.getTimezoneOffset();
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const two = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 23);
  return `${local}${sign}${two(offsetMinutes / 60)}:${two(offsetMinutes % 60)}`;
}
