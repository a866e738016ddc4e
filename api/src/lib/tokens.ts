import { createHash, createHmac, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@console/shared-sdk/contract';
import type { Clock } from './clock.js';
import { unauthorized } from './errors.js';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  role: Role;
  orgId: string | null;
}

const issuer = 'compliance-console';

/** Short-lived, stateless access tokens (HS256); the session they name is re-checked on every request. */
export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly clock: Clock,
    readonly accessTtlSeconds: number,
  ) {}

  async signAccess(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId, role: claims.role, org: claims.orgId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(issuer)
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

  async verifyAccess(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer,
        algorithms: ['HS256'],
        // A token without an expiry would be valid for ever once leaked; ours always carry one.
        requiredClaims: ['exp'],
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw unauthorized();
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        role: payload.role as Role,
        orgId: typeof payload.org === 'string' ? payload.org : null,
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw unauthorized('Your session has expired', 'TOKEN_EXPIRED');
      }
      throw unauthorized('Your session is not valid; please sign in again');
    }
  }
}

/** An opaque secret for refresh, reset and invitation links; only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
