import {
  ssoDiscoverySchema,
  ssoExchangeResponseSchema,
  ssoStartSchema,
  type SsoDiscovery,
  type SsoDiscoverRequest,
  type SsoExchangeRequest,
  type SsoExchangeResponse,
  type SsoStart,
  type SsoStartRequest,
} from '../contract/sso.js';
import { call, type CallOptions } from '../http/client.js';

/**
 * /authentication's single sign-on calls, beside the password's (`authApi`): the sign-in form asks whether an
 * address's domain signs in through its organisation's provider, starts that sign-in, and the console's
 * /sso/complete page exchanges the hand-off code. Quiet: the pages say what went wrong themselves.
 */
export const ssoApi = {
  /** POST /sso-discover: whether the address's domain has a provider (the domain's answer, not the person's). */
  discover: (body: SsoDiscoverRequest, options?: CallOptions): Promise<SsoDiscovery> =>
    call(
      {
        method: 'post',
        path: 'authentication/sso-discover',
        json: body,
        data: ssoDiscoverySchema,
        authFlow: true,
      },
      { quiet: true, ...options },
    ),

  /** POST /sso-start: the provider's sign-in address to send the browser to. */
  start: (body: SsoStartRequest, options?: CallOptions): Promise<SsoStart> =>
    call(
      { method: 'post', path: 'authentication/sso-start', json: body, data: ssoStartSchema, authFlow: true },
      { quiet: true, ...options },
    ),

  /** POST /sso-exchange: the hand-off code and the tab's binding value for the password sign-in's answer. */
  exchange: (body: SsoExchangeRequest, options?: CallOptions): Promise<SsoExchangeResponse> =>
    call(
      {
        method: 'post',
        path: 'authentication/sso-exchange',
        json: body,
        data: ssoExchangeResponseSchema,
        authFlow: true,
      },
      { quiet: true, ...options },
    ),
};
