import { createRemoteMount } from '@console/shared-sdk';
import { tasksDescription, tasksRoutes } from './routes';

/** `./mount`: the tasks screens on any page (the remote contract of ARCHITECTURE.md). */
export const mount = createRemoteMount({ description: tasksDescription, ...tasksRoutes });
export default mount;
