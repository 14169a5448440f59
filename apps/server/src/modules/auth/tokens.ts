import { errors, jwtVerify, SignJWT } from 'jose';

export const TOKEN_ISSUER = 'pitboss';
export const TOKEN_AUDIENCE = 'pitboss-console';

export interface TokenClaims {
  aid: number;
  cid: number;
  /** The user's session version when the token was issued. */
  sv: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }>;
  /** The claims, or `expired` / `invalid` — never throws. */
  verify(token: string): Promise<TokenClaims | 'expired' | 'invalid'>;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const token = await new SignJWT({ cid: claims.cid, sv: claims.sv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.aid))
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          algorithms: ['HS256'],
        });
        const aid = Number(payload.sub);
        const { cid, sv } = payload as { cid?: unknown; sv?: unknown };
        if (!Number.isInteger(aid) || typeof cid !== 'number' || typeof sv !== 'number') return 'invalid';
        return { aid, cid, sv };
      } catch (error) {
        return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
