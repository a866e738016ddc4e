import type { NearMiss, NearMissCreateFields } from '@console/shared-sdk/contract';
import { nearMissApi } from '@console/shared-sdk/logs';
import { inTouch } from '../../api/calls';
import type { OutboxCall } from '../../sync/calls';

// The outbox's call for a near-miss report: POST /nearMiss/create-new-one (a multipart form) as the person
// who reported it, with the device's time as `reportedAt`, the action's id as `clientId`, and its photos
// as they were taken, kept in IndexedDB until then.

/** A photo from the camera: IndexedDB keeps its bytes (a File comes back a Blob), so its name is apart. */
export interface KeptPhoto {
  blob: Blob;
  name: string;
}

export type NearMissFields = Omit<NearMissCreateFields, 'reportedAt' | 'clientId' | 'orgId'>;

export interface NearMissPayload {
  fields: NearMissFields;
  photos: KeptPhoto[];
}

export const reportNearMiss: OutboxCall<NearMissPayload, NearMiss> = {
  send: ({ fields, photos }, { identity, clientId, deviceTime }) =>
    inTouch(
      nearMissApi.report(
        {
          ...fields,
          reportedAt: deviceTime,
          clientId,
          photos: photos.map(({ blob, name }) => new File([blob], name, { type: blob.type })),
        },
        { quiet: true, identity },
      ),
    ),
  timeField: 'reportedAt',
  describe: ({ fields }) => ({ key: 'nearMiss', values: { title: fields.title } }),
};
