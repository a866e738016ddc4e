import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from '@console/shared-sdk/router';
import {
  fail,
  fakeApi,
  loginResponse,
  ok,
  resetBrowserState,
  signInAs,
  site,
  skippedHeadings,
  type Sent,
} from '@console/shared-sdk/testing';
import { session } from '@console/shared-sdk';
import { probeSensorWindowMinutes } from '@console/shared-sdk/contract';
import type { PlaceDetail, Site } from '@console/shared-sdk/sites';
import { SitesPage } from './SitesPage';

const countries = [
  { code: 'GB', name: 'United Kingdom', timezones: ['Europe/London'] },
  { code: 'US', name: 'United States', timezones: ['America/New_York', 'America/Chicago'] },
];
const bristol: PlaceDetail = {
  place_id: 'bristol-gb',
  name: 'Bristol',
  formatted_address: 'Bristol, England, United Kingdom',
  address_components: [],
  geometry: { location: { lat: 51.45, lng: -2.58 } },
  city: 'Bristol',
  county: null,
  state: 'England',
  country: 'GB',
  countryName: 'United Kingdom',
  lat_long: '51.45,-2.58',
  timeZoneId: 'Europe/London',
};
const brooklyn: PlaceDetail = {
  place_id: 'brooklyn-us',
  name: 'Brooklyn',
  formatted_address: 'Brooklyn, New York, United States',
  address_components: [],
  geometry: { location: { lat: 40.7178, lng: -73.9636 } },
  city: 'Brooklyn',
  county: 'Kings County',
  state: 'New York',
  country: 'US',
  countryName: 'United States',
  lat_long: '40.7178,-73.9636',
  timeZoneId: 'America/New_York',
};
const places = [bristol, brooklyn];

const north = { _id: '0190a000-0000-7000-8000-0000000000e1', name: 'North' };
const south = { _id: '0190a000-0000-7000-8000-0000000000e2', name: 'South' };
/** The organisation's areas, as the area picker asks for them. */
const areaOptions = [north, south].map((area) => ({ value: area._id, label: area.name }));
const prediction = (place: PlaceDetail) => ({
  description: `${place.name}, ${place.state}`,
  place_id: place.place_id,
  structured_formatting: { main_text: place.name, secondary_text: place.state ?? '' },
});

/** Open round the clock on Saturdays, as the API stores it: equal times. */
const allDaySaturday = {
  ...site,
  timing: [
    { day: 1, isOpen: true, openTime: '09:00', closeTime: '17:00' },
    { day: 6, isOpen: true, openTime: '07:00', closeTime: '07:00' },
  ],
};

/**
 * The site API with `record` as its one site. `answer` may answer a request first (a refusal); what it
 * leaves undefined gets the usual answer.
 */
function fakeSitesApi(
  record: Site = allDaySaturday,
  answer: (sent: Sent) => Response | undefined = () => undefined,
) {
  return fakeApi((sent: Sent) => {
    const answered = answer(sent);
    if (answered) return answered;
    switch (sent.path) {
      case 'site-panel/web-app-list':
        return ok({ list: [record], records: 1, page: 1, limit: 10 });
      case 'location/simple-list-countries':
        return ok(countries);
      case 'site-panel/places': {
        const { input } = JSON.parse(sent.body) as { input: string };
        const found = places.filter((place) => place.name.toLowerCase().startsWith(input.toLowerCase()));
        return ok({ predictions: found.map(prediction) });
      }
      case 'site-panel/fetchCountry': {
        const { placeId } = JSON.parse(sent.body) as { placeId: string };
        return ok({ result: places.find((place) => place.place_id === placeId) });
      }
      case `site-panel/find-one/${site._id}`:
        return ok(record);
      case 'site-panel/create-new-one':
        return ok(record, 'Site created');
      case 'site-panel/update-one':
        return ok(record, 'Site updated');
      case 'staff-people/simple-list':
        return ok([]);
      case 'area/simple-list':
        return ok(areaOptions);
      default:
        return ok(null);
    }
  });
}

function renderPage() {
  render(
    <MemoryRouter>
      <SitesPage />
    </MemoryRouter>,
  );
}

// A whole site form (fourteen fields and a week of hours) renders slowly in jsdom.
jest.setTimeout(60_000);

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
});

test('an empty country is "required", and finding the town clears it and fills a visible time zone', async () => {
  fakeSitesApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Add site' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add site' }));
  // No zone is chosen unseen (a browser in UTC used to make every new site UTC).
  expect(await dialog.findByRole('combobox', { name: /Time zone/ })).toHaveValue('');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(await dialog.findByText('Country is required')).toBeInTheDocument();
  expect(dialog.queryByText(/two-letter ISO code/)).toBeNull();
  expect(dialog.getByText('Time zone is required')).toBeInTheDocument();

  await user.type(dialog.getByRole('combobox', { name: 'Find the town' }), 'Bristol');
  await user.click(await screen.findByRole('option', { name: 'Bristol, England' }));
  await waitFor(() =>
    expect(dialog.getByRole('combobox', { name: /Country/ })).toHaveValue('United Kingdom'),
  );
  expect(dialog.queryByText('Country is required')).toBeNull();
  expect(dialog.queryByText('Time zone is required')).toBeNull();
  expect(dialog.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Europe/London');
});

test('choosing a country with one time zone sets it; one with several asks for a choice', async () => {
  fakeSitesApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Add site' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add site' }));
  await user.click(dialog.getByRole('combobox', { name: /Country/ }));
  await user.click(await screen.findByRole('option', { name: 'United States' }));
  expect(await dialog.findByRole('combobox', { name: /Time zone/ })).toHaveValue('');
  expect(dialog.getByText("United States has several time zones: choose the site's")).toBeInTheDocument();
  await user.click(dialog.getByRole('combobox', { name: /Country/ }));
  await user.click(await screen.findByRole('option', { name: 'United Kingdom' }));
  expect(dialog.getByRole('combobox', { name: /Time zone/ })).toHaveValue('Europe/London');
});

test('equal times read "Open 24 hours" in the list, the view and the form, and are saved as such', async () => {
  const api = fakeSitesApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: `View ${site.name}` }));
  const view = within(await screen.findByRole('dialog'));
  expect(view.getByText('Saturday: Open 24 hours')).toBeInTheDocument();
  expect(view.queryByText(/07:00–07:00/)).toBeNull();
  await user.keyboard('{Escape}');

  await user.click(await screen.findByRole('button', { name: `Edit ${site.name}` }));
  const form = within(await screen.findByRole('dialog', { name: 'Edit site' }));
  expect(form.getByRole('checkbox', { name: 'Saturday: open 24 hours' })).toBeChecked();
  expect(form.queryByLabelText(/Saturday opens/)).toBeNull();
  // Monday has hours: unticking is not needed; ticking Monday makes it round the clock too.
  await user.click(form.getByRole('checkbox', { name: 'Monday: open 24 hours' }));
  await user.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('site-panel/update-one')).toHaveLength(1));
  const body = api.to('site-panel/update-one')[0]!.body;
  const timing = JSON.parse(/name="timing"\r\n\r\n(.*)\r\n/.exec(body)![1]!) as { day: number }[];
  expect(timing.find((day) => day.day === 1)).toMatchObject({
    isOpen: true,
    openTime: '00:00',
    closeTime: '00:00',
  });
  expect(timing.find((day) => day.day === 6)).toMatchObject({
    isOpen: true,
    openTime: '00:00',
    closeTime: '00:00',
  });
});

/** One text field of a multipart body as the browser sent it. */
const formField = (body: string, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n(.*)\\r\\n`).exec(body)?.[1];

test('the alert timings show in the view and the form, are checked, and are sent in minutes', async () => {
  const api = fakeSitesApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: `View ${site.name}` }));
  const view = within(await screen.findByRole('dialog'));
  expect(view.getByText('30 minutes unacknowledged')).toBeInTheDocument();
  expect(view.getByText('15 minutes outside the limits')).toBeInTheDocument();
  await user.keyboard('{Escape}');

  await user.click(await screen.findByRole('button', { name: `Edit ${site.name}` }));
  const form = within(await screen.findByRole('dialog', { name: 'Edit site' }));
  const escalation = form.getByRole('textbox', { name: /Escalation time/ });
  const delay = form.getByRole('textbox', { name: /Sensor alert delay/ });
  expect(escalation).toHaveValue('30');
  expect(delay).toHaveValue('15');
  // Labelled, described in words, and reached with the keyboard.
  expect(escalation).toHaveAccessibleDescription(/organisation's admins are told/);
  expect(delay).toHaveAccessibleDescription(/door opened for a delivery/);

  // Out of range or empty, the form says so and sends nothing.
  await user.clear(escalation);
  await user.type(escalation, '2');
  await user.clear(delay);
  await user.click(form.getByRole('button', { name: 'Save' }));
  expect(
    await form.findByText('Enter a whole number of minutes from 5 to 1440 (up to 24 hours)'),
  ).toBeInTheDocument();
  expect(form.getByText('Enter a number of minutes')).toBeInTheDocument();
  expect(api.to('site-panel/update-one')).toHaveLength(0);

  await user.clear(escalation);
  await user.type(escalation, '45');
  await user.click(delay);
  await user.keyboard('10');
  await user.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('site-panel/update-one')).toHaveLength(1));
  const body = api.to('site-panel/update-one')[0]!.body;
  expect(formField(body, 'escalationMinutes')).toBe('45');
  expect(formField(body, 'excursionDebounceMinutes')).toBe('10');
  // The rules were not touched: neither they nor a reason are sent, so the site keeps its own.
  expect(formField(body, 'jurisdiction')).toBeUndefined();
  expect(formField(body, 'jurisdictionReason')).toBeUndefined();
});

test('the view says how long an action may stay open and how far a probe and a sensor may differ', async () => {
  fakeSitesApi({ ...allDaySaturday, actionHours: 24, probeSensorToleranceCelsius: 2 });
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: `View ${site.name}` }));
  const view = within(await screen.findByRole('dialog'));
  expect(view.getByText('Corrective action time')).toBeInTheDocument();
  expect(view.getByText('24 hours before it is overdue')).toBeInTheDocument();
  expect(view.getByText('Probe and sensor tolerance')).toBeInTheDocument();
  expect(view.getByText('2 °C between a probe and a sensor')).toBeInTheDocument();
});

test('the corrective action time and the probe tolerance are in the form, described, checked, and sent', async () => {
  const api = fakeSitesApi({ ...allDaySaturday, actionHours: 24, probeSensorToleranceCelsius: 2 });
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: `Edit ${site.name}` }));
  const form = within(await screen.findByRole('dialog', { name: 'Edit site' }));
  // The form's fields load on first use.
  const actionTime = await form.findByRole('textbox', { name: /Corrective action time/ });
  const tolerance = form.getByRole('textbox', { name: /Probe and sensor tolerance/ });
  expect(actionTime).toHaveValue('24');
  expect(tolerance).toHaveValue('2');
  expect(actionTime).toHaveAccessibleDescription(
    "A corrective action still open this long is overdue, and the organisation's admins are told. From 1 to 168 hours (a week).",
  );
  expect(tolerance).toHaveAccessibleDescription(
    `When a person's probe and a sensor read the same item within ${probeSensorWindowMinutes} minutes and differ by more than this, it raises an alert and a probe calibration check. From 0.5 to 10 °C.`,
  );

  // Empty or out of range, the form says so and sends nothing. Pasted rather than typed: each keystroke
  // renders the whole form again, which is slow in jsdom.
  await user.clear(actionTime);
  await user.clear(tolerance);
  await user.paste('0.2');
  await user.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Enter a number of hours')).toBeInTheDocument();
  expect(form.getByText('Enter a difference from 0.5 to 10 °C')).toBeInTheDocument();
  expect(api.to('site-panel/update-one')).toHaveLength(0);

  await user.click(actionTime);
  await user.paste('48');
  await user.clear(tolerance);
  await user.paste('1.5');
  await user.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('site-panel/update-one')).toHaveLength(1));
  const body = api.to('site-panel/update-one')[0]!.body;
  expect(formField(body, 'actionHours')).toBe('48');
  expect(formField(body, 'probeSensorToleranceCelsius')).toBe('1.5');
});

test('a new site starts with 24 hours to act and a 2 °C tolerance, and sends them', async () => {
  const api = fakeSitesApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Add site' }));
  const form = within(await screen.findByRole('dialog', { name: 'Add site' }));
  expect(await form.findByRole('textbox', { name: /Corrective action time/ })).toHaveValue('24');
  expect(form.getByRole('textbox', { name: /Probe and sensor tolerance/ })).toHaveValue('2');
  await user.click(form.getByRole('textbox', { name: /Site name/ }));
  await user.paste('Harbour Kitchen');
  await findTown(user, form, 'Bristol', 'Bristol, England');
  await user.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('site-panel/create-new-one')).toHaveLength(1));
  const body = api.to('site-panel/create-new-one')[0]!.body;
  expect(formField(body, 'actionHours')).toBe('24');
  expect(formField(body, 'probeSensorToleranceCelsius')).toBe('2');
});

test('at a site in °F the view gives the tolerance in °F beside the °C it is kept in', async () => {
  fakeSitesApi({
    ...allDaySaturday,
    jurisdiction: 'US-NYC',
    temperatureUnit: 'F',
    locale: 'en-US',
    actionHours: 1,
    probeSensorToleranceCelsius: 2.5,
  });
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: `View ${site.name}` }));
  const view = within(await screen.findByRole('dialog'));
  expect(view.getByText('2.5 °C (4.5 °F) between a probe and a sensor')).toBeInTheDocument();
  expect(view.getByText('1 hour before it is overdue')).toBeInTheDocument();
});

test('each day of the opening hours is one row of aligned columns: the day, "Open 24 hours", opens, closes', async () => {
  fakeSitesApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Add site' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add site' }));
  const hours = within(await dialog.findByRole('group', { name: 'Opening hours' }));
  // The time pickers come with the form's lazily loaded fields.
  await hours.findAllByLabelText(/^Monday opens/);
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  for (const name of days) {
    const row = hours.getByRole('group', { name });
    // A grid row of the same tracks for every day, so the fields line up and never stack full width.
    expect(row).toHaveStyle({ display: 'grid' });
    const day = within(row);
    expect(
      day.getByLabelText(new RegExp(`^${name}`), { selector: 'input[type="checkbox"]:not([aria-label])' }),
    ).toBeInTheDocument();
    const weekday = name !== 'Saturday' && name !== 'Sunday';
    expect(day.queryByRole('checkbox', { name: `${name}: open 24 hours` }) !== null).toBe(weekday);
    expect(day.queryAllByRole('group', { name: new RegExp(`^${name} (opens|closes)`) })).toHaveLength(
      weekday ? 2 : 0,
    );
  }
  // The rows' tracks are the same declaration: one row's class is every row's.
  const classes = days.map((name) => hours.getByRole('group', { name }).className);
  expect(new Set(classes).size).toBe(1);
});

test('the form’s headings go down one level at a time: its title, then no heading for the opening hours’ name', async () => {
  fakeSitesApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Add site' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add site' });
  await within(dialog).findByRole('group', { name: 'Opening hours' });
  expect(
    within(dialog)
      .getAllByRole('heading')
      .map((heading) => heading.textContent),
  ).toEqual(['Add site']);
  expect(skippedHeadings(dialog, 1)).toEqual([]);
});

/** The food-safety rules select of a form, and the words under it. */
const rulesSelect = (form: ReturnType<typeof within>) =>
  form.getByRole('combobox', { name: /Food-safety rules/ });

async function chooseRules(
  user: ReturnType<typeof userEvent.setup>,
  form: ReturnType<typeof within>,
  name: string,
) {
  await user.click(rulesSelect(form));
  await user.click(await screen.findByRole('option', { name }));
}

async function findTown(
  user: ReturnType<typeof userEvent.setup>,
  form: ReturnType<typeof within>,
  town: string,
  option: string,
) {
  const search = form.getByRole('combobox', { name: 'Find the town' });
  // Pasted rather than typed: each keystroke renders the whole form again, which is slow in jsdom.
  await user.clear(search);
  await user.paste(town);
  await user.click(await screen.findByRole('option', { name: option }));
}

test('a new site at a Brooklyn address takes New York City’s rules, says what they decide, and sends them', async () => {
  const api = fakeSitesApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Add site' }));
  const form = within(await screen.findByRole('dialog', { name: 'Add site' }));
  await user.click(form.getByRole('textbox', { name: /Site name/ }));
  await user.paste('Harbour Kitchen Brooklyn');
  await findTown(user, form, 'Brooklyn', 'Brooklyn, New York');

  await waitFor(() => expect(rulesSelect(form)).toHaveTextContent('New York City (Health Code Article 81)'));
  expect(rulesSelect(form)).toHaveAccessibleDescription(
    'Decides the limits readings are judged by, and shows temperatures in °F. Authority: NYC Department of Health and Mental Hygiene. Taken from the address until you choose.',
  );
  // A new site has nothing to give a reason for.
  expect(form.queryByRole('textbox', { name: /Reason for the change/ })).toBeNull();

  await user.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('site-panel/create-new-one')).toHaveLength(1));
  const body = api.to('site-panel/create-new-one')[0]!.body;
  expect(formField(body, 'jurisdiction')).toBe('US-NYC');
  expect(formField(body, 'city')).toBe('Brooklyn');
  expect(formField(body, 'jurisdictionReason')).toBeUndefined();
});

test('a new site’s rules follow the address until the admin chooses them', async () => {
  const api = fakeSitesApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Add site' }));
  const form = within(await screen.findByRole('dialog', { name: 'Add site' }));
  await user.click(form.getByRole('textbox', { name: /Site name/ }));
  await user.paste('Harbour Kitchen');
  await findTown(user, form, 'Bristol', 'Bristol, England');
  await waitFor(() =>
    expect(rulesSelect(form)).toHaveTextContent('England, Wales and Northern Ireland (FSA guidance)'),
  );
  await findTown(user, form, 'Brooklyn', 'Brooklyn, New York');
  await waitFor(() => expect(rulesSelect(form)).toHaveTextContent('New York City (Health Code Article 81)'));

  await chooseRules(user, form, 'United States (FDA Food Code 2022)');
  expect(rulesSelect(form)).toHaveAccessibleDescription(
    'Decides the limits readings are judged by, and shows temperatures in °F. Authority: U.S. Food and Drug Administration.',
  );
  await findTown(user, form, 'Bristol', 'Bristol, England');
  await waitFor(() => expect(form.getByRole('combobox', { name: /Country/ })).toHaveValue('United Kingdom'));
  expect(rulesSelect(form)).toHaveTextContent('United States (FDA Food Code 2022)');

  await user.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('site-panel/create-new-one')).toHaveLength(1));
  expect(formField(api.to('site-panel/create-new-one')[0]!.body, 'jurisdiction')).toBe('US-FDA');
});

test('changing an existing site’s rules asks why, shows the server’s word on it, and sends both', async () => {
  let refused = false;
  const api = fakeSitesApi(allDaySaturday, (sent) => {
    if (sent.path !== 'site-panel/update-one' || refused) return undefined;
    refused = true;
    return fail(400, {
      message: 'Check the highlighted fields',
      error: 'VALIDATION_ERROR',
      details: {
        fieldErrors: { jurisdictionReason: ['Say why the rules change, in at least 3 characters'] },
      },
    });
  });
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: `Edit ${site.name}` }));
  const form = within(await screen.findByRole('dialog', { name: 'Edit site' }));
  expect(rulesSelect(form)).toHaveTextContent('England, Wales and Northern Ireland (FSA guidance)');
  expect(rulesSelect(form)).toHaveAccessibleDescription(
    'Decides the limits readings are judged by, and shows temperatures in °C. Authority: Food Standards Agency.',
  );
  expect(form.queryByRole('textbox', { name: /Reason for the change/ })).toBeNull();

  await chooseRules(user, form, 'Scotland (FSS guidance)');
  const reason = await form.findByRole('textbox', { name: /Reason for the change/ });
  expect(reason).toBeRequired();
  expect(reason).toHaveAccessibleDescription(
    'The new rules apply to readings from now on; past readings keep their verdicts. Kept in the site’s history.',
  );

  // Empty, the form says so and sends nothing.
  await user.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Reason for the change is required')).toBeInTheDocument();
  expect(api.to('site-panel/update-one')).toHaveLength(0);

  // The server's message shows under the field it is about.
  await user.type(reason, 'No');
  await user.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByText('Say why the rules change, in at least 3 characters')).toBeInTheDocument();
  expect(reason).toHaveAccessibleDescription('Say why the rules change, in at least 3 characters');

  await user.clear(reason);
  await user.paste('The kitchen moved to Edinburgh');
  await user.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('site-panel/update-one')).toHaveLength(2));
  const body = api.to('site-panel/update-one')[1]!.body;
  expect(formField(body, 'jurisdiction')).toBe('GB-SCT');
  expect(formField(body, 'jurisdictionReason')).toBe('The kitchen moved to Edinburgh');
});

test('choosing the site’s own rules again takes the reason away, and nothing about them is sent', async () => {
  const api = fakeSitesApi();
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: `Edit ${site.name}` }));
  const form = within(await screen.findByRole('dialog', { name: 'Edit site' }));
  await chooseRules(user, form, 'European Union (Regulation 852/2004, national limits)');
  expect(await form.findByRole('textbox', { name: /Reason for the change/ })).toBeInTheDocument();
  await chooseRules(user, form, 'England, Wales and Northern Ireland (FSA guidance)');
  expect(form.queryByRole('textbox', { name: /Reason for the change/ })).toBeNull();

  await user.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('site-panel/update-one')).toHaveLength(1));
  const body = api.to('site-panel/update-one')[0]!.body;
  expect(formField(body, 'jurisdiction')).toBeUndefined();
  expect(formField(body, 'jurisdictionReason')).toBeUndefined();
});

test('the view writes a site’s opening hours on its own clock: 12-hour in New York, 24-hour in Bristol', async () => {
  const newYork: Site = {
    ...allDaySaturday,
    timeZoneId: 'America/New_York',
    jurisdiction: 'US-NYC',
    temperatureUnit: 'F',
    locale: 'en-US',
  };
  const user = userEvent.setup();
  for (const [record, monday] of [
    [newYork, 'Monday: 9:00 AM–5:00 PM'],
    [allDaySaturday, 'Monday: 09:00–17:00'],
  ] as const) {
    fakeSitesApi(record);
    const { unmount } = render(
      <MemoryRouter>
        <SitesPage />
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('button', { name: `View ${site.name}` }));
    const view = within(await screen.findByRole('dialog'));
    expect(await view.findByText(monday)).toBeInTheDocument();
    expect(view.getByText('Saturday: Open 24 hours')).toBeInTheDocument();
    unmount();
  }
});

test('the view names the site’s food-safety rules and the unit its temperatures show in', async () => {
  const newYork: Site = {
    ...allDaySaturday,
    city: 'Brooklyn',
    county: 'Kings County',
    state: 'New York',
    country: 'US',
    timeZoneId: 'America/New_York',
    timeZoneName: 'Eastern Standard Time',
    jurisdiction: 'US-NYC',
    temperatureUnit: 'F',
    locale: 'en-US',
  };
  fakeSitesApi(newYork);
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: `View ${site.name}` }));
  const view = within(await screen.findByRole('dialog'));
  expect(await view.findByText('New York City (Health Code Article 81)')).toBeInTheDocument();
  expect(view.getByText('Food-safety rules')).toBeInTheDocument();
  expect(view.getByText('Temperatures in')).toBeInTheDocument();
  expect(view.getByText('°F')).toBeInTheDocument();
  expect(view.queryByText(/Reheating limit/)).toBeNull();
});

describe("a site's area", () => {
  const inNorth: Site = { ...allDaySaturday, area: north };

  test('the list and the view show each site’s area', async () => {
    fakeSitesApi(inNorth);
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByText(site.name)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('North')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: `View ${site.name}` }));
    const view = within(await screen.findByRole('dialog'));
    expect(view.getByText('Area').nextElementSibling).toHaveTextContent('North');
  });

  test('a site in no area reads "No area" in the list', async () => {
    fakeSitesApi();
    renderPage();
    const row = (await screen.findByText(site.name)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('No area')).toBeInTheDocument();
  });

  test('an organisation admin moves a site to another area, or to none, and the form sends it', async () => {
    const api = fakeSitesApi(inNorth);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: `Edit ${site.name}` }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit site' }));
    const area = await form.findByRole('combobox', { name: 'Area' });
    expect(area).toHaveTextContent('North');
    expect(area).toHaveAccessibleDescription(/overview groups and totals this site/);
    await user.click(area);
    const choices = within(await screen.findByRole('listbox'));
    expect(choices.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No area',
      'North',
      'South',
    ]);
    await user.click(choices.getByRole('option', { name: 'South' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('site-panel/update-one')).toHaveLength(1));
    expect(formField(api.to('site-panel/update-one')[0]!.body, 'areaID')).toBe(south._id);

    await user.click(await screen.findByRole('button', { name: `Edit ${site.name}` }));
    const again = within(await screen.findByRole('dialog', { name: 'Edit site' }));
    await user.click(await again.findByRole('combobox', { name: 'Area' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'No area' }));
    await user.click(again.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('site-panel/update-one')).toHaveLength(2));
    // No area travels as an empty text: a multipart form cannot carry null.
    expect(formField(api.to('site-panel/update-one')[1]!.body, 'areaID')).toBe('');
  });

  test('a new site is put in an area from the start', async () => {
    const api = fakeSitesApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add site' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add site' }));
    const area = await form.findByRole('combobox', { name: 'Area' });
    expect(area).toHaveTextContent('No area');
    await user.click(area);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'North' }));
    await user.click(form.getByRole('textbox', { name: /Site name/ }));
    await user.paste('Harbour Kitchen');
    await findTown(user, form, 'Bristol', 'Bristol, England');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('site-panel/create-new-one')).toHaveLength(1));
    expect(formField(api.to('site-panel/create-new-one')[0]!.body, 'areaID')).toBe(north._id);
  });

  test('a site admin sees its site’s area, cannot move it, and its save keeps it', async () => {
    signInAs('SITE_ADMIN', { siteIds: [site._id] });
    const api = fakeSitesApi(inNorth);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: `Edit ${site.name}` }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit site' }));
    const area = await form.findByRole('combobox', { name: 'Area' });
    expect(area).toHaveTextContent('North');
    expect(area).toHaveAttribute('aria-disabled', 'true');
    expect(area).toHaveAccessibleDescription('Only an organisation admin can move a site to another area');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('site-panel/update-one')).toHaveLength(1));
    expect(formField(api.to('site-panel/update-one')[0]!.body, 'areaID')).toBe(north._id);
  });
});
