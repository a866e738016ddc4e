import { Stack, TextField, Typography } from '@console/shared-sdk/mui';
import {
  createOrganizationSchema,
  updateOrganizationSchema,
  type Organization,
  type OrganizationCreateInput,
  type OrganizationUpdateInput,
} from '@console/shared-sdk/organization';
import type { CustomFieldProps, FieldDeclaration } from '@console/shared-sdk/ui';
import { CountryPicker } from '../sites/site-fields';

export interface InviteeForm {
  firstName: string;
  lastName: string;
  email: string;
}

export interface OrganizationForm {
  name: string;
  email: string;
  phone: string;
  add1: string;
  add2: string;
  city: string;
  county: string;
  zip: string;
  country: string;
  /** The first organisation admin, invited by e-mail; only when creating. */
  admin: InviteeForm | null;
}

/** The invitee's three fields; absent when editing (an organisation's admins are managed as people). */
function AdminInviteField(props: CustomFieldProps<InviteeForm | null>) {
  const value = props.value;
  if (!value) return null;
  const set = (key: keyof InviteeForm) => (event: { target: { value: string } }) =>
    props.onChange({ ...value, [key]: event.target.value });
  const labels: Record<keyof InviteeForm, string> = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
  };
  return (
    <Stack spacing={1.5} role="group" aria-labelledby={`${props.id}-label`}>
      {/* The group's name, not a heading: subtitle2 alone would make it an h6 under the form's h2. */}
      <Typography id={`${props.id}-label`} variant="subtitle2" component="p">
        {props.label}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        They receive an e-mail with a link to choose their password.
      </Typography>
      {(Object.keys(labels) as (keyof InviteeForm)[]).map((key) => (
        <TextField
          key={key}
          id={`${props.id}-${key}`}
          label={labels[key]}
          type={key === 'email' ? 'email' : 'text'}
          required
          value={value[key]}
          onChange={set(key)}
          onBlur={props.onBlur}
          disabled={props.disabled}
          error={props.errors[key] !== undefined}
          helperText={props.errors[key] ?? ' '}
        />
      ))}
    </Stack>
  );
}

export const organizationFields: readonly FieldDeclaration<OrganizationForm>[] = [
  { kind: 'text', name: 'name', label: 'Organisation name', required: true },
  { kind: 'email', name: 'email', label: 'E-mail' },
  { kind: 'tel', name: 'phone', label: 'Phone' },
  { kind: 'text', name: 'add1', label: 'Address line 1' },
  { kind: 'text', name: 'add2', label: 'Address line 2' },
  { kind: 'text', name: 'city', label: 'Town or city' },
  { kind: 'text', name: 'county', label: 'County' },
  { kind: 'text', name: 'zip', label: 'Postcode' },
  {
    kind: 'custom',
    name: 'country',
    label: 'Country',
    // The site form's picker: countries by name, sending the ISO code the contract keeps.
    render: (props) => <CountryPicker {...props} />,
  },
  {
    kind: 'custom',
    name: 'admin',
    label: 'First organisation admin',
    render: (props) => <AdminInviteField {...props} />,
  },
];

export const emptyOrganizationForm = (): OrganizationForm => ({
  name: '',
  email: '',
  phone: '',
  add1: '',
  add2: '',
  city: '',
  county: '',
  zip: '',
  country: 'GB',
  admin: { firstName: '', lastName: '', email: '' },
});

export const organizationToForm = (org: Organization): OrganizationForm => ({
  name: org.name,
  email: org.email ?? '',
  phone: org.phone ?? '',
  add1: org.add1 ?? '',
  add2: org.add2 ?? '',
  city: org.city ?? '',
  county: org.county ?? '',
  zip: org.zip ?? '',
  country: org.country ?? '',
  admin: null,
});

const fieldsOf = ({ admin: _admin, ...fields }: OrganizationForm) => ({
  ...fields,
  country: fields.country || null,
});

export const organizationToInput = (form: OrganizationForm): OrganizationCreateInput => ({
  ...fieldsOf(form),
  admin: form.admin ?? { firstName: '', lastName: '', email: '' },
});

export const organizationToUpdate = (
  form: OrganizationForm,
  org: Pick<Organization, '_id'>,
): OrganizationUpdateInput => ({
  ...fieldsOf(form),
  _id: org._id,
});

export { createOrganizationSchema, updateOrganizationSchema };
