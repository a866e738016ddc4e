// The time rules for what staff and admins record (DOMAIN.md "Time rules for records"): a completion, a
// checklist tick, a reading or a log carries the time it happened on the device, and the server checks it
// against the time it received it. The API applies them (api/src/platform/device-time.ts); the numbers live
// here so the console and the mobile app can say them in their words.

/**
 * How far a device's clock may run ahead of the server's: a time ahead by up to this much is taken as the
 * server's time (nothing is recorded in the future); further ahead is refused.
 */
export const deviceClockSkewMinutes = 2;

/**
 * More than this between the device's time and the server's receipt marks the record as synced late
 * (a task) or back-filled (a reading or a log): inspectors look for exactly this.
 */
export const lateSyncMinutes = 30;

/**
 * The default sync window: a device time older than this before receipt is refused. An offline phone syncs
 * within hours; older than that, it is back-dating. The API's setting (SYNC_WINDOW_HOURS) may change it.
 */
export const defaultSyncWindowHours = 72;
