import { createTestContext, type TestContext } from '../../test/helper.js';

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.login('owner@harbourvine.example');
  await ctx.app.ready();
});
afterAll(() => ctx.close());

interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: string }[];
  security?: unknown[];
}

/** Every documented API call, from the app's own OpenAPI description (so new routes are covered too). */
function operations(): Operation[] {
  const spec = ctx.app.swagger() as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  return Object.entries(spec.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
}

describe('NUL characters in text', () => {
  test('a NUL in the search of every list is a 400 naming the field, never a 500', async () => {
    const lists = operations().filter((op) => (op.parameters ?? []).some((p) => p.name === 'search'));
    expect(lists.length).toBeGreaterThanOrEqual(5);
    for (const list of lists) {
      // A path's enumerated parameter (the inspector's section) named as a real one, so the query is what is judged.
      const path = list.path.replace('{section}', 'temperature');
      const reply = await ctx.inject(list.method, path, { token: owner, query: { search: 'a\u0000b' } });
      // The organisation list is the platform admin's: an owner is refused before its query is read.
      if (reply.statusCode === 403) continue;
      expect({ path: list.path, status: reply.statusCode }).toEqual({ path: list.path, status: 400 });
      expect(reply.json.details?.fieldErrors).toHaveProperty('search');
    }
  });

  test('a NUL in a name or a note of a body is a 400 naming the field', async () => {
    const profile = await ctx.inject('PUT', '/api/v1/user-profile/update-me', {
      token: owner,
      body: { firstName: 'Ow\u0000ner', lastName: 'Harbour', email: 'owner@harbourvine.example' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json.details?.fieldErrors).toHaveProperty('firstName');

    const platform = await ctx.login('platform@console.example');
    const organization = await ctx.inject('POST', '/api/v1/organization/create-new-one', {
      token: platform,
      body: { name: 'Nul\u0000 Ltd', country: 'GB' },
    });
    expect(organization.statusCode).toBe(400);
    expect(organization.json.details?.fieldErrors).toHaveProperty('name');

    const multipartSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/site-panel/create-new-one',
      headers: { authorization: owner, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nSi\u0000te\r\n--XYZ--\r\n',
    });
    expect(multipartSite.statusCode).toBe(400);
    expect(multipartSite.json().details.fieldErrors).toHaveProperty('name');
  });
});

describe('malformed multipart', () => {
  const forms = {
    'no boundary': ['multipart/form-data', 'abc'],
    truncated: [
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nHello',
    ],
    'wrong boundary': [
      'multipart/form-data; boundary=XYZ',
      '--ABC\r\nContent-Disposition: form-data; name="name"\r\n\r\nHello\r\n--ABC--\r\n',
    ],
  } as const;
  const routes = [
    ['POST', '/api/v1/site-panel/create-new-one'],
    ['PUT', '/api/v1/common-uri/file-upload-s3'],
    ['POST', '/api/v1/staff-people/upload'],
  ] as const;

  test.each(Object.entries(forms))('%s is a 400 on every multipart route', async (_name, [type, payload]) => {
    for (const [method, url] of routes) {
      const reply = await ctx.app.inject({
        method,
        url,
        headers: { authorization: owner, 'content-type': type },
        payload,
      });
      expect({ url, status: reply.statusCode }).toEqual({ url, status: 400 });
      expect(reply.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
    }
  });
});

describe('authentication before validation', () => {
  test('every call that needs a token answers 401 without one, whatever the body and query', async () => {
    const guarded = operations().filter((op) => op.security === undefined || op.security.length > 0);
    expect(guarded.length).toBeGreaterThan(20);
    for (const op of guarded) {
      const url = op.path.replace(/\{[^}]+\}/g, 'not-an-id');
      const reply = await ctx.app.inject({
        method: op.method as 'GET',
        url: `${url}?page=-1&limit=abc&id=nope`,
        ...(op.method === 'GET' || op.method === 'DELETE'
          ? {}
          : { payload: { name: 42, email: 'not an e-mail' } }),
      });
      expect({ call: `${op.method} ${op.path}`, status: reply.statusCode }).toEqual({
        call: `${op.method} ${op.path}`,
        status: 401,
      });
    }
  });
});

describe('security headers', () => {
  test('every answer forbids sniffing, framing and referrers; HSTS only over https', async () => {
    const plain = await ctx.inject('GET', '/api/v1/health');
    expect(plain.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
    expect(String(plain.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // TRUST_PROXY is on in the tests: the proxy says the client came over https.
    const secure = await ctx.inject('GET', '/api/v1/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  test('sign-in, refresh and every signed-in answer may not be stored', async () => {
    const login = await ctx.inject<{ data: { refreshToken: string } }>(
      'POST',
      '/api/v1/authentication/web-app-login',
      { body: { email: 'owner@harbourvine.example', password: 'Demo-pass-2026' } },
    );
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = await ctx.inject('POST', '/api/v1/authentication/refresh-token', {
      body: { refreshToken: login.json.data.refreshToken },
    });
    expect(refresh.headers['cache-control']).toBe('no-store');
    const me = await ctx.inject('GET', '/api/v1/user-profile/view-me', { token: owner });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });
});
