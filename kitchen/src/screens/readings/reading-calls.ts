import {
  temperatureLogCreateSchema,
  type TemperatureLog,
  type TemperatureLogInput,
} from '@console/shared-sdk/contract';
import { temperatureLogApi } from '@console/shared-sdk/logs';
import { inTouch } from '../../api/calls';
import { i18n } from '../../i18n/i18n';
import type { OutboxCall } from '../../sync/calls';
import { temperatureIn } from '../records/temperature';
import { applyFollowUps, readingSiteOf, type ReadingFacts } from './reading-rules';

// The outbox's call for a temperature reading: POST /temperature-logs/create-new-one as the person who
// read it, with the device's time as `readAt` and the action's id as `clientId`. Until it is sent, the
// follow-up checks it starts show in the person's day as timers.

export interface ReadingPayload extends ReadingFacts {
  /** In °C, as the API takes it, whatever unit it was typed in (its site's, kept in `site`). */
  celsius: number;
  correctiveAction: string | null;
  note: string | null;
}

/** The call's body, as the contract takes it: a fridge's item by `temperatureItemID`, the rest by `foodItemID`. */
export function readingBody(payload: ReadingPayload, readAt: string, clientId: string): TemperatureLogInput {
  const { item } = payload;
  return {
    siteID: payload.siteID,
    ...(item.kind === 'TEMPERATURE_ITEM' ? { temperatureItemID: item._id } : { foodItemID: item._id }),
    logType: payload.logType,
    checkKind: payload.checkKind,
    celsius: payload.celsius,
    readAt,
    correctiveAction: payload.correctiveAction,
    note: payload.note,
    ...(payload.coolingStartedAt ? { coolingStartedAt: payload.coolingStartedAt } : {}),
    ...(payload.hotHoldEnded ? { hotHoldEnded: true } : {}),
    clientId,
  };
}

/** Whether the contract takes the reading, before it is kept: the field messages when it does not. */
export function bodyProblems(payload: ReadingPayload, readAt: string): Record<string, string[]> | null {
  const checked = temperatureLogCreateSchema.safeParse(readingBody(payload, readAt, crypto.randomUUID()));
  if (checked.success) return null;
  const problems: Record<string, string[]> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path.join('.');
    problems[field] = [...(problems[field] ?? []), issue.message];
  }
  return problems;
}

export const createReading: OutboxCall<ReadingPayload, TemperatureLog> = {
  send: (payload, { identity, clientId, deviceTime }) =>
    inTouch(temperatureLogApi.create(readingBody(payload, deviceTime, clientId), { quiet: true, identity })),
  apply: (records, payload, action) => applyFollowUps(records, payload, action),
  timeField: 'readAt',
  describe: (payload) => ({
    key: 'reading',
    values: {
      item: payload.item.name,
      value: temperatureIn(payload.celsius, readingSiteOf(payload).unit, i18n.language),
    },
  }),
};
