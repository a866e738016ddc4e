import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface SecurityHeaderOptions {
  /** REMOTES (JSON of remote name → manifest URL): the origins the console may load remotes from. */
  remotes: string | undefined;
  /** Origins a developer's browser may load a remote from instead (REMOTE_OVERRIDE_ORIGINS); none by default. */
  overrideOrigins?: readonly string[];
  /** Origins allowed to frame the console (FRAME_ANCESTORS); none by default. */
  frameAncestors: readonly string[];
  /** Where the API answers under (sign-in and refresh answers are never stored). */
  authenticationPrefix: string;
  /**
   * Paths whose address is itself a credential (an inspector link's page and its calls): their answers
   * are never stored nor indexed, and the no-Referer rule keeps the address from leaving the page.
   */
  credentialPrefixes?: readonly string[];
}

/** Origins of the remotes configured on other hosts; remotes served here are 'self'. */
export function remoteOrigins(remotes: string | undefined): string[] {
  if (!remotes) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(remotes);
  } catch {
    return [];
  }
  if (parsed === null || typeof parsed !== 'object') return [];
  const origins = new Set<string>();
  for (const url of Object.values(parsed)) {
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) continue;
    origins.add(new URL(url).origin);
  }
  return [...origins];
}

const loopbackNames = ['localhost', '127.0.0.1'];

/**
 * The WebSocket sources of an override origin. A dev server on one loopback name is the same server on the
 * other, and its reload client connects to the name it was built with (`localhost` unless DEV_SERVER_HOST
 * says otherwise), whichever name the console loaded its script from: a loopback origin allows both names.
 */
function socketSources(origin: string): string[] {
  const socket = origin.replace(/^http/, 'ws');
  const loopback = /^(wss?:\/\/)(localhost|127\.0\.0\.1)((?::[0-9*]+)?)$/.exec(socket);
  if (!loopback) return [socket];
  const [, scheme, , port] = loopback;
  return loopbackNames.map((name) => `${scheme}${name}${port}`);
}

/**
 * The console's Content-Security-Policy. Scripts only from here and the configured remotes (Module
 * Federation loads each remote's manifest with fetch, then its chunks as scripts and styles from the same
 * origin). style-src allows 'unsafe-inline' because emotion (MUI) injects <style> elements at run time; a
 * nonce would need the server to rewrite every page and emotion's cache to carry it through every remote,
 * and inline styles cannot run script, so the script policy is what keeps injected markup harmless.
 */
export function consolePolicy(
  options: Pick<SecurityHeaderOptions, 'remotes' | 'overrideOrigins' | 'frameAncestors'>,
): string {
  const overrides = options.overrideOrigins ?? [];
  const remotes = [...remoteOrigins(options.remotes), ...overrides];
  const from = (...sources: string[]) => [...sources, ...remotes].join(' ');
  // A developer's dev server reloads the page over a WebSocket, which an http(s) source does not cover.
  const sockets = [...new Set(overrides.flatMap(socketSources))];
  const ancestors = options.frameAncestors.length > 0 ? options.frameAncestors.join(' ') : "'none'";
  return [
    "default-src 'self'",
    `script-src ${from("'self'")}`,
    `connect-src ${from("'self'", ...sockets)}`,
    `style-src ${from("'self'", "'unsafe-inline'")}`,
    `img-src ${from("'self'", 'data:', 'blob:')}`,
    `font-src ${from("'self'", 'data:')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/**
 * Browser security headers on every answer, the console's pages and the API's alike: the CSP above on HTML
 * pages (anything else gets a policy that lets it run nothing if it is ever opened as a page), no framing
 * unless FRAME_ANCESTORS names who may, no content sniffing, no Referer (reset links carry their token in
 * the URL), HSTS when the request came over https (directly, or per X-Forwarded-Proto with TRUST_PROXY),
 * and `Cache-Control: no-store` on sign-in and refresh answers and on every answer to a signed-in caller, so
 * a shared computer's cache keeps no tokens or personal data; answers under a credential's path also say
 * `X-Robots-Tag: noindex, nofollow`.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const pagePolicy = consolePolicy(options);
  const ancestors = options.frameAncestors.length > 0 ? options.frameAncestors.join(' ') : "'none'";
  const otherPolicy = `default-src 'none'; frame-ancestors ${ancestors}`;
  const personal = (request: FastifyRequest) =>
    request.auth !== null || request.url.startsWith(options.authenticationPrefix);
  const credential = (request: FastifyRequest) =>
    (options.credentialPrefixes ?? []).some((prefix) => request.url.startsWith(prefix));

  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', type.startsWith('text/html') ? pagePolicy : otherPolicy);
    }
    if (options.frameAncestors.length === 0) reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    if (personal(request)) reply.header('cache-control', 'no-store');
    if (credential(request)) {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
    }
    return payload;
  });
}
