import { act, renderHook } from '@testing-library/react';
import { session } from '../session/store.js';
import { siteChoicesStore } from '../site/choices.js';
import { chooseSite, demoIds, resetBrowserState, signInAs, siteOption } from '../testing/index.js';
import { useSiteFormatOf } from './site-rules.js';

// A site's format by its id, as a screen of another site than the selected one writes its records.

const brooklynID = '0190a000-0000-7000-8000-0000000000c3';
const brighton = siteOption(demoIds.brighton);
const brooklyn = siteOption(brooklynID, { name: 'Brooklyn', american: true });

/** The site list the layout loads: Brighton (British) and Brooklyn (American). */
const loadSites = () =>
  act(() => siteChoicesStore.setState({ owner: demoIds.me, status: 'ready', sites: [brighton, brooklyn] }));

const noon = '2026-11-28T17:30:00.000Z';
/** How the format of `siteID` writes a temperature, an instant and a wall time. */
function writtenBy(siteID: string | null | undefined) {
  const { result, unmount } = renderHook(() => useSiteFormatOf(siteID));
  // Let go of the hook: later changes of the test re-render nothing.
  unmount();
  const format = result.current;
  return `${format.temperature(5)} · ${format.instant(noon)} · ${format.wallTime('17:30')}`;
}

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  loadSites();
  chooseSite(demoIds.brighton);
});

afterEach(() => act(() => siteChoicesStore.setState({ owner: null, status: 'unavailable', sites: [] })));

it("writes an American site's records in °F, on its clock and month first, while a British site is selected", () => {
  expect(writtenBy(brooklynID)).toMatch(/^41 °F · Nov 28, 2026, 12:30\sPM · 5:30\sPM$/);
});

it("writes a British site's records in °C, on its clock and day first, while an American site is selected", () => {
  chooseSite(brooklynID, { name: 'Brooklyn', american: true });
  expect(writtenBy(demoIds.brighton)).toBe('5 °C · 28 Nov 2026, 17:30 · 17:30');
});

it('writes as the selected site does without a site, or for a site the list does not hold', () => {
  chooseSite(brooklynID, { name: 'Brooklyn', american: true });
  const selected = /^41 °F · Nov 28, 2026, 12:30\sPM · 5:30\sPM$/;
  expect(writtenBy(null)).toMatch(selected);
  expect(writtenBy(undefined)).toMatch(selected);
  expect(writtenBy('0190a000-0000-7000-8000-0000000000ff')).toMatch(selected);
});

it("writes dates in the person's own format, the site's unit and clock kept", () => {
  session.updateUser({ dateFormat: 'en-GB' });
  expect(writtenBy(brooklynID)).toBe('41 °F · 28 Nov 2026, 12:30 · 17:30');
  chooseSite(brooklynID, { name: 'Brooklyn', american: true });
  session.updateUser({ dateFormat: 'en-US' });
  expect(writtenBy(demoIds.brighton)).toMatch(/^5 °C · Nov 28, 2026, 5:30\sPM · 5:30\sPM$/);
});
