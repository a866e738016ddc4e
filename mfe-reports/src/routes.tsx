import { lazy } from 'react';
import { remoteDescriptionSchema, type RemoteRoutesModule } from '@console/shared-sdk';
import descriptionData from './remote.json';

/**
 * The remote's paths, menu and title: data the build publishes as remote.json, so the shell knows them
 * before it loads any of this code. Parsed here too, so the remote's own page uses the same data.
 */
export const reportsDescription = remoteDescriptionSchema.parse(descriptionData);

// Each screen is its own download: the ranking does not fetch the inspection pack's screen.
const SiteScoresScreen = lazy(() =>
  import('./screens/site-scores').then((m) => ({ default: m.SiteScoresScreen })),
);
const InspectionPackScreen = lazy(() =>
  import('./screens/inspection-pack').then((m) => ({ default: m.InspectionPackScreen })),
);
const SiteReviewScreen = lazy(() =>
  import('./screens/site-review').then((m) => ({ default: m.SiteReviewScreen })),
);
const InspectorLinksScreen = lazy(() =>
  import('./screens/inspector-links').then((m) => ({ default: m.InspectorLinksScreen })),
);

/** `./routes`: the screen for each path of remote.json. */
export const reportsRoutes: RemoteRoutesModule = {
  screens: {
    '/dashboard/reports': SiteScoresScreen,
    '/dashboard/reports/inspection': InspectionPackScreen,
    '/dashboard/siteReview': SiteReviewScreen,
    '/dashboard/inspectorLinks': InspectorLinksScreen,
  },
};

export default reportsRoutes;
