import {
  call,
  listData,
  segment,
  type CallOptions,
  type ListData,
  type ListParams,
} from '@console/shared-sdk';
import {
  kitchenDeviceSchema,
  kitchenDeviceWithCodeSchema,
  type KitchenDevice,
  type KitchenDeviceInput,
  type KitchenDeviceWithCode,
} from '../contract/kitchen-devices.js';

// /kitchen-device as the console uses it: shared kitchen tablets of each site. create and newCode answer
// the one-time enrolment code (with its link and QR code), which no other call shows again. The tablet's
// own calls (enrol, people, device-login) are the kitchen app's, not here.

/** The device list's filters: one site's tablets (or every site the caller may see). */
export type KitchenDeviceFilters = { siteID?: string };

/** A rename as the console's form makes it: the device and its new name (a device stays on its site). */
export interface KitchenDeviceRename {
  _id: string;
  name: string;
  siteID?: string;
}

const rows = listData(kitchenDeviceSchema);

export const kitchenDeviceApi = {
  /** GET /web-app-list: a page of tablets, each with its status and when it was enrolled and last seen. */
  list: (
    params: ListParams & KitchenDeviceFilters,
    options?: CallOptions,
  ): Promise<ListData<KitchenDevice>> =>
    call({ method: 'get', path: 'kitchen-device/web-app-list', query: params, data: rows }, options),
  /** POST /create-new-one: the new device with its enrolment code, link and QR code, shown this once. */
  create: (input: KitchenDeviceInput, options?: CallOptions): Promise<KitchenDeviceWithCode> =>
    call(
      {
        method: 'post',
        path: 'kitchen-device/create-new-one',
        json: input,
        data: kitchenDeviceWithCodeSchema,
      },
      options,
    ),
  /** PUT /update-one/{id}: renames the device. */
  update: ({ _id, name }: KitchenDeviceRename, options?: CallOptions): Promise<KitchenDevice> =>
    call(
      {
        method: 'put',
        path: `kitchen-device/update-one/${segment(_id)}`,
        json: { name },
        data: kitchenDeviceSchema,
      },
      options,
    ),
  /**
   * POST /new-code/{id}: a new one-time code (shown this once). An enrolled tablet keeps working until it
   * is used; then the tablet that used it takes its place.
   */
  newCode: (id: string, options?: CallOptions): Promise<KitchenDeviceWithCode> =>
    call(
      { method: 'post', path: `kitchen-device/new-code/${segment(id)}`, data: kitchenDeviceWithCodeSchema },
      options,
    ),
  /** PUT /revoke/{id}: the tablet is signed out at once and cannot be used again. */
  revoke: (id: string, options?: CallOptions): Promise<KitchenDevice> =>
    call({ method: 'put', path: `kitchen-device/revoke/${segment(id)}`, data: kitchenDeviceSchema }, options),
};
