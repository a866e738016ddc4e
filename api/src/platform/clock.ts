/** The time source; tests replace it to move through expiries and daylight-saving changes. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
