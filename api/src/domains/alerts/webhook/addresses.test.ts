import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoLogins } from '../../../demo.js';
import { createTestContext, type TestContext } from '../../../test/helper.js';
import {
  isPrivateAddress,
  pinnedLookup,
  privateHostMessage,
  refusalOfUrl,
  type Resolve,
} from '../../../platform/http/outbound-addresses.js';
import { postWebhook } from './send.js';

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

/**
 * Every spelling of this machine's loopback a webhook URL could hold, with the receiver's port: the tests
 * that send only ever send these, so nothing leaves 127.0.0.1 and ::1 even if a check let one through.
 */
const loopbackUrls = (port: number) => [
  `http://127.0.0.1:${port}/hook`,
  `http://127.1.2.3:${port}/hook`,
  `http://2130706433:${port}/hook`,
  `http://0x7f.1:${port}/hook`,
  `http://0177.0.0.1:${port}/hook`,
  `http://[::1]:${port}/hook`,
  `http://[0:0:0:0:0:0:0:1]:${port}/hook`,
  `http://[::ffff:127.0.0.1]:${port}/hook`,
  `http://[::ffff:7f00:1]:${port}/hook`,
  `http://[::ffff:0:127.0.0.1]:${port}/hook`,
  `http://[::127.0.0.1]:${port}/hook`,
  `http://localhost:${port}/hook`,
];
/** The loopback addresses a name could resolve to, in the forms DNS answers hold. */
const loopbackAddresses = [
  '127.0.0.1',
  '127.0.0.53',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:0:127.0.0.1',
  '::127.0.0.1',
];

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
    // IPv4-translated (::ffff:0:0:0/96), which a stack may still route to the IPv4 address it holds.
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '::ffff:0:10.0.0.1',
    // IPv4-compatible (deprecated).
    '::127.0.0.1',
    // NAT64, well-known and local-use: the gateway connects to the address inside.
    '64:ff9b::127.0.0.1',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::a00:1',
    // Carrier-grade NAT, benchmarking, broadcast, multicast, documentation and reserved IPv4.
    '100.127.255.254',
    '198.18.0.1',
    '198.19.255.255',
    '255.255.255.255',
    '239.255.255.250',
    '192.0.2.1',
    '240.0.0.1',
    '192.0.0.8',
    // 6to4 and Teredo, whatever they wrap (a private 6to4 relay, a Teredo server's loopback).
    '2002:7f00:1::1',
    '2002:0808:0808::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    '2001:0:7f00:1::1',
    // IPv6 multicast, site-local, discard-only, documentation and benchmarking.
    'ff02::1',
    'fec0::1',
    '100::1',
    '2001:db8::1',
    '2001:2::1',
    'fe80::1%eth0',
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

  test.each([
    'http://[::ffff:0:127.0.0.1]:8080/',
    'http://[::ffff:0:7f00:1]/hook',
    'http://[64:ff9b::127.0.0.1]/hook',
    'http://[2002:7f00:1::]/hook',
    'http://[2001:0:7f00:1::1]/hook',
    'http://100.64.0.1/hook',
    'http://198.18.0.1/hook',
    'http://255.255.255.255/hook',
    'http://[ff02::1]/hook',
  ])('%s, a range that is not public unicast, is refused', async (url) => {
    expect(await refusalOfUrl(url, false, resolve)).toBe(privateHostMessage);
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

  test('to any spelling of loopback, or a name resolving to one, is refused without connecting', async () => {
    const send = (url: string, resolve?: Resolve) =>
      postWebhook(url, '{}', {}, { allowPrivate: false, timeoutMs: 2_000, ...(resolve ? { resolve } : {}) });
    for (const url of loopbackUrls(port)) {
      expect([url, await send(url)]).toEqual([
        url,
        { delivered: false, statusCode: null, error: privateHostMessage },
      ]);
    }
    for (const address of loopbackAddresses) {
      const outcome = await send(
        `http://rebound.example.com:${port}/hook`,
        dns({ 'rebound.example.com': [address] }),
      );
      expect([address, outcome.error]).toEqual([address, privateHostMessage]);
    }
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
    for (const url of loopbackUrls(8131)) {
      const reply = await ctx.inject('POST', '/api/v1/webhook/create-new-one', {
        token: owner,
        body: body(url),
      });
      expect([url, reply.statusCode, reply.json.details?.fieldErrors.url]).toEqual([
        url,
        400,
        [privateHostMessage],
      ]);
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
