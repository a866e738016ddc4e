import {
  call,
  isApiError,
  messageOnly,
  siteOptionsApi,
  type CallIdentity,
  type CallOptions,
  type Endpoint,
} from '@console/shared-sdk';
import {
  deviceTokenHeader,
  devicePeopleSchema,
  enrolResponseSchema,
  individualTaskSchema,
  loginResponseSchema,
  passwordSetSchema,
  setPinResponseSchema,
  staffDaySchema,
  taskCommentSchema,
  taskViewSchema,
  type DeviceLoginRequest,
  type ForgetPasswordRequest,
  type LoginRequest,
  type ResetPasswordRequest,
  type SetPin,
  type StaffChecklistItemChange,
  type StaffCompletion,
  type TaskRef,
} from '@console/shared-sdk/contract';
import { profileApi, type UpdateProfile } from '@console/shared-sdk/profile';
import { noteInTouch } from '../local/in-touch';

// The API calls the app makes, through the SDK's one HTTP client. The app says everything to the person
// itself, so every call is quiet (no toast, no pop-up). A call for a person carries their identity (their
// own tokens); the page's own session is never used here.

/** A staff write made idempotent by the id the device gave it: sent again, it is the same record. */
export interface ClientMade {
  clientId: string;
}

/** `answer`, noting that the server was reached when it answered (even with a refusal). */
export async function inTouch<T>(answer: Promise<T>): Promise<T> {
  try {
    const value = await answer;
    void noteInTouch();
    return value;
  } catch (error) {
    if (isApiError(error) && error.status > 0) void noteInTouch();
    throw error;
  }
}

const kitchenCall = <T, Q = object>(endpoint: Endpoint<T, Q>, options: CallOptions = {}): Promise<T> =>
  inTouch(call(endpoint, { quiet: true, ...options }));

const as = (identity: CallIdentity): CallOptions => ({ identity });

export const kitchenApi = {
  /** POST /authentication/mobile-app-login: a staff member on their own phone. */
  phoneSignIn: (body: LoginRequest) =>
    kitchenCall({
      method: 'post',
      path: 'authentication/mobile-app-login',
      json: body,
      data: loginResponseSchema,
      authFlow: true,
    }),

  /** POST /authentication/device-login: a person on an enrolled tablet, by PIN (or password, the first time). */
  tabletSignIn: (body: DeviceLoginRequest) =>
    kitchenCall({
      method: 'post',
      path: 'authentication/device-login',
      json: body,
      data: loginResponseSchema,
      authFlow: true,
    }),

  /** POST /authentication/refresh-token: a person's new pair; their refresh token works once. */
  renew: (refreshToken: string) =>
    kitchenCall({
      method: 'post',
      path: 'authentication/refresh-token',
      json: { refreshToken },
      data: loginResponseSchema,
      authFlow: true,
    }),

  /** POST /authentication/logout: ends the person's session on the server. */
  signOut: (refreshToken: string, identity: CallIdentity) =>
    kitchenCall(
      {
        method: 'post',
        path: 'authentication/logout',
        json: { refreshToken },
        data: messageOnly,
        authFlow: true,
      },
      as(identity),
    ),

  /** POST /authentication/forget-password: e-mails a reset link (the same answer for an unknown address). */
  forgotPassword: (body: ForgetPasswordRequest) =>
    kitchenCall({
      method: 'post',
      path: 'authentication/forget-password',
      json: body,
      data: messageOnly,
      authFlow: true,
    }),

  /** PUT /authentication/reset-password: a password from an e-mailed link; answers whose password it was. */
  setPassword: (body: ResetPasswordRequest) =>
    kitchenCall({
      method: 'put',
      path: 'authentication/reset-password',
      json: body,
      data: passwordSetSchema,
      authFlow: true,
    }),

  /** POST /kitchen-device/enrol: the one-time code for the tablet's secret. */
  enrol: (code: string) =>
    kitchenCall({
      method: 'post',
      path: 'kitchen-device/enrol',
      json: { code },
      data: enrolResponseSchema,
      authFlow: true,
    }),

  /** GET /kitchen-device/people: the tablet's site's staff; 401 DEVICE_REVOKED once revoked. */
  devicePeople: (deviceToken: string) =>
    kitchenCall({
      method: 'get',
      path: 'kitchen-device/people',
      headers: { [deviceTokenHeader]: deviceToken },
      data: devicePeopleSchema,
      authFlow: true,
    }),

  /** GET /user-profile/view-me: the person's profile (their language, whether they have a PIN). */
  viewMe: (identity: CallIdentity) => inTouch(profileApi.viewMe({ quiet: true, identity })),

  /** PUT /user-profile/update-me. */
  updateMe: (input: UpdateProfile, identity: CallIdentity) =>
    inTouch(profileApi.updateMe(input, { quiet: true, identity })),

  /** PUT /user-profile/set-pin. */
  setPin: (body: SetPin, identity: CallIdentity) =>
    kitchenCall(
      { method: 'put', path: 'user-profile/set-pin', json: body, data: setPinResponseSchema },
      as(identity),
    ),

  /**
   * GET /site-panel/simple-list: the person's sites, with the rule set each is judged by, its unit and the
   * locale it writes dates in.
   */
  sites: (identity: CallIdentity) => inTouch(siteOptionsApi.simpleList({ quiet: true, identity })),

  /** GET /task-new-version/today: the person's tasks of today at each of their sites. */
  today: (identity: CallIdentity) =>
    kitchenCall({ method: 'get', path: 'task-new-version/today', data: staffDaySchema }, as(identity)),

  /** GET /task-new-version/view-task: one task with its checklist, comments and photos. */
  viewTask: (ref: TaskRef, identity: CallIdentity) =>
    kitchenCall(
      { method: 'get', path: 'task-new-version/view-task', query: ref, data: taskViewSchema },
      as(identity),
    ),

  /** PUT /task-new-version/check-list-item-status-change. */
  changeLine: (body: StaffChecklistItemChange & ClientMade, identity: CallIdentity) =>
    kitchenCall(
      {
        method: 'put',
        path: 'task-new-version/check-list-item-status-change',
        json: body,
        data: individualTaskSchema,
      },
      as(identity),
    ),

  /** PUT /task-new-version/complete. */
  complete: (body: StaffCompletion & ClientMade, identity: CallIdentity) =>
    kitchenCall(
      { method: 'put', path: 'task-new-version/complete', json: body, data: individualTaskSchema },
      as(identity),
    ),

  /** POST /task-new-version/comment: a text comment or a photo (form data), on the task or one line. */
  comment: (form: FormData, identity: CallIdentity) =>
    kitchenCall(
      {
        method: 'post',
        path: 'task-new-version/comment',
        form,
        data: taskCommentSchema,
        // A photo from a phone on a slow line.
        timeout: 120_000,
      },
      as(identity),
    ),
};
