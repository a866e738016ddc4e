import { Box } from '@console/shared-sdk/mui';
import type { StaffOption } from '@console/shared-sdk';
import { siteAdminInviteSchema, siteAdminsApi } from '@console/shared-sdk/sites';
import { FormDialog, formErrorStatuses, issuesToErrors, type FormContext } from '@console/shared-sdk/ui';

interface NewAdminForm {
  firstName: string;
  lastName: string;
  email: string;
}

const noContext: FormContext = { siteID: null, timeZone: 'UTC' };

export interface InviteSiteAdminDialogProps {
  /** The site being edited: the new person administers it from the moment they are created. */
  siteID: string;
  siteName: string;
  onInvited: (person: StaffOption) => void;
  onClose: () => void;
}

/**
 * A new site admin from inside the site form: first name, last name and e-mail. The person is created at
 * once, as SITE_ADMIN of this (saved) site, and gets the invitation e-mail; a clash such as an address
 * already in use shows under its field here, where it was typed.
 */
export function InviteSiteAdminDialog({ siteID, siteName, onInvited, onClose }: InviteSiteAdminDialogProps) {
  return (
    // Opened from inside the site form: React passes events up the component tree, portals or not, so
    // without this stop the invitation's submit would submit (save) the site form around it as well.
    <Box component="span" onSubmit={(event) => event.stopPropagation()}>
      <FormDialog<NewAdminForm>
        title={`Invite a site admin for ${siteName || 'this site'}`}
        submitLabel="Invite"
        width="xs"
        fields={[
          { kind: 'text', name: 'firstName', label: 'First name', required: true },
          { kind: 'text', name: 'lastName', label: 'Last name', required: true },
          {
            kind: 'email',
            name: 'email',
            label: 'E-mail',
            required: true,
            helperText: 'The invitation to set a password goes here',
          },
        ]}
        initial={{ firstName: '', lastName: '', email: '' }}
        validate={(values) => {
          const result = siteAdminInviteSchema.safeParse(values);
          return result.success ? {} : issuesToErrors(result.error.issues);
        }}
        save={async (values) => {
          onInvited(await siteAdminsApi.invite(values, siteID, { quietFor: formErrorStatuses }));
        }}
        onSaved={onClose}
        onClose={onClose}
        context={noContext}
        editing={false}
      />
    </Box>
  );
}
