import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const user = {
  id: '01234567-89ab-7def-8123-456789abcdef',
  role: 'learner' as const,
  firstName: 'Aline',
  passwordChangedAt: new Date(0),
};

/** A token of this service's shape, expiring at `exp` (seconds). */
const tokenExpiringAt = (exp: number, key = secret) =>
  new SignJWT({ id: user.id, role: 'learner', firstName: 'Aline', pca: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti('a-token-id')
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(key));

describe('verifying tokens', () => {
  it('remembers a token found good: the second check answers the same claims', async () => {
    const tokens = new TokenService(secret);
    const { token } = await tokens.issue(user);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ id: user.id, role: 'learner', jti: expect.any(String) });
    expect(await tokens.verify(token)).toBe(first);
  });

  it('still refuses a remembered token once it has expired', async () => {
    let now = Date.now();
    const tokens = new TokenService(secret, () => now);
    const token = await tokenExpiringAt(Math.floor(now / 1000) + 60);
    expect(await tokens.verify(token)).not.toBeNull();
    now += 61_000;
    expect(await tokens.verify(token)).toBeNull();
  });

  it('checks any other text in full: a changed signature, another key, garbage', async () => {
    const tokens = new TokenService(secret);
    const { token } = await tokens.issue(user);
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    const foreign = await tokenExpiringAt(
      Math.floor(Date.now() / 1000) + 60,
      'another-secret-of-thirty-two-characters!',
    );
    expect(await tokens.verify(foreign)).toBeNull();
    expect(await tokens.verify('not.a.token')).toBeNull();
    expect(await tokens.verify(token.toUpperCase())).toBeNull();
  });
});
