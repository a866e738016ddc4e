import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@console/shared-sdk/contract';
import type { Clock } from '../clock.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { audiences, type Audience } from './audience.js';

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

/** Tokens whose signature has been checked, kept so a busy client's next requests skip the HMAC. */
const verifiedTokensKept = 10_000;

/** Short-lived, stateless access tokens (HS256); the session they name is re-checked on every request. */
export class TokenService {
  /**
   * A token string's claims once its signature and issuer were checked, with its expiry in milliseconds.
   * The same string always verifies the same way, so only the expiry is re-checked; jose's verify goes
   * through WebCrypto and was a tenth of a cached request's cost (bench/api.mjs).
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly clock: Clock,
    readonly accessTtlSeconds: number,
  ) {}

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
    return new SignJWT({ sid: claims.sessionId, role: claims.role, org: claims.orgId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(issuer)
      .setAudience(claims.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + this.accessTtlSeconds)
      .sign(this.secret);
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
    const known = this.verified.get(token);
    if (known) {
      if (this.clock.now().getTime() < known.expiresAt) return known.claims;
      this.verified.delete(token);
      throw unauthorized('Your session has expired', 'TOKEN_EXPIRED');
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
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.secret, {
        issuer,
        algorithms: ['HS256'],
        // A token without an expiry would be valid for ever once leaked; ours always carry one.
        requiredClaims: ['exp'],
        currentDate: this.clock.now(),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw unauthorized('Your session has expired', 'TOKEN_EXPIRED');
      }
      throw unauthorized('Your session is not valid; please sign in again');
    }
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || payload.exp === undefined) {
      throw unauthorized('Your session is not valid; please sign in again');
    }
    const audience = audiences.find((one) => one === payload.aud);
    if (audience === undefined) {
      // Tokens signed before audiences existed (at most one access lifetime old) carry none: the client
      // refreshes, as for an expired token, and the refresh signs one with its session's audience. An upload
      // ticket (audience file-upload) or a list of audiences is not an access token at all.
      if (payload.aud === undefined) throw unauthorized('Your session has expired', 'TOKEN_EXPIRED');
      throw unauthorized('Your session is not valid; please sign in again');
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
}

/** An opaque secret for refresh, reset and invitation links; only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
