import type { Site } from '@console/shared-sdk/contract';
import { demoPassword } from '../demo.js';
import { newId } from '../platform/db/ids.js';
import { fromNewAddress, type TestContext } from './helper.js';

// What the tests of the staff-made logs (compliance logs, near misses) share.

/**
 * Changes the rule set `siteID` is judged by, as an organisation admin does on the site form (the rest of
 * the site sent back as it is). Answers the update's reply.
 */
export async function judgeSiteBy(
  ctx: TestContext,
  token: string,
  siteID: string,
  jurisdiction: string,
  reason: string,
) {
  const site = (await ctx.inject<{ data: Site }>('GET', `/api/v1/site-panel/find-one/${siteID}`, { token }))
    .json.data;
  return ctx.inject<{ data: Site }>('PUT', '/api/v1/site-panel/update-one', {
    token,
    body: {
      _id: site._id,
      name: site.name,
      description: site.description,
      add1: site.add1 ?? undefined,
      city: site.city ?? undefined,
      county: site.county ?? undefined,
      state: site.state ?? undefined,
      country: site.country,
      zip: site.zip ?? undefined,
      timeZoneId: site.timeZoneId,
      timing: site.timing,
      jurisdiction,
      jurisdictionReason: reason,
    },
  });
}

/** A staff member's token from the mobile app's login. */
export async function mobileLogin(ctx: TestContext, email: string): Promise<string> {
  const reply = await ctx.inject<{ data: { accessToken: string } }>(
    'POST',
    '/api/v1/authentication/mobile-app-login',
    { body: { email, password: demoPassword }, headers: fromNewAddress() },
  );
  if (reply.statusCode !== 200) throw new Error(`mobile login ${email} failed: ${reply.raw}`);
  return reply.json.data.accessToken;
}

export const missingId = '01890000-0000-7000-8000-000000000000';

export interface FormPart {
  field: string;
  text?: string;
  file?: { bytes: Buffer; type: string; name: string };
}

/** A multipart body as a browser's FormData sends it, and its content type. */
export async function multipartBody(parts: readonly FormPart[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.file) {
      const { bytes, type, name } = part.file;
      form.append(part.field, new Blob([new Uint8Array(bytes)], { type }), name);
    } else {
      form.append(part.field, part.text ?? '');
    }
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/** Who made a record inserted straight into the table, and when it was written. */
interface RowOrigin {
  orgId: string;
  siteId: string;
  by: string;
  at: Date;
}

/** A hot-holding reading of `foodItemId` (limit 63 °C) as a row, for tests that count readings. */
export const hotHoldReadingRow = (
  origin: RowOrigin,
  reading: { foodItemId: string; readAt: string; celsius: number; result: 'PASS' | 'FAIL' },
) => ({
  id: newId(),
  orgId: origin.orgId,
  siteId: origin.siteId,
  logType: 'HOT_HOLD_DISPLAY' as const,
  foodItemId: reading.foodItemId,
  checkKind: 'HOT_HOLD',
  celsius: reading.celsius,
  readAt: new Date(reading.readAt),
  receivedAt: new Date(reading.readAt),
  readBy: origin.by,
  lowerLimit: 63,
  result: reading.result,
  correctiveAction: reading.result === 'FAIL' ? 'Reheated to 75 °C' : null,
  createdAt: origin.at,
  updatedAt: origin.at,
});

/** A near miss in `status` as a row (closed with an outcome when COMPLETED), for tests that count them. */
export const nearMissRow = (origin: RowOrigin, status: 'REPORTED' | 'PENDING' | 'COMPLETED') => ({
  id: newId(),
  orgId: origin.orgId,
  siteId: origin.siteId,
  category: 'ACCIDENT' as const,
  title: `Slip (${status})`,
  whatHappened: 'Wet floor',
  location: 'Kitchen',
  occurredAt: origin.at,
  status,
  outcome: status === 'COMPLETED' ? 'Mat fitted' : null,
  closedAt: status === 'COMPLETED' ? origin.at : null,
  reportedBy: origin.by,
  reportedAt: origin.at,
  receivedAt: origin.at,
  createdAt: origin.at,
  updatedAt: origin.at,
});
