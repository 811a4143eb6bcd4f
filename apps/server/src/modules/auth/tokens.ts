import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@ishuri/contract';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export interface VerifiedToken {
  id: string;
  role: Role;
  firstName: string;
  jti: string;
  /** The user's password-change instant when the token was issued, in ms. */
  pca: number;
  exp: number;
}

/** How many verified tokens are remembered (the oldest go first). */
const REMEMBERED_TOKENS = 10_000;

/**
 * HS256 JWTs whose payload carries id, role and firstName (the web app decodes them).
 *
 * Checking a signature costs more than the rest of a kept signed-in read, so the claims of the
 * last tokens found well signed are remembered by the token's exact text: the same text has the
 * same, already checked, signature (any other text, a changed signature included, is checked in
 * full). Expiry is checked on every use.
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secret: string,
    /** The clock expiry is checked against, in ms. */
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(user: {
    id: string;
    role: Role;
    firstName: string;
    passwordChangedAt: Date;
  }): Promise<IssuedToken> {
    const jti = randomBytes(16).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const exp = now + TOKEN_LIFETIME_SECONDS;
    const token = await new SignJWT({
      id: user.id,
      role: user.role,
      firstName: user.firstName,
      pca: user.passwordChangedAt.getTime(),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  /**
   * Returns the claims of a well-signed, unexpired token; null for anything else. The claims of a
   * remembered token are shared: read them, never change them.
   */
  async verify(token: string): Promise<VerifiedToken | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > this.now()) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.check(token);
    if (!claims || claims.exp * 1000 <= this.now()) return null;
    this.verified.set(token, claims);
    if (this.verified.size > REMEMBERED_TOKENS) {
      this.verified.delete(this.verified.keys().next().value!);
    }
    return claims;
  }

  private async check(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { id, role, firstName, jti, pca, exp } = payload as Record<string, unknown>;
      if (
        typeof id !== 'string' ||
        typeof role !== 'string' ||
        typeof firstName !== 'string' ||
        typeof jti !== 'string' ||
        typeof pca !== 'number' ||
        typeof exp !== 'number'
      ) {
        return null;
      }
      return { id, role: role as Role, firstName, jti, pca, exp };
    } catch {
      return null;
    }
  }
}
