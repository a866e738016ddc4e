import { demoPassword } from '../demo.js';
import { newId } from '../platform/db/ids.js';
import { fromNewAddress, type TestContext } from './helper.js';

// What the tests of the staff-made logs (compliance logs, near misses) share.

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
