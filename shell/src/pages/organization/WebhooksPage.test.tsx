import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi, ok, resetBrowserState, type Sent } from '@console/shared-sdk/testing';
import {
  demoIds,
  listPage,
  onAPhone,
  renderWithRouter,
  rowAction,
  signInAs,
  skippedHeadings,
} from '@console/shared-sdk/testing';
import type { Webhook, WebhookDelivery } from '@console/shared-sdk/organization';
import { WebhooksPage } from './WebhooksPage';

const slack: Webhook = {
  _id: '0190a000-0000-7000-8000-0000000000d1',
  orgId: demoIds.org,
  name: 'Kitchen Slack',
  url: 'https://hooks.slack.com/services/T000/B000/XXXX',
  events: ['TEMPERATURE_FAILED', 'TASK_OVERDUE'],
  enabled: true,
  secretPrefix: 'whsec_AbCdEf…',
  createdAt: '2025-05-01T09:00:00.000Z',
  updatedAt: '2025-05-01T09:00:00.000Z',
};
const secret = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const retried: WebhookDelivery = {
  _id: '0190a000-0000-7000-8000-0000000000e1',
  webhookID: slack._id,
  eventID: null,
  type: 'TEST',
  typeLabel: 'Test call',
  status: 'DELIVERED',
  statusLabel: 'Delivered',
  attempts: 2,
  lastStatusCode: 200,
  lastError: null,
  createdAt: '2025-05-01T09:05:00.000Z',
  nextAttemptAt: null,
  deliveredAt: '2025-05-01T09:06:00.000Z',
};
const failing: WebhookDelivery = {
  ...retried,
  _id: '0190a000-0000-7000-8000-0000000000e2',
  eventID: '0190a000-0000-7000-8000-0000000000f1',
  type: 'TEMPERATURE_FAILED',
  typeLabel: 'Temperature failure',
  status: 'PENDING',
  statusLabel: 'Pending',
  attempts: 1,
  lastStatusCode: 500,
  lastError: 'HTTP 500: Internal error',
  nextAttemptAt: '2025-05-01T09:10:30.000Z',
  deliveredAt: null,
};

function fakeWebhookApi() {
  return fakeApi((sent: Sent) => {
    switch (sent.path) {
      case 'webhook/web-app-list':
        return ok(listPage([slack]));
      case `webhook/find-one/${slack._id}`:
        return ok(slack);
      case 'webhook/delivery-list':
        return ok({ list: [failing, retried], records: 2, page: 1, limit: 20 });
      case 'webhook/create-new-one': {
        const input = JSON.parse(sent.body) as Pick<Webhook, 'name' | 'url' | 'events' | 'enabled'>;
        return ok(
          { ...slack, ...input, _id: '0190a000-0000-7000-8000-0000000000d2', secret },
          'Webhook created: copy its secret now, it is not shown again',
        );
      }
      case 'webhook/send-test':
        return ok({ ...retried, attempts: 1 }, 'Test call delivered (HTTP 200)');
      default:
        return ok(null);
    }
  });
}

// The grid and its dialogs render slowly in jsdom.
jest.setTimeout(30_000);

beforeEach(() => resetBrowserState());

test('an organisation admin lists webhooks with their events in words, never a secret in full', async () => {
  signInAs('ORGANIZATION_ADMIN');
  fakeWebhookApi();
  renderWithRouter(<WebhooksPage />, '/dashboard/organization/webhooks');
  expect(await screen.findByText('Kitchen Slack')).toBeInTheDocument();
  expect(screen.getByText('Temperature failure, Overdue task')).toBeInTheDocument();
  expect(screen.queryByText(/TEMPERATURE_FAILED/)).toBeNull();
});

test('adding a webhook sends its form and shows the secret once, until it is dismissed', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeWebhookApi();
  const user = userEvent.setup();
  renderWithRouter(<WebhooksPage />, '/dashboard/organization/webhooks');
  await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
  const form = within(await screen.findByRole('dialog', { name: 'Add webhook' }));
  await user.type(await form.findByRole('textbox', { name: /^Name/ }), 'Integrator');
  await user.type(form.getByRole('textbox', { name: /^URL/ }), 'https://receiver.example.com/console');
  await user.click(form.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.to('webhook/create-new-one')).toHaveLength(1));
  expect(JSON.parse(api.to('webhook/create-new-one')[0]!.body)).toEqual({
    name: 'Integrator',
    url: 'https://receiver.example.com/console',
    events: ['TEMPERATURE_FAILED'],
    enabled: true,
  });
  const shown = within(await screen.findByRole('dialog', { name: 'Signing secret of Integrator' }));
  expect(shown.getByRole('textbox', { name: 'Secret' })).toHaveValue(secret);
  await user.click(shown.getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByText(secret)).toBeNull());
  expect(screen.queryByRole('dialog', { name: 'Signing secret of Integrator' })).toBeNull();
});

test('a URL that is not a web address is refused in the form, before anything is sent', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeWebhookApi();
  const user = userEvent.setup();
  renderWithRouter(<WebhooksPage />, '/dashboard/organization/webhooks');
  await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
  const form = within(await screen.findByRole('dialog', { name: 'Add webhook' }));
  await user.type(await form.findByRole('textbox', { name: /^Name/ }), 'Files');
  await user.type(form.getByRole('textbox', { name: /^URL/ }), 'ftp://files.example.com/drop');
  await user.click(form.getByRole('button', { name: 'Save' }));
  expect(
    await form.findByText('Must be a web address starting with https:// or http://'),
  ).toBeInTheDocument();
  expect(api.to('webhook/create-new-one')).toHaveLength(0);
});

test('the view shows the delivery log: what was sent, its state, attempts and last answer', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeWebhookApi();
  const user = userEvent.setup();
  renderWithRouter(<WebhooksPage />, `/dashboard/organization/webhooks?view=${slack._id}`);
  const log = within(await screen.findByRole('list', { name: 'Deliveries' }));
  expect(log.getByText('Test call: Delivered')).toBeInTheDocument();
  expect(log.getByText(/2 attempts · HTTP 200/)).toBeInTheDocument();
  expect(log.getByText('Temperature failure: Pending')).toBeInTheDocument();
  expect(log.getByText(/1 attempt · HTTP 500: Internal error · next try/)).toBeInTheDocument();
  expect(api.to('webhook/delivery-list')[0]?.query.get('webhookID')).toBe(slack._id);
  await user.keyboard('{Escape}');
});

test('a test call is sent for the chosen webhook', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeWebhookApi();
  const user = userEvent.setup();
  renderWithRouter(<WebhooksPage />, '/dashboard/organization/webhooks');
  await screen.findByText('Kitchen Slack');
  // View and Edit are buttons; with more than three actions a row, the rest are under "More actions".
  await user.click(await rowAction(user, 'Send test call Kitchen Slack'));
  await waitFor(() => expect(api.to('webhook/send-test')).toHaveLength(1));
  expect(api.to('webhook/send-test')[0]?.query.get('webhookID')).toBe(slack._id);
});

test('a site admin is told the screen is not in their role, and nothing is asked of the API', async () => {
  signInAs('SITE_ADMIN', { siteIds: [demoIds.brighton] });
  const api = fakeWebhookApi();
  const routed = renderWithRouter(<WebhooksPage />, '/dashboard/organization/webhooks');
  const denied = await screen.findByRole('alert');
  expect(denied).toHaveTextContent('You do not have access to Webhooks');
  expect(within(denied).getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  // Stays where the person asked to go, so the address and the message agree.
  expect(routed.url()).toBe('/dashboard/organization/webhooks');
  expect(api.to('webhook/web-app-list')).toHaveLength(0);
});

describe('on a phone', () => {
  onAPhone();

  test('each webhook’s card is headed one level under the screen’s title', async () => {
    signInAs('ORGANIZATION_ADMIN');
    fakeWebhookApi();
    const { container } = renderWithRouter(<WebhooksPage />, '/dashboard/organization/webhooks');
    expect((await screen.findByRole('heading', { name: 'Kitchen Slack' })).tagName).toBe('H2');
    expect(skippedHeadings(container)).toEqual([]);
  });
});
