import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, ok, type Sent } from '@console/shared-sdk/testing';
import type { NearMiss } from '@console/shared-sdk/contract';
import { actions } from '../../sync/outbox';
import { sendSoon } from '../../sync/sender';
import { ids, zone } from '../../test/fixtures';
import { annaOnHerPhone, renderKitchen, seriousViolations, setOnline } from '../../test/kitchen';
import type { NearMissPayload } from './near-miss-calls';

// A near miss: the report with a photo from the camera, kept with its photo's bytes in IndexedDB while
// offline, and sent as the multipart form the API takes once online.

const stamp = '2026-11-28T09:00:00.000Z';

function reported(form: FormData): NearMiss {
  return {
    _id: '0190a000-0000-7000-8000-000000000a01',
    logID: 'NM-3F9A1C',
    orgId: ids.org,
    siteID: ids.site,
    siteName: 'Brighton',
    timeZoneId: zone,
    category: 'ACCIDENT',
    title: String(form.get('title')),
    whatHappened: String(form.get('whatHappened')),
    location: String(form.get('location')),
    occurredAt: String(form.get('occurredAt')),
    peopleInvolved: '',
    injuries: '',
    immediateAction: '',
    followUps: [],
    openFollowUps: 0,
    status: 'REPORTED',
    outcome: null,
    photos: [],
    reportedBy: { _id: ids.anna, name: 'Anna Nowak' },
    reportedAt: String(form.get('reportedAt')),
    receivedAt: stamp,
    backFilled: false,
    closedAt: null,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** The API's near-miss call, keeping each form as it read it (bytes and all: the recorded body is text). */
function nearMissServer() {
  const forms: FormData[] = [];
  const api = fakeApi(async (sent: Sent) => {
    if (sent.path !== 'nearMiss/create-new-one')
      return fail(404, { message: 'Not found', error: 'NOT_FOUND' });
    const form = await sent.request.clone().formData();
    forms.push(form);
    return ok(reported(form));
  });
  return { ...api, forms };
}

beforeEach(async () => {
  await annaOnHerPhone();
  // jsdom draws no images: a preview's address is enough.
  URL.createObjectURL = () => `blob:photo-${Math.random()}`;
  URL.revokeObjectURL = () => undefined;
});

afterEach(() => setOnline(true));

test('offline, a report with a photo is kept with the photo’s bytes, and sent with it once online', async () => {
  const api = nearMissServer();
  setOnline(false);
  const user = userEvent.setup();
  const { container } = await renderKitchen('/near-miss');

  await screen.findByRole('heading', { level: 1, name: 'Report a near miss' });
  await user.click(screen.getByRole('button', { name: 'Accident' }));
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Grill burn');
  await user.type(screen.getByRole('textbox', { name: 'What happened' }), 'Hot pan');
  await user.type(screen.getByRole('textbox', { name: 'Where it happened' }), 'Grill');
  const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'pan.jpg', { type: 'image/jpeg' });
  await user.upload(screen.getByLabelText('Take a photo'), photo);
  expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
  expect(screen.getByText('Photos: 1 of 5')).toBeInTheDocument();
  expect(await seriousViolations(container)).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Save report' }));
  expect(
    await screen.findByText(
      'Saved: Grill burn. It is sent, with its photos, as soon as the device is online.',
    ),
  ).toBeInTheDocument();
  // The form is ready for the next report.
  expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  expect(screen.queryByRole('img', { name: 'Photo 1' })).not.toBeInTheDocument();

  const [kept] = await actions(ids.anna);
  expect(kept?.call).toBe('near-miss');
  const payload = kept?.payload as NearMissPayload;
  expect(payload.fields).toMatchObject({ category: 'ACCIDENT', siteID: ids.site, location: 'Grill' });
  expect(payload.photos).toHaveLength(1);
  expect(payload.photos[0]?.blob).toBeInstanceOf(Blob);
  expect(payload.photos[0]?.name).toBe('pan.jpg');
  const waiting = screen.getByRole('region', { name: 'Reports waiting to send' });
  expect(within(waiting).getByText(/^Near miss “Grill burn” · saved \d\d:\d\d$/)).toBeInTheDocument();

  setOnline(true);
  await sendSoon();
  const [sent] = api.to('nearMiss/create-new-one');
  expect(sent?.authorization).toContain('access-Anna-1');
  const [form] = api.forms;
  expect(Object.fromEntries([...form!].filter(([, value]) => typeof value === 'string'))).toMatchObject({
    siteID: ids.site,
    category: 'ACCIDENT',
    title: 'Grill burn',
    whatHappened: 'Hot pan',
    location: 'Grill',
    reportedAt: kept?.deviceTime,
    clientId: kept?.clientId,
  });
  const sentPhoto = form?.get('photos');
  expect(sentPhoto).toBeInstanceOf(File);
  expect((sentPhoto as File).name).toBe('pan.jpg');
  expect(new Uint8Array(await (sentPhoto as File).arrayBuffer())).toEqual(
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
  );
  await waitFor(() =>
    expect(screen.queryByRole('region', { name: 'Reports waiting to send' })).not.toBeInTheDocument(),
  );
});

test('what a report needs is said field by field, and a time still to come is refused', async () => {
  nearMissServer();
  const user = userEvent.setup();
  await renderKitchen('/near-miss');

  await user.click(await screen.findByRole('button', { name: 'Save report' }));
  expect(screen.getByText('Choose what kind of event it was.')).toBeInTheDocument();
  expect(screen.getByText('Give it a short title.')).toBeInTheDocument();
  expect(screen.getByText('Say what happened.')).toBeInTheDocument();
  expect(screen.getByText('Say where it happened.')).toBeInTheDocument();

  const when = screen.getByLabelText(/When it happened/);
  await user.clear(when);
  await user.type(when, '2099-01-01T10:00');
  expect(screen.getByText('That time has not come yet: say when it happened.')).toBeInTheDocument();
  expect(await actions()).toEqual([]);
});
