import { ssoSettingsSchema, type SsoProviderInput, type SsoSettings } from '../contract/sso.js';
import { call, messageOnly, type CallOptions } from '@console/shared-sdk';

/**
 * /sso-provider: the organisation's single sign-on provider (organisation admins, and the platform admin
 * acting in an organisation). The client secret is sent, never answered: the settings only say it is set.
 */
export const ssoProviderApi = {
  /** GET /view-one: the provider (or null), the redirect address to register, the break-glass choices. */
  view: (options?: CallOptions): Promise<SsoSettings> =>
    call({ method: 'get', path: 'sso-provider/view-one', data: ssoSettingsSchema }, options),

  /** PUT /update-one: saves the provider, once its issuer's discovery document was read. */
  update: (input: SsoProviderInput, options?: CallOptions): Promise<SsoSettings> =>
    call({ method: 'put', path: 'sso-provider/update-one', json: input, data: ssoSettingsSchema }, options),

  /** DELETE /delete-one: removes the provider and frees its domains; passwords work again. */
  remove: (options?: CallOptions): Promise<null> =>
    call({ method: 'delete', path: 'sso-provider/delete-one', data: messageOnly }, options),
};
