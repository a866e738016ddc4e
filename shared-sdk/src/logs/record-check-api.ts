import { recordCheckSchema, type RecordCheck, type RecordCheckQuery } from '../contract/record-check.js';
import { call, type CallOptions } from '@console/shared-sdk';

// /record-history/check: whether the organisation's history chain holds and the site's log records still
// read as their history says they were left.

export const recordCheckApi = {
  /** GET /record-history/check: the chain and the site's records (of the range's dates, when given). */
  check: (query: RecordCheckQuery, options?: CallOptions): Promise<RecordCheck> =>
    call(
      { method: 'get', path: 'record-history/check', query, data: recordCheckSchema, timeout: false },
      options,
    ),
};
