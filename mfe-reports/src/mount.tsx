import { createRemoteMount } from '@console/shared-sdk';
import { reportsDescription, reportsRoutes } from './routes';

/** `./mount`: the reports screens on any page (the remote contract of ARCHITECTURE.md). */
export const mount = createRemoteMount({ description: reportsDescription, ...reportsRoutes });
export default mount;
