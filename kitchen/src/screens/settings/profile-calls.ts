import type { KitchenLanguage, Profile } from '@console/shared-sdk/contract';
import { kitchenApi } from '../../api/calls';
import type { OutboxCall } from '../../sync/calls';

// The person's own profile changes that can wait for a connection: their language.

export interface LanguagePayload {
  language: KitchenLanguage;
}

/** The language on the person's profile: the profile is read, then saved with the new language. */
export const changeLanguage: OutboxCall<LanguagePayload, Profile> = {
  async send({ language }, { identity }) {
    const profile = await kitchenApi.viewMe(identity);
    const saved = await kitchenApi.updateMe(
      {
        firstName: profile.firstName,
        lastName: profile.lastName,
        email: profile.email,
        mobileNumber: profile.mobileNumber,
        gender: profile.gender,
        language,
      },
      identity,
    );
    return saved.profile;
  },
  describe: () => ({ key: 'profileLanguage' }),
};
