import { lazy } from 'react';
import { canOnSubject, useAbility, useSelectedSite, useSiteChoices } from '@console/shared-sdk';
import { PageLoading } from '../../app/PageLoading';
import { RemoteScreen, useSiteDashboard } from '../../app/RemoteRoutes';
import { useAllSitesView } from './dashboard-view';

const DashboardPage = lazy(() => import('./DashboardPage').then((m) => ({ default: m.DashboardPage })));

/**
 * /dashboard: the selected site's dashboard when a remote publishes one (mfe-tasks does) and the user may
 * read it; the overview of every site when "All sites" is chosen (where an organisation's admins start, see
 * dashboard-view), when there is no site to show, or when no remote offers a site dashboard. The shell does
 * not know what a site dashboard shows.
 */
export function DashboardIndex() {
  const slot = useSiteDashboard();
  const { allSites } = useAllSitesView();
  const selectedId = useSelectedSite((s) => s.selectedSiteID);
  const choices = useSiteChoices();
  const ability = useAbility();

  if (allSites || (slot.known && slot.remote === null)) return <DashboardPage />;
  if (!slot.known || choices.status === 'loading') return <PageLoading />;
  const siteShown = choices.status === 'ready' && choices.sites.some((site) => site._id === selectedId);
  if (!slot.remote || !siteShown || !canOnSubject(ability, 'read', slot.remote.route.subject))
    return <DashboardPage />;
  return <RemoteScreen name={slot.remote.name} route={slot.remote.route} />;
}
