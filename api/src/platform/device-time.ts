import { deviceClockSkewMinutes, lateSyncMinutes } from '@console/shared-sdk/contract';
import { fieldError } from './http/errors.js';

// The one rule for a time a device (or the console) sends as "when it happened" (DOMAIN.md "Time rules for
// records"): a task's completion or checklist tick, a temperature reading, a compliance log, a near miss.
// The server compares it with the moment it received it. Every domain calls this function, so the skew,
// the sync window and the words of a refusal are the same everywhere.

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** A moment a device time may not be before, and what that moment is, for the refusal's words. */
export interface EarliestDeviceTime {
  at: Date;
  /** Completes "…is before …": "this task opens", "this task was created". */
  what: string;
}

export interface DeviceTimeRule {
  /** The body field that carried it: a refusal names it in `fieldErrors`. */
  field: string;
  /** The time as a person calls it, for the message: "The completion time". */
  label: string;
  /** When the server received it (the request's `now`). */
  receivedAt: Date;
  /**
   * How many hours before receipt it may be (config.syncWindowHours): older is back-dating, not an offline
   * phone. Left out for a time that says when something happened before it was recorded at all (a near
   * miss's `occurredAt`), which only may not be in the future.
   */
  syncWindowHours?: number | undefined;
  /** Moments it may not be before: when the task opens, when it was created. */
  notBefore?: readonly EarliestDeviceTime[];
}

/**
 * Checks a device's time against the server's receipt and answers the time to keep. Refused with a 400 on
 * `rule.field` when it is after receipt by more than the clock skew, older than the sync window, or before
 * one of `notBefore`. Ahead by up to the skew, it is taken as the receipt: nothing is recorded in the future.
 */
export function acceptDeviceTime(at: Date, rule: DeviceTimeRule): Date {
  const received = rule.receivedAt.getTime();
  if (at.getTime() > received + deviceClockSkewMinutes * minuteMs) {
    throw fieldError(
      rule.field,
      `${rule.label} is more than ${deviceClockSkewMinutes} minutes after the server's time: check the device's clock`,
    );
  }
  if (rule.syncWindowHours !== undefined && at.getTime() < received - rule.syncWindowHours * hourMs) {
    throw fieldError(
      rule.field,
      `${rule.label} is more than ${rule.syncWindowHours} hours ago: a record that old cannot be synced or back-dated`,
    );
  }
  for (const earliest of rule.notBefore ?? []) {
    if (at.getTime() < earliest.at.getTime()) {
      throw fieldError(
        rule.field,
        `${rule.label} (${at.toISOString()}) is before ${earliest.what} (${earliest.at.toISOString()})`,
      );
    }
  }
  return at.getTime() > received ? rule.receivedAt : at;
}

/** Whether a record reached the server more than 30 minutes after its device time (synced late, back-filled). */
export const reachedLate = (happenedAt: Date, receivedAt: Date) =>
  receivedAt.getTime() - happenedAt.getTime() > lateSyncMinutes * minuteMs;

/**
 * Whether a time the console sends is earlier than the server's receipt by more than the clock skew: what
 * an admin records then is a correction entered after the fact, not something happening now.
 */
export const isBeforeReceipt = (at: Date, receivedAt: Date) =>
  at.getTime() < receivedAt.getTime() - deviceClockSkewMinutes * minuteMs;
