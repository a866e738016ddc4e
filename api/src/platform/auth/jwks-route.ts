import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Where the public keys of access tokens are published (RFC 8615's well-known place for a JWK set). */
export const jwksPath = '/.well-known/jwks.json';

/**
 * How long a verifier may keep the set: short, so that a key added by a rotation is seen soon (jose's
 * createRemoteJWKSet also fetches again when it meets a kid it does not know).
 */
const maxAgeSeconds = 300;

const publicKeySchema = z
  .object({
    kty: z.literal('OKP'),
    crv: z.literal('Ed25519'),
    x: z.string().describe('The public key, base64url'),
    kid: z.string().describe("The key's id, as in the header of the tokens it signed"),
    alg: z.literal('EdDSA'),
    use: z.literal('sig'),
  })
  .describe('The public part of an Ed25519 key (RFC 8037)');

// Only these members are sent: the serializer drops any other (a private `d` among them).
const jwksSchema = z.object({
  keys: z
    .array(publicKeySchema)
    .describe('The key that signs new tokens first, then keys still verifying the tokens they signed'),
});

/** GET /.well-known/jwks.json: for any service checking a console access token; no sign-in, any origin. */
export default async function jwksRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    jwksPath,
    {
      schema: {
        tags: ['authentication'],
        summary: 'The public keys that verify access tokens (JWK set)',
        description:
          'Access tokens are JWTs signed with EdDSA (Ed25519); each names its key in the `kid` header. ' +
          'A service checks a token against this set with any JOSE library, and its issuer ' +
          '(`compliance-console`), audience (`web` or `mobile`) and expiry. No sign-in is needed, any origin ' +
          `may read it, and it may be kept for ${maxAgeSeconds} seconds.`,
        security: [],
        response: { 200: jwksSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
      // Any service may read it, from a browser too; it holds nothing secret and takes no credentials.
      reply.header('access-control-allow-origin', '*');
      return app.deps.tokens.publicKeys();
    },
  );
}
