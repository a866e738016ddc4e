import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import { isPrivateAddress, privateHostMessage, refusalOfUrl, type Resolve } from './addresses.js';
import { pinnedLookup, postWebhook } from './send.js';

// Without WEBHOOKS_ALLOW_PRIVATE_URLS (the default), a webhook cannot reach the server's own network: not
// by an address, not by a name like localhost, not by a name that resolves there, then or at delivery.

/** A DNS that answers from a table (names it does not know are not found). */
const dns =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('which addresses are private', () => {
  test.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:c0a8:0101::1',
    '[::1]',
  ])('%s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  test.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('a URL being saved', () => {
  const resolve = dns({
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'rebound.example.com': ['10.0.0.7'],
    'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
    'v6-local.example.com': ['::1'],
  });

  test.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://LOCALHOST./hook',
    'https://api.localhost/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[fe80::1]/hook',
    'http://[fd00::1]/hook',
    'http://[::]/hook',
    'http://0.0.0.0/hook',
    // The URL parser reads these as 127.0.0.1 and 10.0.0.1.
    'http://2130706433/hook',
    'http://0x7f.1/hook',
    'http://012.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://rebound.example.com/hook',
    'https://mixed.example.com/hook',
    'https://v6-local.example.com/hook',
  ])('%s is refused', async (url) => {
    expect(await refusalOfUrl(url, false, resolve)).toBe(privateHostMessage);
  });

  test.each([
    'https://hooks.example.com/services/T000/B000/XXXX',
    'https://93.184.215.14/hook',
    'http://[2606:4700:4700::1111]/hook',
    // Not found now is not refused: the delivery checks again.
    'https://not-yet-live.example.com/hook',
  ])('%s may be saved', async (url) => {
    expect(await refusalOfUrl(url, false, resolve)).toBeNull();
  });

  test('with WEBHOOKS_ALLOW_PRIVATE_URLS any address may be saved', async () => {
    expect(await refusalOfUrl('http://127.0.0.1/hook', true, resolve)).toBeNull();
  });
});

describe('a delivery', () => {
  let server: http.Server;
  let heard = 0;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      heard += 1;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('to a name that now resolves to a private address is refused without connecting (DNS rebinding)', async () => {
    const outcome = await postWebhook(
      `http://rebound.example.com:${port}/hook`,
      '{}',
      {},
      {
        allowPrivate: false,
        timeoutMs: 2_000,
        resolve: dns({ 'rebound.example.com': ['127.0.0.1'] }),
      },
    );
    expect(outcome).toEqual({ delivered: false, statusCode: null, error: privateHostMessage });
    const literal = await postWebhook(
      `http://127.0.0.1:${port}/hook`,
      '{}',
      {},
      {
        allowPrivate: false,
        timeoutMs: 2_000,
      },
    );
    expect(literal.error).toBe(privateHostMessage);
    expect(heard).toBe(0);
  });

  test('connects to the address it checked, whatever the name would resolve to now', async () => {
    // A name nobody's DNS knows: the request can only reach the receiver through the pinned address.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(`http://receiver.invalid:${port}/hook`, {
        method: 'POST',
        lookup: pinnedLookup([{ address: '127.0.0.1', family: 4 }]),
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on('error', reject);
      request.end('{}');
    });
    expect(status).toBe(200);
    expect(heard).toBe(1);
  });
});

describe('the /webhook routes without WEBHOOKS_ALLOW_PRIVATE_URLS', () => {
  let ctx: TestContext;
  let owner: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await ctx.login(demoLogins.organizationAdmin);
  });
  afterAll(() => ctx.close());

  const body = (url: string) => ({ name: `Hook ${url}`, url, events: ['TEMPERATURE_FAILED'] });

  test('refuse a private or loopback URL with a 400 on url, on create and on update', async () => {
    for (const url of ['http://127.0.0.1:9000/hook', 'http://localhost/hook', 'http://[::ffff:10.0.0.1]/']) {
      const reply = await ctx.inject('POST', '/api/v1/webhook/create-new-one', {
        token: owner,
        body: body(url),
      });
      expect([url, reply.statusCode]).toEqual([url, 400]);
      expect(reply.json.details?.fieldErrors.url).toEqual([privateHostMessage]);
    }
    const created = await ctx.inject<{ data: { _id: string } }>('POST', '/api/v1/webhook/create-new-one', {
      token: owner,
      body: body('https://93.184.215.14/hook'),
    });
    expect(created.statusCode).toBe(200);
    const moved = await ctx.inject('PUT', '/api/v1/webhook/update-one', {
      token: owner,
      body: { _id: created.json.data._id, ...body('http://192.168.0.10/hook') },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json.details?.fieldErrors.url).toEqual([privateHostMessage]);
  });
});
