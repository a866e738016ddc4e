import { createRemoteMount } from '@console/shared-sdk';
import { equipmentRoutes } from './routes';

/** `./mount`: the equipment screens on any page (the remote contract of ARCHITECTURE.md). */
export const mount = createRemoteMount(equipmentRoutes, { title: 'Equipment' });
export default mount;
