import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IdTokenInstance, Provider as ProviderClass } from 'oidc-provider';

// A real OpenID Connect provider for the single sign-on tests: node-oidc-provider (certified), on 127.0.0.1,
// with the console registered as a confidential client. Its login and consent pages are replaced by one
// test route that signs in whoever the test named (`signInAs`) and grants what the console asked for, the
// way a person would by typing a password and pressing "Allow"; `authorize` is the browser that follows the
// provider's redirects, cookies and all, until it is sent back to the console's callback.

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Another client of the same provider (an intranet app), whose ID tokens are not the console's. */
  otherClientId: string;
  /** Who signs in at the provider's next login, and what it says of them. */
  signInAs(subject: string, account: TestAccount): void;
  /** How long the ID tokens it issues from now on are valid, in seconds (default an hour). */
  idTokenTtlSeconds: number;
  /** Issue ID tokens for this client instead of the one that asked (a provider handing out another's token). */
  idTokensFor: string | null;
  /** Follows the authorization address through the provider's login until it redirects to the console. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startTestProvider(options: { redirectUri: string }): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  let nextSubject: string | null = null;
  const clientSecret = randomBytes(24).toString('base64url');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

  const harness: TestProvider = {
    issuer,
    clientId: 'compliance-console',
    clientSecret,
    otherClientId: 'intranet',
    signInAs(subject, account) {
      accounts.set(subject, account);
      nextSubject = subject;
    },
    idTokenTtlSeconds: 3600,
    idTokensFor: null,
    async authorize(authorizationUrl) {
      const cookies = new Map<string, string>();
      let address = new URL(authorizationUrl);
      for (let hop = 0; hop < 20; hop += 1) {
        const answer = await fetch(address, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of answer.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const split = pair.indexOf('=');
          cookies.set(pair.slice(0, split).trim(), pair.slice(split + 1).trim());
        }
        const location = answer.headers.get('location');
        if (answer.status < 300 || answer.status >= 400 || location === null) {
          throw new Error(`The provider answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
        }
        await answer.arrayBuffer();
        address = new URL(location, address);
        if (address.href.startsWith(options.redirectUri)) return address;
      }
      throw new Error('The provider kept redirecting');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  // Its warnings are for deployments (a development adapter, a Node.js release it was not certified on):
  // this one lives for a test file, in memory, on the Node.js the repository runs.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args);
  };
  let provider: ProviderClass;
  try {
    const { Provider } = await import('oidc-provider');
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: harness.clientId,
          client_secret: clientSecret,
          redirect_uris: [options.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
        {
          client_id: harness.otherClientId,
          client_secret: randomBytes(24).toString('base64url'),
          redirect_uris: ['https://intranet.example/callback'],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [signingKey] },
      cookies: { keys: [randomBytes(24).toString('base64url')] },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name'],
      },
      findAccount: (_context: unknown, subject: string) => {
        const account = accounts.get(subject);
        return account ? { accountId: subject, claims: () => ({ sub: subject, ...account }) } : undefined;
      },
      ttl: {
        AccessToken: 3600,
        AuthorizationCode: 60,
        Grant: 3600,
        IdToken: () => harness.idTokenTtlSeconds,
        Interaction: 600,
        Session: 3600,
      },
    });
  } finally {
    console.warn = warn;
  }

  // The hostile provider of one test: the ID token it signs names another of its clients as its audience.
  const IdToken = provider.IdToken;
  const issue = IdToken.prototype.issue;
  IdToken.prototype.issue = async function issueFor(this: IdTokenInstance, issueOptions: unknown) {
    if (harness.idTokensFor !== null) this.client = await provider.Client.find(harness.idTokensFor);
    return issue.call(this, issueOptions);
  };

  const handle = provider.callback();
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (!request.url?.startsWith('/interaction/')) {
      handle(request, response);
      return;
    }
    // The person types their password and allows the console what it asked for.
    void (async () => {
      const interaction = await provider.interactionDetails(request, response);
      const accountId = interaction.session?.accountId ?? nextSubject;
      if (accountId === null) throw new Error('No one to sign in: call signInAs first');
      const grant = new provider.Grant({ accountId, clientId: interaction.params.client_id });
      grant.addOIDCScope(interaction.params.scope ?? 'openid');
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  return harness;
}
