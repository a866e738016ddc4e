import {
  adminUserSchema,
  loginResponseSchema,
  passwordSetSchema,
  type AdminUser,
  type ForgetPasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type PasswordSet,
  type ResetPasswordRequest,
} from '../contract/index.js';
import { call, refreshSession, type CallOptions } from '../http/client.js';
import { session } from '../session/store.js';
import { messageOnly } from './resource.js';

/** /authentication: signing in and out, forgotten passwords, and the platform admin's user look-up. */
export const authApi = {
  /**
   * POST /web-app-login (organisation and site admins, platform admin). Quiet by default: the sign-in form
   * shows the server's answer (wrong password, staff account, too many attempts) itself. Storing the
   * session is the caller's step (`session.signIn`).
   */
  webLogin: (body: LoginRequest, options?: CallOptions): Promise<LoginResponse> =>
    call(
      {
        method: 'post',
        path: 'authentication/web-app-login',
        json: body,
        data: loginResponseSchema,
        authFlow: true,
      },
      { quiet: true, ...options },
    ),

  /**
   * POST /logout: ends this session on the server. The refresh token goes along so the session is found
   * even when the access token has already expired. Clearing the local session is the caller's step
   * (`useSignOut` does both).
   */
  logout: (options?: CallOptions): Promise<null> =>
    call(
      {
        method: 'post',
        path: 'authentication/logout',
        json: { refreshToken: session.get().refreshToken ?? undefined },
        data: messageOnly,
        authFlow: true,
      },
      options,
    ),

  /** POST /forget-password: e-mails a reset link (the same answer whether or not the address exists). */
  forgetPassword: (body: ForgetPasswordRequest, options?: CallOptions): Promise<null> =>
    call(
      {
        method: 'post',
        path: 'authentication/forget-password',
        json: body,
        data: messageOnly,
        authFlow: true,
      },
      options,
    ),

  /**
   * PUT /reset-password: sets a new password with the e-mailed link's token (reset or invitation). Answers
   * whose password it was (e-mail, first name, role), so the page can send an admin to sign in and tell
   * staff to use the mobile app.
   */
  resetPassword: (body: ResetPasswordRequest, options?: CallOptions): Promise<PasswordSet> =>
    call(
      {
        method: 'put',
        path: 'authentication/reset-password',
        json: body,
        data: passwordSetSchema,
        authFlow: true,
      },
      options,
    ),

  /**
   * POST /refresh-token, through the client's single refresh: stores the new pair and resolves with the
   * new access token; joins a refresh already in flight instead of racing it (refresh tokens work once).
   */
  refresh: (): Promise<string> => refreshSession(),

  /** GET /getAdminUserById: a user with its organisation, for the platform admin. */
  getAdminUserById: (id: string, options?: CallOptions): Promise<AdminUser> =>
    call(
      { method: 'get', path: 'authentication/getAdminUserById', query: { id }, data: adminUserSchema },
      options,
    ),
};
