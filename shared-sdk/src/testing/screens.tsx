// The set-up every screen test needs, written once: a signed-in user whose abilities are the API's own
// rules, a chosen site, the route the console shows a remote's screen on, a list answer, and a clock that
// can be set while everything else runs for real.
import { act, render, screen, waitFor, within, type RenderResult } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { defineRulesFor } from '../ability/index.js';
import type { ListData, Role, SiteOption } from '../contract/index.js';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from '../router/index.js';
import { session } from '../session/store.js';
import { SiteScopeProvider } from '../site/scope.js';
import { selectedSite } from '../site/store.js';
import { ids } from '../http/testing.js';

/** The signed-in user, its organisation and two of its sites, as the screen tests name them. */
export const demoIds = {
  me: ids.user,
  org: ids.org,
  brighton: ids.site,
  manchester: '0190a000-0000-7000-8000-0000000000c2',
} as const;

export interface SignInOptions {
  /** The sites a SITE_ADMIN runs (or a STAFF member works at). */
  siteIds?: readonly string[];
  /** Null only for the platform ADMIN. */
  orgId?: string | null;
  userID?: string;
}

/** Signs in as Marcus Reid with `role`, holding the abilities the API gives that role. */
export function signInAs(role: Role, options: SignInOptions = {}) {
  const { orgId = demoIds.org, userID = demoIds.me } = options;
  const siteIds = [...(options.siteIds ?? [])];
  session.signIn({
    accessToken: 'access',
    refreshToken: 'refresh',
    userData: {
      userID,
      firstName: 'Marcus',
      lastName: 'Reid',
      email: 'marcus@example.com',
      role,
      orgId,
      siteIds,
      ability: defineRulesFor({ userID, role, orgId, siteIds }),
      accessToken: 'access',
    },
  });
}

export interface DemoSite {
  name?: string;
  /** The site's town; its name unless told. */
  city?: string;
  timeZoneId?: string;
  /** An American site (New York City's rules, °F, en-US) rather than an English one. */
  american?: boolean;
}

/**
 * A site as the site selector and `site-panel/simple-list` give it: Brighton, in London's time, judged by
 * England's rules in °C, unless told.
 */
export function siteOption(id: string, site: DemoSite = {}): SiteOption {
  const { name = 'Brighton', city = name, american = false } = site;
  const timeZoneId = site.timeZoneId ?? (american ? 'America/New_York' : 'Europe/London');
  return {
    _id: id,
    name,
    location: { country: american ? 'US' : 'GB', county: null, region: null, city },
    timeZoneId,
    jurisdiction: american ? 'US-NYC' : 'GB-ENG',
    temperatureUnit: american ? 'F' : 'C',
    locale: american ? 'en-US' : 'en-GB',
    nationalFigures: [],
  };
}

/** Chooses a site in the site selector (`null`: "All sites"), as the user would in the shell. */
export const chooseSite = (id: string | null, site: DemoSite = {}) =>
  act(() => selectedSite.select(id ? siteOption(id, site) : null));

/** One page holding every row: the list endpoints' answer when a test needs no paging. */
export const listPage = <Row,>(list: Row[]): ListData<Row> => ({
  list,
  records: list.length,
  page: 1,
  limit: 10,
});

/**
 * Grids in jsdom have no layout: render every row and column regardless of the (zero) viewport, and measure
 * nothing (no column sizing to content, no row heights from content), which would only cost time.
 */
export const gridProps = {
  disableVirtualization: true,
  autosizeOnMount: false,
  getRowHeight: undefined,
} as const;

export interface RoutedRender extends RenderResult {
  /** The current URL's search params. */
  params: () => URLSearchParams;
  /** The current path and search, e.g. `/list?sort=-name`. */
  url: () => string;
  /** The browser's Back button. */
  back: () => Promise<void>;
  /** Following a link inside the app. */
  go: (to: string) => Promise<void>;
}

/** `ui` inside a router at `url`, with the URL and history in reach. */
export function renderWithRouter(ui: ReactElement, url = '/list'): RoutedRender {
  const current: {
    location: { pathname: string; search: string } | null;
    navigate: NavigateFunction | null;
  } = { location: null, navigate: null };
  function Probe() {
    current.location = useLocation();
    current.navigate = useNavigate();
    return null;
  }
  const result = render(
    <MemoryRouter initialEntries={[url]}>
      {ui}
      <Probe />
    </MemoryRouter>,
  );
  return {
    ...result,
    params: () => new URLSearchParams(current.location?.search ?? ''),
    url: () => `${current.location?.pathname ?? ''}${current.location?.search ?? ''}`,
    back: () =>
      act(async () => {
        await current.navigate?.(-1);
      }),
    go: (to) =>
      act(async () => {
        await current.navigate?.(to);
      }),
  };
}

/** As the console shows a remote's screen: at `url`, on a route that remote.json marks site-scoped. */
export const renderOnSiteRoute = (ui: ReactElement, url = '/'): RoutedRender =>
  renderWithRouter(<SiteScopeProvider siteScoped>{ui}</SiteScopeProvider>, url);

// Everything but the clock stays real, so promises, user events and MUI's transitions run as usual.
const realTimers = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * Sets the clock to `now`, faking no timer but those in `alsoFake` (for a test that drives an interval
 * itself); `jest.useRealTimers()` (in an afterEach) puts it back.
 */
export function setClock(now: Date | string, alsoFake: readonly (typeof realTimers)[number][] = []) {
  jest.useFakeTimers({
    now: new Date(now),
    doNotFake: realTimers.filter((name) => !alsoFake.includes(name)),
  });
}

/**
 * A list's row action by its name ("Delete Fresh Fish Ltd"), as a user finds it: a button in view, or an
 * entry under a "More actions" menu (left open, ready to be clicked); null when it is not offered. The kit
 * shows up to three actions a row as buttons and the rest in that menu. `row` (a grid row or a card) keeps
 * the search to it, which is quicker than opening every row's menu.
 */
export async function findRowAction(
  user: UserEvent,
  name: string,
  row: HTMLElement = document.body,
): Promise<HTMLElement | null> {
  const shown = within(row).queryByRole('button', { name });
  if (shown) return shown;
  for (const more of within(row).queryAllByRole('button', { name: /^More actions/ })) {
    await user.click(more);
    const menu = await screen.findByRole('menu');
    const entry = within(menu).queryByRole('menuitem', { name });
    if (entry) return entry;
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  }
  return null;
}

/** True when the action is offered (in `row`); a "More actions" menu opened to find it is closed again. */
export async function offersRowAction(user: UserEvent, name: string, row?: HTMLElement): Promise<boolean> {
  const action = await findRowAction(user, name, row);
  if (action?.getAttribute('role') === 'menuitem') {
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  }
  return action !== null;
}

/** `findRowAction` for an action that must be there. */
export async function rowAction(user: UserEvent, name: string, row?: HTMLElement): Promise<HTMLElement> {
  const action = await findRowAction(user, name, row);
  if (!action) throw new Error(`No row offers "${name}"`);
  return action;
}

/**
 * Call inside a `describe`: every media query matches, as on a phone. jsdom has no layout, and the kit only
 * asks "below sm?".
 */
export function onAPhone() {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) satisfies MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = original;
  });
}

/**
 * The headings under `root` that come more than one level below the heading before them ("h2 → h6 Opening
 * hours"), empty when none skips. `startLevel` is the level `root` sits under: a dialog's under the page's h1.
 */
export function skippedHeadings(root: HTMLElement, startLevel = 0): string[] {
  const skipped: string[] = [];
  let previous = startLevel;
  for (const heading of root.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')) {
    const level = Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1)) || 2;
    if (level > previous + 1) skipped.push(`h${previous} → h${level} ${heading.textContent ?? ''}`);
    previous = level;
  }
  return skipped;
}
