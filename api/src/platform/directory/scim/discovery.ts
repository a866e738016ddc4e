import { groupSchemaUrn } from './group-resources.js';
import { userSchemaUrn } from './users.js';

// What the service provider says of itself (RFC 7644 section 4, RFC 7643 sections 5 to 7): PATCH and filters
// are supported; bulk, sort, ETags and changing passwords are not; the token is a bearer token.

export const listResponseUrn = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const serviceProviderConfigUrn = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const resourceTypeUrn = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const schemaUrn = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/** The most resources a list answers at once, whatever `count` asks. */
export const scimMaxResults = 200;

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [serviceProviderConfigUrn],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: scimMaxResults },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          'A token an organisation admin makes in the console (Organisation › Provisioning), sent as ' +
          '"Authorization: Bearer <token>"',
        primary: true,
      },
    ],
    meta: {
      resourceType: 'ServiceProviderConfig',
      location: `${baseUrl}/ServiceProviderConfig`,
    },
  };
}

export function resourceTypes(baseUrl: string) {
  const of = (name: 'User' | 'Group', endpoint: string, schema: string, description: string) => ({
    schemas: [resourceTypeUrn],
    id: name,
    name,
    endpoint,
    description,
    schema,
    schemaExtensions: [],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${name}` },
  });
  return [
    of('User', '/Users', userSchemaUrn, 'A person of the organisation; userName is their sign-in e-mail'),
    of('Group', '/Groups', groupSchemaUrn, 'A directory group, which the console maps to a role and sites'),
  ];
}

interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: Attribute[];
  referenceTypes?: string[];
}

const attribute = (
  name: string,
  description: string,
  more: Partial<Omit<Attribute, 'name' | 'description'>> = {},
): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

export function schemas(baseUrl: string) {
  const of = (id: string, name: string, description: string, attributes: Attribute[]) => ({
    schemas: [schemaUrn],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    of(userSchemaUrn, 'User', 'A person of the organisation', [
      attribute('userName', 'The e-mail address the person signs in with', {
        required: true,
        uniqueness: 'global',
      }),
      attribute('name', 'The person’s names', {
        type: 'complex',
        subAttributes: [
          attribute('givenName', 'First name'),
          attribute('familyName', 'Last name'),
          attribute('formatted', 'The full name', { mutability: 'readOnly' }),
        ],
      }),
      attribute('displayName', 'The full name', { mutability: 'readOnly' }),
      attribute('emails', 'The sign-in address, as the work e-mail (set it through userName)', {
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [
          attribute('value', 'The address'),
          attribute('type', 'Always "work"'),
          attribute('primary', 'Always true', { type: 'boolean' }),
        ],
      }),
      attribute('phoneNumbers', 'The mobile number (the one typed "mobile", else the primary or first one)', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attribute('value', 'The number'), attribute('type', '"mobile"')],
      }),
      attribute('active', 'Whether the person may sign in; false ends their sessions at once', {
        type: 'boolean',
      }),
      attribute('groups', 'The directory groups the person is in', {
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [
          attribute('value', 'The group’s id', { mutability: 'readOnly' }),
          attribute('display', 'The group’s name', { mutability: 'readOnly' }),
          attribute('$ref', 'The group', {
            type: 'reference',
            referenceTypes: ['Group'],
            mutability: 'readOnly',
          }),
        ],
      }),
    ]),
    of(groupSchemaUrn, 'Group', 'A directory group', [
      attribute('displayName', 'The group’s name, unique in the organisation', {
        required: true,
        uniqueness: 'server',
      }),
      attribute('members', 'The people in the group', {
        type: 'complex',
        multiValued: true,
        subAttributes: [
          attribute('value', 'A User’s id', { mutability: 'immutable' }),
          attribute('display', 'The person’s name', { mutability: 'readOnly' }),
          attribute('$ref', 'The User', {
            type: 'reference',
            referenceTypes: ['User'],
            mutability: 'immutable',
          }),
        ],
      }),
    ]),
  ];
}
