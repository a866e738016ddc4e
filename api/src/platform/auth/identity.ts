import type { Role } from '@console/shared-sdk/contract';

/** Who a request acts as, as its session check read them. */
export interface AuthUser {
  id: string;
  orgId: string | null;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
}
