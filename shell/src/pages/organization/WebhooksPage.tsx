import KeyIcon from '@mui/icons-material/Key';
import SendIcon from '@mui/icons-material/Send';
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@console/shared-sdk/mui';
import { useAbility, useDocumentTitle } from '@console/shared-sdk';
import { alertEventKindLabels, alertEventKinds, type AlertEventKind } from '@console/shared-sdk/contract';
import {
  webhookApi,
  webhookInputSchema,
  webhookSortColumns,
  webhookUpdateSchema,
  type Webhook,
  type WebhookWithSecret,
} from '@console/shared-sdk/organization';
import { defineResource, ResourceScreen } from '@console/shared-sdk/ui';
import { AccessDenied } from '../../app/RemoteRoutes';
import { WebhookDeliveries } from './WebhookDeliveries';

interface WebhookForm {
  name: string;
  url: string;
  events: string[];
  enabled: boolean;
}

const eventOptions = alertEventKinds.map((kind) => ({ value: kind, label: alertEventKindLabels[kind] }));
const isEventKind = (value: string): value is AlertEventKind =>
  (alertEventKinds as readonly string[]).includes(value);
const eventsText = (events: readonly AlertEventKind[]) =>
  events.map((kind) => alertEventKindLabels[kind]).join(', ');

/** The secret, shown once after it is made: the receiver needs it to check each delivery's signature. */
function SecretDialog({ webhook, onClose }: { webhook: WebhookWithSecret; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-secret-title" maxWidth="sm" fullWidth>
      <DialogTitle id="webhook-secret-title">Signing secret of {webhook.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Copy it now: it is not shown again. Your receiver checks each delivery&apos;s X-Console-Signature
          header with it (the README and the API documentation show how). Slack and Teams need no secret.
        </DialogContentText>
        <TextField
          label="Secret"
          value={webhook.secret}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          onFocus={(event) => event.target.select()}
        />
        {copied && (
          <Alert severity="success" sx={{ mt: 2 }}>
            Copied.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            void navigator.clipboard
              ?.writeText(webhook.secret)
              .then(() => setCopied(true))
              .catch(() => undefined);
          }}
        >
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The webhooks declaration; `revealed` hears of each secret the API answers (create, rotate). */
function webhooksResource(revealed: (webhook: WebhookWithSecret) => void) {
  return defineResource({
    title: 'Webhooks',
    name: 'webhook',
    subject: 'Webhook',
    api: {
      ...webhookApi,
      create: async (input, options) => {
        const made = await webhookApi.create(input, options);
        revealed(made);
        return made;
      },
    },
    recordLabel: (row: Webhook) => row.name,
    sortable: webhookSortColumns,
    defaultSort: 'name',
    search: { placeholder: 'Search by name or URL' },
    emptyMessage: 'No webhooks yet.',
    emptyHint: 'Add one to send alerts to another system, or to a Slack or Teams channel.',
    columns: [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
      { field: 'url', headerName: 'URL', flex: 1.5, minWidth: 200, sortable: false },
      {
        field: 'events',
        headerName: 'Events',
        flex: 1.5,
        minWidth: 200,
        sortable: false,
        valueGetter: (_value, row) => eventsText(row.events),
      },
      {
        field: 'enabled',
        headerName: 'State',
        width: 90,
        sortable: false,
        valueGetter: (_value, row) => (row.enabled ? 'On' : 'Off'),
      },
    ],
    view: [
      { label: 'Name', field: 'name' },
      { label: 'URL', field: 'url' },
      { label: 'Events', render: (row) => eventsText(row.events) },
      { label: 'State', render: (row) => (row.enabled ? 'On' : 'Off') },
      { label: 'Secret', render: (row) => `${row.secretPrefix} (shown in full only when made)` },
    ],
    detail: {
      width: 'md',
      sections: [{ title: 'Deliveries', render: (row) => <WebhookDeliveries webhookID={row._id} /> }],
    },
    rowActions: [
      {
        label: 'Send test call',
        icon: SendIcon,
        ability: { action: 'update' },
        // The server's message says whether it arrived.
        run: (row) => webhookApi.sendTest(row._id),
      },
      {
        label: 'New secret',
        icon: KeyIcon,
        ability: { action: 'update' },
        confirm: (row) => ({
          title: `Make a new secret for "${row.name}"?`,
          message: 'Deliveries are signed with the new one at once: the receiver must be given it.',
        }),
        run: async (row) => revealed(await webhookApi.rotateSecret(row._id)),
      },
    ],
    form: {
      schema: webhookInputSchema,
      updateSchema: webhookUpdateSchema,
      fields: [
        {
          kind: 'text',
          name: 'name',
          label: 'Name',
          required: true,
          helperText: 'e.g. Kitchen Slack channel',
        },
        {
          kind: 'text',
          name: 'url',
          label: 'URL',
          required: true,
          placeholder: 'https://',
          helperText: "Your receiver's address, or a Slack or Teams incoming webhook's URL",
        },
        { kind: 'multiselect', name: 'events', label: 'Events', required: true, options: eventOptions },
        { kind: 'switch', name: 'enabled', label: 'On', helperText: 'Off: no alerts are sent to it' },
      ],
      emptyForm: (): WebhookForm => ({ name: '', url: '', events: ['TEMPERATURE_FAILED'], enabled: true }),
      toForm: (row: Webhook): WebhookForm => ({
        name: row.name,
        url: row.url,
        events: [...row.events],
        enabled: row.enabled,
      }),
      toInput: (form: WebhookForm) => ({ ...form, events: form.events.filter(isEventKind) }),
    },
  });
}

/**
 * The organisation's webhooks (organisation admins): where its alerts are sent besides people, each with
 * its signing secret (shown once), a test call and its delivery log.
 */
export function WebhooksPage() {
  const ability = useAbility();
  useDocumentTitle('Webhooks');
  const [revealed, setRevealed] = useState<WebhookWithSecret | null>(null);
  const resource = useMemo(() => webhooksResource(setRevealed), []);
  // Said in place, as every screen a role does not include is: sent away in silence, a site admin who
  // followed a link saw a blank frame and then another screen without knowing why.
  if (!ability.can('read', 'Webhook')) return <AccessDenied screen="Webhooks" />;
  return (
    <>
      <ResourceScreen resource={resource} />
      {revealed && <SecretDialog webhook={revealed} onClose={() => setRevealed(null)} />}
    </>
  );
}
