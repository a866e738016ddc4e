import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkHost, hostOf, pinnedLookup, type Resolve } from '../../../platform/http/outbound-addresses.js';

// One POST to a webhook's receiver (or a push service's: ../push/deliver.ts). The host is resolved once
// here and checked, and the socket connects to the address that was checked (the request's `lookup`
// answers it), so a name cannot resolve to a public address for the check and to 127.0.0.1 for the
// connection. Redirects are not followed: a 3xx is a failure, and cannot send the delivery on to an
// address nobody checked.

export interface SendOutcome {
  /** The receiver answered 2xx. */
  delivered: boolean;
  /** Its HTTP status, or null when it did not answer. */
  statusCode: number | null;
  /** What went wrong, in words for the delivery log; null when delivered. */
  error: string | null;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  resolve?: Resolve;
}

/** How much of a failed answer's body the log keeps. */
const keptBodyChars = 200;

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') {
      return `No answer within ${timeoutMs / 1000} s`;
    }
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    const words: Record<string, string> = {
      ECONNREFUSED: 'The connection was refused',
      ECONNRESET: 'The connection was reset',
      ENOTFOUND: 'The host name could not be found',
      EAI_AGAIN: 'The host name could not be looked up',
      EHOSTUNREACH: 'The host could not be reached',
      ETIMEDOUT: 'The connection timed out',
    };
    if (code && words[code]) return words[code];
    return error.message.slice(0, keptBodyChars) || 'The request failed';
  }
  return 'The request failed';
}

export async function postWebhook(
  target: string,
  body: string | Buffer,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendOutcome> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { delivered: false, statusCode: null, error: 'The URL is not valid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { delivered: false, statusCode: null, error: 'Only http and https addresses are called' };
  }

  let lookup: LookupFunction | undefined;
  if (!options.allowPrivate) {
    const checked = await checkHost(hostOf(url), options.resolve);
    if (checked.refused) return { delivered: false, statusCode: null, error: checked.refused.message };
    if (checked.addresses.length === 0) {
      return { delivered: false, statusCode: null, error: 'The host name could not be found' };
    }
    lookup = pinnedLookup(checked.addresses);
  }

  const signal = AbortSignal.timeout(options.timeoutMs);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal,
        ...(lookup ? { lookup } : {}),
      },
      (response) => {
        const statusCode = response.statusCode ?? null;
        let kept = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (kept.length < keptBodyChars) kept += chunk;
        });
        response.on('error', (error) =>
          resolve({ delivered: false, statusCode, error: describe(error, options.timeoutMs) }),
        );
        response.on('end', () => {
          if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
            resolve({ delivered: true, statusCode, error: null });
            return;
          }
          const text = kept.replace(/\s+/g, ' ').trim().slice(0, keptBodyChars);
          const redirect =
            statusCode !== null && statusCode >= 300 && statusCode < 400
              ? ' (redirects are not followed)'
              : '';
          resolve({
            delivered: false,
            statusCode,
            error: `HTTP ${statusCode ?? '?'}${redirect}${text ? `: ${text}` : ''}`,
          });
        });
      },
    );
    request.on('error', (error) =>
      resolve({ delivered: false, statusCode: null, error: describe(error, options.timeoutMs) }),
    );
    request.end(body);
  });
}
