import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fail, fakeApi, ids, loginResponse, ok, resetBrowserState } from '../http/testing.js';
import { notifyStore } from '../notify/store.js';
import { session } from '../session/store.js';
import { siteChoices } from './choices.js';
import { SiteSelector } from './SiteSelector.js';
import { selectedSite } from './store.js';

const sites = [
  {
    _id: '0190a000-0000-7000-8000-0000000000c1',
    name: 'Brighton',
    location: { country: 'GB', county: null, region: 'England', city: 'Brighton' },
    timeZoneId: 'Europe/London',
  },
  {
    _id: '0190a000-0000-7000-8000-0000000000c2',
    name: 'Brooklyn',
    location: { country: 'US', county: null, region: 'New York', city: 'Brooklyn' },
    timeZoneId: 'America/New_York',
  },
];

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
});

test('selects the first site when nothing was chosen, with the spec label "name (location)"', async () => {
  fakeApi(() => ok(sites));
  render(<SiteSelector />);
  expect(await screen.findByRole('combobox', { name: 'Site' })).toHaveTextContent('Brighton (Brighton)');
  expect(selectedSite.get()).toEqual({
    selectedSiteID: sites[0]!._id,
    selectedSiteTimezone: 'Europe/London',
    selectedSiteLabel: 'Brighton (Brighton)',
    selectedSiteUnit: 'C',
    selectedSiteLocale: 'en-GB',
  });
  expect(localStorage.getItem('selectedSiteID')).toBe(sites[0]!._id);
});

test('switching site stores its id and time zone', async () => {
  fakeApi(() => ok(sites));
  render(<SiteSelector />);
  await userEvent.click(await screen.findByRole('combobox', { name: 'Site' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Brooklyn (Brooklyn)' }));
  expect(selectedSite.get().selectedSiteTimezone).toBe('America/New_York');
  expect(localStorage.getItem('selectedSiteTimezone')).toBe('America/New_York');
});

test('keeps a stored choice that is still one of the user’s sites', async () => {
  selectedSite.select(sites[1]!);
  fakeApi(() => ok(sites));
  render(<SiteSelector />);
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Site' })).toHaveTextContent('Brooklyn'));
});

test('a stored site the user no longer has is replaced by the first one', async () => {
  selectedSite.select({ ...sites[1]!, _id: '0190a000-0000-7000-8000-0000000000c9' });
  fakeApi(() => ok(sites));
  render(<SiteSelector />);
  await waitFor(() => expect(selectedSite.get().selectedSiteID).toBe(sites[0]!._id));
});

test('with no sites it says so', async () => {
  fakeApi(() => ok([]));
  render(<SiteSelector />);
  expect(await screen.findByText('No sites yet')).toBeInTheDocument();
  expect(selectedSite.get().selectedSiteID).toBeNull();
});

test('with no sites the label stays above the placeholder instead of lying over it', async () => {
  fakeApi(() => ok([]));
  render(<SiteSelector />);
  await screen.findByText('No sites yet');
  expect(screen.getByText('Site', { selector: 'label' })).toHaveAttribute('data-shrink', 'true');
});

test('a platform admin who has not chosen an organisation is asked nothing: no request, no pop-up', async () => {
  session.signOut();
  session.signIn(loginResponse({ role: 'ADMIN' }));
  const api = fakeApi(() => fail(400, { message: 'Choose an organisation first (send orgId)' }));
  const { container } = render(<SiteSelector />);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(api.sent).toHaveLength(0);
  expect(container).toBeEmptyDOMElement();
  expect(notifyStore.getState().error).toBeNull();

  // Once it acts in an organisation, that organisation's sites are listed.
  fakeApi(() => ok(sites));
  act(() => session.actInOrganization(ids.otherOrg));
  expect(await screen.findByRole('combobox', { name: 'Site' })).toHaveTextContent('Brighton');
});

test('deleting the selected site selects the first remaining one at once, without a pop-up', async () => {
  selectedSite.select(sites[1]!);
  const remaining = [sites[0]!];
  let list = sites;
  fakeApi(() => ok(list));
  render(<SiteSelector />);
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Site' })).toHaveTextContent('Brooklyn'));

  list = remaining;
  act(() => siteChoices.removed(sites[1]!._id));
  expect(selectedSite.get().selectedSiteID).toBe(sites[0]!._id);
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Site' })).toHaveTextContent('Brighton'));
  expect(notifyStore.getState().error).toBeNull();
});

test('deleting the only site leaves nothing selected', async () => {
  selectedSite.select(sites[0]!);
  let list = [sites[0]!];
  fakeApi(() => ok(list));
  render(<SiteSelector />);
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Site' })).toHaveTextContent('Brighton'));
  list = [];
  act(() => siteChoices.removed(sites[0]!._id));
  expect(selectedSite.get().selectedSiteID).toBeNull();
  expect(await screen.findByText('No sites yet')).toBeInTheDocument();
});

test('two selectors on a page share one request', async () => {
  const api = fakeApi(() => ok(sites));
  render(
    <>
      <SiteSelector />
      <SiteSelector />
    </>,
  );
  await waitFor(() => expect(screen.getAllByRole('combobox', { name: 'Site' })).toHaveLength(2));
  expect(api.to('site-panel/simple-list')).toHaveLength(1);
});

test('"All sites", where a screen offers it, leaves the selected site alone; picking a site ends it', async () => {
  fakeApi(() => ok(sites));
  const changes: boolean[] = [];
  const { rerender } = render(
    <SiteSelector allSites={{ chosen: false, onChange: (all) => changes.push(all) }} />,
  );
  const selector = await screen.findByRole('combobox', { name: 'Site' });
  expect(selector).toHaveTextContent('Brighton (Brighton)');
  await userEvent.click(selector);
  await userEvent.click(await screen.findByRole('option', { name: 'All sites' }));
  expect(changes).toEqual([true]);
  expect(selectedSite.get().selectedSiteID).toBe(sites[0]!._id);

  rerender(<SiteSelector allSites={{ chosen: true, onChange: (all) => changes.push(all) }} />);
  expect(screen.getByRole('combobox', { name: 'Site' })).toHaveTextContent('All sites');
  await userEvent.click(screen.getByRole('combobox', { name: 'Site' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Brooklyn (Brooklyn)' }));
  expect(changes).toEqual([true, false]);
  expect(selectedSite.get().selectedSiteTimezone).toBe('America/New_York');
});

test('without the option, "All sites" is not offered', async () => {
  fakeApi(() => ok(sites));
  render(<SiteSelector />);
  await userEvent.click(await screen.findByRole('combobox', { name: 'Site' }));
  expect(await screen.findByRole('option', { name: 'Brooklyn (Brooklyn)' })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: 'All sites' })).toBeNull();
});
