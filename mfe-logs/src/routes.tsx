import { lazy } from 'react';
import { remoteDescriptionSchema, type RemoteRoutesModule } from '@console/shared-sdk';
import descriptionData from './remote.json';

/**
 * The remote's paths, menu and title: data the build publishes as remote.json, so the shell knows them
 * before it loads any of this code. Parsed here too, so the remote's own page uses the same data.
 */
export const logsDescription = remoteDescriptionSchema.parse(descriptionData);

// Each screen is its own download: opening the temperature log does not fetch the documents screen.
const TemperatureLogsScreen = lazy(() =>
  import('./screens/temperature-logs/temperature-logs').then((m) => ({ default: m.TemperatureLogsScreen })),
);
const ComplianceLogsScreen = lazy(() =>
  import('./screens/compliance-logs/compliance-logs').then((m) => ({ default: m.ComplianceLogsScreen })),
);
const NearMissesScreen = lazy(() =>
  import('./screens/near-misses/near-misses').then((m) => ({ default: m.NearMissesScreen })),
);
const CorrectiveActionsScreen = lazy(() =>
  import('./screens/corrective-actions/corrective-actions').then((m) => ({
    default: m.CorrectiveActionsScreen,
  })),
);
const DocumentsScreen = lazy(() =>
  import('./screens/documents/documents').then((m) => ({ default: m.DocumentsScreen })),
);
const RecordCheckScreen = lazy(() =>
  import('./screens/record-check/record-check').then((m) => ({ default: m.RecordCheckScreen })),
);

/**
 * `./routes`: the screen for each path of remote.json (the spec's paths, and the project's nearMiss and
 * correctiveAction).
 */
export const logsRoutes: RemoteRoutesModule = {
  screens: {
    '/dashboard/temperatureLog': TemperatureLogsScreen,
    '/dashboard/complianceLog': ComplianceLogsScreen,
    '/dashboard/nearMiss': NearMissesScreen,
    '/dashboard/correctiveAction': CorrectiveActionsScreen,
    '/dashboard/documentmanagement': DocumentsScreen,
    '/dashboard/recordcheck': RecordCheckScreen,
  },
};

export default logsRoutes;
