import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CustomFetch } from 'openid-client';
import { checkHost, hostOf, pinnedLookup, type Resolve } from '../../http/outbound-addresses.js';

// How the server calls an organisation's sign-in provider (its discovery document, keys, token and userinfo
// endpoints): openid-client's requests, made here. The provider's address is an organisation admin's say-so,
// so, as for a webhook, its host may not be or resolve to a private, loopback or link-local address unless
// SSO_ALLOW_PRIVATE_ISSUERS allows it, and the socket connects to the very address that was checked (a name
// cannot pass the check and then resolve to 127.0.0.1). Plain http only with the same flag. Redirects are
// not followed (openid-client asks for none), and an answer larger than a provider's documents ever are is
// cut off.

/** Why a call to the provider was not made, in words for the admin's form or the server's log. */
export class IssuerCallRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IssuerCallRefused';
  }
}

export const privateIssuerMessage =
  'This address is on a private, loopback or link-local network, which the console may not call';
export const httpsIssuerMessage = 'Must be an https:// address';

/** The most a provider's answer may hold: its discovery document and keys are a few kilobytes. */
const maxAnswerBytes = 1024 * 1024;

function bodyOf(body: unknown): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new IssuerCallRefused('A request body of this kind is not sent');
}

function headersOf(incoming: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** openid-client's fetch, with the address checks above. */
export function issuerFetch(allowPrivate: boolean, resolve?: Resolve): CustomFetch {
  return async (address, options) => {
    const url = new URL(address);
    if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
      throw new IssuerCallRefused(httpsIssuerMessage);
    }
    let lookup: LookupFunction | undefined;
    if (!allowPrivate) {
      const checked = await checkHost(hostOf(url), resolve);
      if (checked.refused?.reason === 'private') throw new IssuerCallRefused(privateIssuerMessage);
      if (checked.refused) throw new IssuerCallRefused(checked.refused.message);
      lookup = pinnedLookup(checked.addresses);
    }
    const body = bodyOf(options.body);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolveAnswer, reject) => {
      const request = transport.request(
        url,
        {
          method: options.method,
          headers: {
            ...options.headers,
            ...(body ? { 'content-length': String(body.byteLength) } : {}),
          },
          ...(options.signal ? { signal: options.signal } : {}),
          ...(lookup ? { lookup } : {}),
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on('data', (chunk: Buffer) => {
            size += chunk.byteLength;
            if (size > maxAnswerBytes) {
              request.destroy(new IssuerCallRefused('The provider’s answer is too large'));
              return;
            }
            chunks.push(chunk);
          });
          answer.on('error', reject);
          answer.on('end', () => {
            const status = answer.statusCode ?? 502;
            const empty = status === 204 || status === 205 || status === 304;
            resolveAnswer(
              new Response(empty ? null : Buffer.concat(chunks), {
                status,
                headers: headersOf(answer.headers),
              }),
            );
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}
