import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from '@console/shared-sdk/router';
import {
  fakeApi,
  loginResponse,
  ok,
  resetBrowserState,
  site,
  skippedHeadings,
  type Sent,
} from '@console/shared-sdk/testing';
import { session } from '@console/shared-sdk';
import { SitesPage } from './SitesPage';

const countries = [
  { code: 'GB', name: 'United Kingdom', timezones: ['Europe/London'] },
  { code: 'US', name: 'United States', timezones: ['America/New_York', 'America/Chicago'] },
];
const bristol = {
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
/** Open round the clock on Saturdays, as the API stores it: equal times. */
const allDaySaturday = {
  ...site,
  timing: [
    { day: 1, isOpen: true, openTime: '09:00', closeTime: '17:00' },
    { day: 6, isOpen: true, openTime: '07:00', closeTime: '07:00' },
  ],
};

function fakeSitesApi() {
  return fakeApi((sent: Sent) => {
    switch (sent.path) {
      case 'site-panel/web-app-list':
        return ok({ list: [allDaySaturday], records: 1, page: 1, limit: 10 });
      case 'location/simple-list-countries':
        return ok(countries);
      case 'site-panel/places':
        return ok({
          predictions: [
            {
              description: 'Bristol, England',
              place_id: 'bristol-gb',
              structured_formatting: { main_text: 'Bristol', secondary_text: 'England' },
            },
          ],
        });
      case 'site-panel/fetchCountry':
        return ok({ result: bristol });
      case `site-panel/find-one/${site._id}`:
        return ok(allDaySaturday);
      case 'site-panel/update-one':
        return ok(allDaySaturday, 'Site updated');
      case 'staff-people/simple-list':
        return ok([]);
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
jest.setTimeout(30_000);

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
