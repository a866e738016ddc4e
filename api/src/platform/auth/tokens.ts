import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@console/shared-sdk/contract';
import type { Clock } from '../clock.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { audiences, type Audience } from './audience.js';
import { accessTokenAlgorithm, type PublicJwk, type SigningKeyRing } from './signing-keys.js';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
  orgId: string | null;
  /** Who the sign-in is for (`aud`): the console (web) or the staff's mobile app. */
  audience: Audience;
}

const issuer = 'compliance-console';
/** What a sealed secret starts with (its format's version). */
const sealedPrefix = 'sealed.v1.';
/** Upload tickets carry this audience (access tokens carry web or mobile), so neither passes for the other. */
const uploadAudience = 'file-upload';

/** What a pre-signed upload URL allows: one file, of this type and size, stored under this key. */
export interface UploadTicket {
  userId: string;
  orgId: string | null;
  key: string;
  contentType: string;
  size: number;
  fileName: string;
}

/** Tokens whose signature has been checked, kept so a busy client's next requests skip the check. */
const verifiedTokensKept = 10_000;

const notValid = () => unauthorized('Your session is not valid; please sign in again');
const expired = () => unauthorized('Your session has expired', 'TOKEN_EXPIRED');

/**
 * Short-lived, stateless access tokens, signed with the key set's Ed25519 key so that any service can
 * verify them from /.well-known/jwks.json; the session they name is re-checked on every request. The
 * server's secret stays for what only this server checks: refresh tokens, sealed secrets, upload links.
 */
export class TokenService {
  /**
   * A token string's claims once its signature and issuer were checked, with its expiry in milliseconds.
   * The same string always verifies the same way while the key set is the same, so only the expiry is
   * re-checked; jose's verify goes through WebCrypto and was a tenth of a cached request's cost
   * (bench/api.mjs).
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  /** The key set's generation the kept tokens were verified with. */
  private verifiedWith: number;

  constructor(
    private readonly secret: Uint8Array,
    private readonly clock: Clock,
    readonly accessTtlSeconds: number,
    readonly signingKeys: SigningKeyRing,
  ) {
    this.verifiedWith = signingKeys.generation;
  }

  /** The public keys access tokens are verified with (the JWKS). */
  async publicKeys(): Promise<{ keys: PublicJwk[] }> {
    return { keys: await this.signingKeys.publicKeys() };
  }

  /**
   * Seals a secret kept for a third party (an organisation's sign-in provider's client secret) so the
   * database holds nothing usable: AES-256-GCM under a key derived (HKDF) from the server's secret for this
   * purpose alone, bound to `context` (whose secret it is), so a sealed value copied to another row does
   * not open there. Changing the server's secret leaves such secrets unreadable: they must be entered again.
   */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealingKey(), iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${sealedPrefix}${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The secret `seal` sealed for `context`, or null when it cannot be opened (another key, another row). */
  unseal(sealed: string, context: string): string | null {
    const [iv, body] = sealed.startsWith(sealedPrefix) ? sealed.slice(sealedPrefix.length).split('.') : [];
    if (!iv || !body) return null;
    try {
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.sealingKey(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }

  private sealingKey(): Buffer {
    return Buffer.from(
      hkdfSync('sha256', this.secret, Buffer.alloc(0), 'compliance-console sealed secrets', 32),
    );
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const signer = await this.signingKeys.signer();
    return new SignJWT({ sid: claims.sessionId, role: claims.role, org: claims.orgId })
      .setProtectedHeader({ alg: accessTokenAlgorithm, kid: signer.kid })
      .setSubject(claims.userId)
      .setIssuer(issuer)
      .setAudience(claims.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + this.accessTtlSeconds)
      .sign(signer.key);
  }

  /**
   * The refresh token that replaces `previous`: derived from it with the server's secret rather than drawn
   * at random, so a second tab presenting `previous` again within the grace period can be answered with the
   * same new token without the server ever storing a usable token.
   */
  successorRefreshToken(previous: string): string {
    return createHmac('sha256', this.secret).update(`refresh:${previous}`).digest('base64url');
  }

  /** The signed ticket of a pre-signed upload URL: valid for `ttlSeconds`, for that file alone. */
  async signUpload(ticket: UploadTicket, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const { userId, ...file } = ticket;
    const token = await new SignJWT({ file })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(issuer)
      .setAudience(uploadAudience)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.secret);
    return { token, expiresAt: new Date((now + ttlSeconds) * 1000) };
  }

  /** The ticket of a pre-signed upload URL; 403 (as S3 answers) when it is forged, altered or expired. */
  async verifyUpload(token: string): Promise<UploadTicket> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.secret, {
        issuer,
        audience: uploadAudience,
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
        currentDate: this.clock.now(),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw forbidden('This upload link has expired; ask for a new one');
      }
      throw forbidden('This upload link is not valid');
    }
    const file = payload.file as Partial<Omit<UploadTicket, 'userId'>> | undefined;
    if (
      typeof payload.sub !== 'string' ||
      typeof file?.key !== 'string' ||
      typeof file.contentType !== 'string' ||
      typeof file.size !== 'number' ||
      typeof file.fileName !== 'string' ||
      (file.orgId !== null && typeof file.orgId !== 'string')
    ) {
      throw forbidden('This upload link is not valid');
    }
    return {
      userId: payload.sub,
      orgId: file.orgId,
      key: file.key,
      contentType: file.contentType,
      size: file.size,
      fileName: file.fileName,
    };
  }

  async verifyAccess(token: string): Promise<AccessClaims> {
    // A key taken out of the set (a file changed under a running server) stops verifying within a second.
    const reading = this.signingKeys.refreshIfDue();
    if (reading) await reading;
    if (this.verifiedWith !== this.signingKeys.generation) {
      this.verified.clear();
      this.verifiedWith = this.signingKeys.generation;
    }
    const known = this.verified.get(token);
    if (known) {
      if (this.clock.now().getTime() < known.expiresAt) return known.claims;
      this.verified.delete(token);
      throw expired();
    }
    const { claims, expiresAt } = await this.checkSignature(token);
    if (this.verified.size >= verifiedTokensKept) {
      // Maps iterate in insertion order: the first key is the oldest token.
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims, expiresAt });
    return claims;
  }

  private async checkSignature(token: string): Promise<{ claims: AccessClaims; expiresAt: number }> {
    let algorithm: string | undefined;
    try {
      algorithm = decodeProtectedHeader(token).alg;
    } catch {
      throw notValid();
    }
    if (algorithm === 'HS256') await this.refuseSecretSigned(token);
    let payload;
    try {
      ({ payload } = await jwtVerify(
        token,
        async (header) => {
          const key = await this.signingKeys.verifyingKey(header.kid);
          if (!key) throw new joseErrors.JWKSNoMatchingKey();
          return key;
        },
        {
          issuer,
          // Only the key set's algorithm: a token saying "none", or HS256 keyed with a public key, is refused.
          algorithms: [accessTokenAlgorithm],
          // A token without an expiry would be valid for ever once leaked; ours always carry one.
          requiredClaims: ['exp'],
          currentDate: this.clock.now(),
        },
      ));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw expired();
      throw notValid();
    }
    const audience = audiences.find((one) => one === payload.aud);
    // An upload ticket (audience file-upload), a list of audiences or none: not an access token.
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      payload.exp === undefined ||
      !audience
    ) {
      throw notValid();
    }
    return {
      claims: {
        userId: payload.sub,
        sessionId: payload.sid,
        role: payload.role as Role,
        orgId: typeof payload.org === 'string' ? payload.org : null,
        audience,
      },
      expiresAt: payload.exp * 1000,
    };
  }

  /**
   * Access tokens were signed with the server's secret (HS256) until they were signed with the key set:
   * one of those, at most an access lifetime old, is answered as expired so that the client refreshes
   * without a word to its user. One the secret did not sign is not valid.
   */
  private async refuseSecretSigned(token: string): Promise<never> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.secret, {
        issuer,
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw expired();
      throw notValid();
    }
    if (payload.aud === uploadAudience) throw notValid();
    throw expired();
  }
}

/** An opaque secret for refresh, reset and invitation links; only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
