import { demoPassword } from '../demo.js';
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
