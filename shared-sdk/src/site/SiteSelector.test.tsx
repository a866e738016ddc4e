import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeApi, loginResponse, ok, resetBrowserState } from '../http/testing.js';
import { session } from '../session/store.js';
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
