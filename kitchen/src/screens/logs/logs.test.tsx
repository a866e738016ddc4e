import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, ok, siteOption, type Sent } from '@console/shared-sdk/testing';
import {
  complianceLogCreateSchema,
  type ComplianceLog,
  type ComplianceTemplate,
} from '@console/shared-sdk/contract';
import { saveAnswer } from '../../local/cached-answers';
import { keepSites } from '../../local/sites';
import { actions } from '../../sync/outbox';
import { sendSoon } from '../../sync/sender';
import { ids, zone } from '../../test/fixtures';
import { annaOnHerPhone, renderKitchen, seriousViolations, setOnline } from '../../test/kitchen';
import { templatesKey } from '../records/site-lists';

// Compliance logs: the site's templates (kept for offline), one filled in question by question as the
// template defines them, a temperature judged as the server will, and the log queued until sent.

const stamp = '2026-11-01T09:00:00.000Z';
const questionIds = {
  van: '0190a000-0000-7000-8000-000000000901',
  chilled: '0190a000-0000-7000-8000-000000000902',
  packaging: '0190a000-0000-7000-8000-000000000903',
} as const;

const delivery: ComplianceTemplate = {
  _id: '0190a000-0000-7000-8000-000000000900',
  orgId: ids.org,
  name: 'Delivery check',
  description: 'Check every delivery before it is put away.',
  type: 'FOOD_DELIVERY',
  checkListItems: [
    { _id: questionIds.van, text: 'Van clean and cold', required: true, photoRequired: false },
    { _id: questionIds.chilled, text: 'Chilled goods cold enough', required: true, photoRequired: false },
    { _id: questionIds.packaging, text: 'Packaging intact', required: false, photoRequired: false },
  ],
  libraryTemplateID: null,
  ownerSiteID: null,
  createdAt: stamp,
  updatedAt: stamp,
};

function submitted(body: Record<string, unknown>): ComplianceLog {
  return {
    _id: '0190a000-0000-7000-8000-000000000910',
    logID: 'CL-3F9A1C',
    orgId: ids.org,
    siteID: ids.site,
    siteName: 'Brighton',
    timeZoneId: zone,
    jurisdiction: 'GB-ENG',
    temperatureUnit: 'C',
    logType: 'FOOD_DELIVERY',
    templateID: delivery._id,
    title: delivery.name,
    answers: [],
    status: 'REPORTED',
    result: 'FAIL',
    failedCount: 1,
    note: null,
    submittedBy: { _id: ids.anna, name: 'Anna Nowak' },
    submittedAt: String(body['submittedAt']),
    receivedAt: stamp,
    backFilled: false,
    reviewNote: null,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

function logsServer(templates: ComplianceTemplate[] = [delivery]) {
  return fakeApi((sent: Sent) => {
    if (sent.path === 'comlianceLog/template-list') return ok(templates);
    if (sent.path === 'comlianceLog/create-new-one')
      return ok(submitted(JSON.parse(sent.body) as Record<string, unknown>));
    return fail(404, { message: 'Not found', error: 'NOT_FOUND' });
  });
}

beforeEach(async () => {
  await annaOnHerPhone();
});

afterEach(() => setOnline(true));

test('the site’s templates, loaded online and kept for offline, with the near-miss report beside them', async () => {
  const api = logsServer();
  const first = await renderKitchen('/logs');
  const templates = await screen.findByRole('region', { name: 'Compliance logs' });
  expect(await within(templates).findByRole('link', { name: /^Delivery check/ })).toHaveTextContent(
    'Delivery checkFood delivery · 3 questions',
  );
  expect(api.to('comlianceLog/template-list')[0]?.query.get('siteID')).toBe(ids.site);
  expect(screen.getByRole('link', { name: 'Report a near miss or incident' })).toHaveAttribute(
    'href',
    '/near-miss',
  );
  first.unmount();

  setOnline(false);
  await renderKitchen('/logs');
  expect(await screen.findByRole('link', { name: /^Delivery check/ })).toBeInTheDocument();
});

test('offline, a log from a template: required answers and a failing temperature’s comment before it is kept', async () => {
  const api = logsServer();
  await saveAnswer(templatesKey(ids.site), [delivery]);
  setOnline(false);
  const user = userEvent.setup();
  const { container } = await renderKitchen('/logs');

  await user.click(await screen.findByRole('link', { name: /^Delivery check/ }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Delivery check' })).toBeInTheDocument();
  const van = screen.getByRole('group', { name: 'Van clean and cold (required)' });
  const chilled = screen.getByRole('group', { name: 'Chilled goods cold enough (required)' });
  expect(screen.getByRole('group', { name: 'Packaging intact' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Save log' }));
  expect(within(van).getByText('Answer this question.')).toBeInTheDocument();
  expect(
    screen.getByText('Some answers need attention: see the questions marked in red.'),
  ).toBeInTheDocument();

  await user.click(within(van).getByRole('button', { name: 'Yes' }));
  await user.click(within(chilled).getByRole('button', { name: 'Yes' }));
  await user.click(within(chilled).getByRole('button', { name: 'Add a temperature' }));
  // A delivery is checked chilled or frozen: chilled is the first.
  expect(within(chilled).getByRole('button', { name: 'Chilled delivery' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const keypad = within(chilled).getByRole('group', { name: 'Keypad' });
  await user.click(within(keypad).getByRole('button', { name: '9' }));
  expect(
    within(chilled).getByText('9 °C: outside the limits. Say what you did about it in the comment.'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save log' }));
  expect(within(chilled).getByText('Say what is wrong, or what you did about it.')).toBeInTheDocument();
  expect(await actions()).toEqual([]);
  expect(await seriousViolations(container)).toEqual([]);

  await user.type(
    within(chilled).getByRole('textbox', { name: 'Comment (required)' }),
    'Rejected the chicken',
  );
  await user.click(screen.getByRole('button', { name: 'Save log' }));

  expect(
    await screen.findByText('Saved: Delivery check. It is sent as soon as the device is online.'),
  ).toBeInTheDocument();
  const waiting = screen.getByRole('region', { name: 'Logs waiting to send' });
  expect(within(waiting).getByText(/^Log “Delivery check” · saved \d\d:\d\d$/)).toBeInTheDocument();
  const [kept] = await actions(ids.anna);
  expect(kept).toMatchObject({ call: 'compliance-log', status: 'waiting' });

  setOnline(true);
  await sendSoon();
  const [sent] = api.to('comlianceLog/create-new-one');
  expect(complianceLogCreateSchema.parse(JSON.parse(sent!.body))).toEqual({
    siteID: ids.site,
    templateID: delivery._id,
    answers: [
      { _id: questionIds.van, answer: 'YES' },
      {
        _id: questionIds.chilled,
        answer: 'YES',
        celsius: 9,
        checkKind: 'CHILLED',
        comment: 'Rejected the chicken',
      },
    ],
    note: null,
    submittedAt: kept?.deviceTime,
    clientId: kept?.clientId,
  });
  await waitFor(() =>
    expect(screen.queryByRole('region', { name: 'Logs waiting to send' })).not.toBeInTheDocument(),
  );
});

test('a NO answer needs its comment, and an answer of N/A takes no temperature', async () => {
  logsServer();
  await saveAnswer(templatesKey(ids.site), [delivery]);
  const user = userEvent.setup();
  await renderKitchen(`/logs/${delivery._id}`);

  const van = await screen.findByRole('group', { name: 'Van clean and cold (required)' });
  await user.click(within(van).getByRole('button', { name: 'No' }));
  expect(within(van).getByRole('textbox', { name: 'Comment (required)' })).toBeRequired();
  const chilled = screen.getByRole('group', { name: 'Chilled goods cold enough (required)' });
  await user.click(within(chilled).getByRole('button', { name: 'N/A' }));
  expect(within(chilled).queryByRole('button', { name: 'Add a temperature' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Save log' }));
  expect(within(van).getByText('Say what is wrong, or what you did about it.')).toBeInTheDocument();
  expect(await actions()).toEqual([]);
});

test('at an EU site a hot-holding log is judged by its organisation’s 65 °C: 64 °C fails and needs a comment', async () => {
  const hotHolding: ComplianceTemplate = {
    ...delivery,
    _id: '0190a000-0000-7000-8000-000000000920',
    name: 'Hot counter',
    description: 'Check the hot counter at lunch.',
    type: 'HOT_HOLD_DISPLAY',
    checkListItems: [{ _id: questionIds.van, text: 'Curry held hot', required: true, photoRequired: false }],
  };
  logsServer([hotHolding]);
  await keepSites([
    {
      ...siteOption(ids.site, { name: 'Dublin', timeZoneId: 'Europe/Dublin' }),
      location: { country: 'IE', county: null, region: null, city: 'Dublin' },
      jurisdiction: 'EU',
      locale: 'en-IE',
      nationalFigures: [
        { logType: 'HOT_HOLD_DISPLAY', kind: 'HOT_HOLD', atLeast: 65, atMost: null, source: 'S.I. 367/2006' },
      ],
    },
  ]);
  await saveAnswer(templatesKey(ids.site), [hotHolding]);
  const user = userEvent.setup();
  await renderKitchen(`/logs/${hotHolding._id}`);

  const curry = await screen.findByRole('group', { name: 'Curry held hot (required)' });
  await user.click(within(curry).getByRole('button', { name: 'Yes' }));
  await user.click(within(curry).getByRole('button', { name: 'Add a temperature' }));
  const keypad = within(curry).getByRole('group', { name: 'Keypad' });
  await user.click(within(keypad).getByRole('button', { name: '6' }));
  await user.click(within(keypad).getByRole('button', { name: '4' }));
  expect(
    within(curry).getByText('64 °C: outside the limits. Say what you did about it in the comment.'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save log' }));
  expect(within(curry).getByText('Say what is wrong, or what you did about it.')).toBeInTheDocument();
  expect(await actions()).toEqual([]);
});
