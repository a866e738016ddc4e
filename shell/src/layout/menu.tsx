import ApartmentIcon from '@mui/icons-material/Apartment';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import StoreIcon from '@mui/icons-material/Store';
import WebhookIcon from '@mui/icons-material/Webhook';
import { useMemo, type ComponentType } from 'react';
import { canOnSubject, useAbility, useSession, type Action } from '@console/shared-sdk';
import { consoleIcons, isIconName } from '@console/shared-sdk/icons';
import { siteDashboardPath } from '../app/RemoteRoutes';
import { useRegistry } from '../remotes/registry';

export interface MenuItem {
  title: string;
  path: string;
  section: string;
  Icon?: ComponentType;
  /** Shown only when the user may do this. */
  action: Action;
  /** A remote's entries name their subject as data: it may be one this console was built without. */
  subject: string;
  order: number;
}

/** The shell's own screens; the remotes add theirs from their published description (remote.json). */
export const shellMenu: MenuItem[] = [
  {
    title: 'Dashboard',
    path: '/dashboard',
    section: 'Overview',
    Icon: DashboardIcon,
    action: 'read',
    subject: 'Site',
    order: 0,
  },
  {
    title: 'Sites',
    path: '/dashboard/sites',
    section: 'Overview',
    Icon: StoreIcon,
    action: 'read',
    subject: 'Site',
    order: 1,
  },
  {
    title: 'Organisation',
    path: '/dashboard/organization',
    section: 'Overview',
    Icon: BusinessIcon,
    action: 'read',
    subject: 'Organization',
    order: 2,
  },
  {
    title: 'Webhooks',
    path: '/dashboard/organization/webhooks',
    section: 'Overview',
    Icon: WebhookIcon,
    action: 'read',
    subject: 'Webhook',
    order: 3,
  },
  {
    title: 'Organisations',
    path: '/dashboard/organizations',
    section: 'Platform',
    Icon: ApartmentIcon,
    action: 'manage',
    subject: 'Organization',
    order: 0,
  },
];

/**
 * The sections in the order people need them, whatever order the remotes are listed in: the overview, then
 * the day's work (tasks, then the logs kept while doing it), then people, equipment and reports. A section
 * this list does not name (a new remote's) comes after these, and the platform's own list last.
 */
export const sectionOrder = ['Overview', 'Tasks', 'Logs', 'People', 'Equipment', 'Reports'];
const lastSection = 'Platform';

function sectionRank(title: string) {
  if (title === lastSection) return sectionOrder.length + 2;
  const rank = sectionOrder.indexOf(title);
  return rank === -1 ? sectionOrder.length + 1 : rank;
}

/**
 * Whether a route's or an entry's path covers `pathname`: itself and the paths under it, except /dashboard
 * (a site dashboard), which is only itself.
 */
export const coversPath = (path: string, pathname: string) =>
  pathname === path || (path !== siteDashboardPath && pathname.startsWith(`${path}/`));

/**
 * The one item that stands for `pathname`: the longest path that covers it. Paths nest (Organisation holds
 * Webhooks, Site scores holds the inspection pack), so every covering item but the longest is a parent.
 */
export function closestItem<T extends { path: string }>(
  items: readonly T[],
  pathname: string,
): T | undefined {
  return items
    .filter((item) => coversPath(item.path, pathname))
    .reduce<T | undefined>(
      (best, item) => (best && best.path.length >= item.path.length ? best : item),
      undefined,
    );
}

export interface MenuSection {
  title: string;
  items: MenuItem[];
}

/**
 * Menu sections for the signed-in user: the shell's entries and every described remote's (known from its
 * remote.json before any of its code loads), filtered by ability. A remote names its icons; a name this
 * console does not know leaves the entry without one (the menu shows a generic icon). A platform admin who
 * has not chosen an organisation yet sees only the platform's entries: every other one would ask for the
 * choice first.
 */
export function useMenu(): MenuSection[] {
  const ability = useAbility();
  const remotes = useRegistry((s) => s.remotes);
  const choosingOrganization = useSession((s) => s.userData?.role === 'ADMIN' && !s.orgId);
  return useMemo(() => {
    const remoteItems: MenuItem[] = remotes.flatMap((remote) =>
      (remote.metadata?.menu ?? []).map(({ icon, order, ...entry }) => ({
        ...entry,
        ...(isIconName(icon) ? { Icon: consoleIcons[icon] } : {}),
        action: 'read' as const,
        order: order ?? 50,
      })),
    );
    const visible = [...shellMenu, ...remoteItems].filter(
      (item) =>
        canOnSubject(ability, item.action, item.subject) &&
        (!choosingOrganization || item.section === lastSection),
    );
    const sections = new Map<string, MenuItem[]>();
    for (const item of visible) sections.set(item.section, [...(sections.get(item.section) ?? []), item]);
    // A stable sort: sections this console does not know keep the order their remotes are listed in.
    return [...sections.entries()]
      .sort(([a], [b]) => sectionRank(a) - sectionRank(b))
      .map(([title, items]) => ({
        title,
        items: items.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title)),
      }));
  }, [ability, remotes, choosingOrganization]);
}
