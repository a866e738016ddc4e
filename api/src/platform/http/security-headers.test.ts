import { consolePolicy, remoteOrigins } from './security-headers.js';

test('the console policy lets scripts, manifests and styles come from here and the remotes only', () => {
  const policy = consolePolicy({
    remotes: JSON.stringify({
      'mfe-equipment': 'https://equipment.example.com/remotes/mfe-equipment/mf-manifest.json',
      'mfe-local': '/remotes/mfe-local/mf-manifest.json',
    }),
    frameAncestors: [],
  });
  const directive = (name: string) =>
    policy
      .split('; ')
      .find((d) => d.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);
  expect(directive('script-src')).toEqual(["'self'", 'https://equipment.example.com']);
  expect(directive('connect-src')).toEqual(["'self'", 'https://equipment.example.com']);
  // emotion injects <style> elements at run time.
  expect(directive('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://equipment.example.com']);
  expect(directive('object-src')).toEqual(["'none'"]);
  expect(directive('frame-ancestors')).toEqual(["'none'"]);
});

test('origins a developer may override a remote from are allowed like the remotes', () => {
  const policy = consolePolicy({
    remotes: undefined,
    overrideOrigins: ['http://localhost:*'],
    frameAncestors: [],
  });
  expect(policy).toContain("script-src 'self' http://localhost:*;");
  // Its dev server's reload socket too.
  expect(policy).toContain("connect-src 'self' ws://localhost:* ws://127.0.0.1:* http://localhost:*;");
});

test('a dev server on one loopback name reloads the console opened on the other', () => {
  const policy = consolePolicy({
    remotes: undefined,
    overrideOrigins: ['http://127.0.0.1:*', 'https://dev.example.com:8443'],
    frameAncestors: [],
  });
  expect(policy).toContain("script-src 'self' http://127.0.0.1:* https://dev.example.com:8443;");
  expect(policy).toContain(
    "connect-src 'self' ws://localhost:* ws://127.0.0.1:* wss://dev.example.com:8443 http://127.0.0.1:* https://dev.example.com:8443;",
  );
});

test('integrators named in FRAME_ANCESTORS may frame the console', () => {
  expect(consolePolicy({ remotes: undefined, frameAncestors: ['https://portal.example'] })).toContain(
    'frame-ancestors https://portal.example',
  );
});

test('remote origins ignore same-origin paths and unreadable REMOTES', () => {
  expect(remoteOrigins('{"a":"/remotes/a/mf-manifest.json"}')).toEqual([]);
  expect(remoteOrigins('not json')).toEqual([]);
  expect(remoteOrigins(undefined)).toEqual([]);
});
