// What the people screens' tests share (test-only: no screen imports this file, so no build holds it).
import type { StaffMember } from '@console/shared-sdk/people';
import { demoIds } from '@console/shared-sdk/testing';

export const peopleIds = {
  ...demoIds,
  aisha: '0190a000-0000-7000-8000-0000000000e1',
  tom: '0190a000-0000-7000-8000-0000000000e2',
  kitchen: '0190a000-0000-7000-8000-0000000000f1',
} as const;

export const stamps = { createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };

/** Aisha Khan, active staff in Brighton's kitchen who has signed in; `overrides` make anyone else. */
export function person(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    _id: peopleIds.aisha,
    userID: peopleIds.aisha,
    orgId: peopleIds.org,
    firstName: 'Aisha',
    lastName: 'Khan',
    fullName: 'Aisha Khan',
    email: 'aisha.khan@harbourvine.example',
    mobileNumber: null,
    gender: null,
    userRole: 'STAFF',
    status: 'ACTIVE',
    siteIDs: [peopleIds.brighton],
    sites: [{ _id: peopleIds.brighton, name: 'Brighton' }],
    departmentID: [peopleIds.kitchen],
    departments: [{ _id: peopleIds.kitchen, name: 'Kitchen', siteID: peopleIds.brighton }],
    invitation: 'ACCEPTED',
    provisionedBy: null,
    invitedAt: '2026-10-01T09:00:00.000Z',
    lastSignInAt: '2026-11-02T08:30:00.000Z',
    ...stamps,
    ...overrides,
  };
}
