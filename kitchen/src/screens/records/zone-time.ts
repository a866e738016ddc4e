// A date and time as a form's datetime-local field has it ("2026-11-28T14:05"), on a site's clock, and
// back: the field knows no zone, so the site's is applied here (the device may be elsewhere, or wrong).

const parts = new Map<string, Intl.DateTimeFormat>();

function wallParts(instant: number, zone: string) {
  let format = parts.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    parts.set(zone, format);
  }
  const found = format.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(found.find((one) => one.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const wall = wallParts(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** `instant` on the zone's clock, as a datetime-local field's value. */
export function wallTimeOf(instant: number | Date, zone: string): string {
  const wall = wallParts(typeof instant === 'number' ? instant : instant.getTime(), zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}

/** The instant a datetime-local value means on the zone's clock; null when it is not one. */
export function instantOfWallTime(value: string, zone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the first guess may differ from the one at the answer across a change of clocks.
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone));
}
