import { createRemoteMount } from '@console/shared-sdk';
import { peopleDescription, peopleRoutes } from './routes';

/** `./mount`: the people screens on any page (the remote contract of ARCHITECTURE.md). */
export const mount = createRemoteMount({ description: peopleDescription, ...peopleRoutes });
export default mount;
