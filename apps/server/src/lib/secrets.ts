import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A reset token: 32 random bytes. */
export const generateToken = () => randomBytes(32).toString('base64url');

/** Codes and tokens are high-entropy or short-lived and tried a few times: SHA-256 is enough. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
