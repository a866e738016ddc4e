import { createRemoteMount } from '@console/shared-sdk';
import { equipmentDescription, equipmentRoutes } from './routes';

/** `./mount`: the equipment screens on any page (the remote contract of ARCHITECTURE.md). */
export const mount = createRemoteMount({ description: equipmentDescription, ...equipmentRoutes });
export default mount;
