import { createRemoteMount } from '@console/shared-sdk';
import { logsDescription, logsRoutes } from './routes';

/** `./mount`: the logs screens on any page (the remote contract of ARCHITECTURE.md). */
export const mount = createRemoteMount({ description: logsDescription, ...logsRoutes });
export default mount;
