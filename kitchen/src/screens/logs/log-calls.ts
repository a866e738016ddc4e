import type {
  ComplianceAnswerInput,
  ComplianceLog,
  ComplianceLogCreate,
  LogType,
} from '@console/shared-sdk/contract';
import { complianceLogApi } from '@console/shared-sdk/logs';
import { inTouch } from '../../api/calls';
import type { OutboxCall } from '../../sync/calls';

// The outbox's call for a compliance log: POST /comlianceLog/create-new-one as the person who filled it
// in, with the device's time as `submittedAt` and the action's id as `clientId`.

export interface LogPayload {
  siteID: string;
  /** The template it was filled in from, with its name for the lists of what waits or was refused. */
  template: { _id: string; name: string; type: LogType };
  answers: ComplianceAnswerInput[];
  note: string | null;
}

/** The call's body, as the contract takes it. */
export const logBody = (payload: LogPayload, submittedAt: string, clientId: string): ComplianceLogCreate => ({
  siteID: payload.siteID,
  templateID: payload.template._id,
  answers: payload.answers,
  note: payload.note,
  submittedAt,
  clientId,
});

export const submitLog: OutboxCall<LogPayload, ComplianceLog> = {
  send: (payload, { identity, clientId, deviceTime }) =>
    inTouch(complianceLogApi.submit(logBody(payload, deviceTime, clientId), { quiet: true, identity })),
  timeField: 'submittedAt',
  describe: (payload) => ({ key: 'complianceLog', values: { title: payload.template.name } }),
};
