import { messages } from '@ishuri/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const change = (token: string | undefined, currentPassword: string, newPassword: string) =>
  server.request('POST', '/api/auth/changepassword', {
    token,
    body: { currentPassword, newPassword },
  });

const signsIn = async (email: string, password: string) =>
  (await server.request('POST', '/api/auth/signin', { body: { email, password } })).status === 200;

describe('changing one’s password in Settings', () => {
  it('needs the current password, and a wrong one keeps the session', async () => {
    const user = await createUser(server);
    const wrong = await change(user.token, 'not-my-password', 'a-brand-new-one');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: 'That is not your current password.',
      code: 'WRONG_PASSWORD',
      fields: { currentPassword: 'That is not your current password.' },
    });
    // Not a 401: the session still works, and the password did not change.
    expect((await server.request('GET', '/api/user/profile', { token: user.token })).status).toBe(
      200,
    );
    expect(await signsIn(user.email, DEFAULT_PASSWORD)).toBe(true);
  });

  it('ends every session and gives this one a new token', async () => {
    const user = await createUser(server);
    const otherDevice = (
      await server.request('POST', '/api/auth/signin', {
        body: { email: user.email, password: DEFAULT_PASSWORD },
      })
    ).status;
    expect(otherDevice).toBe(200);
    const answer = await change(user.token, DEFAULT_PASSWORD, 'a-brand-new-one');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(
      'Your password was changed. Other devices must sign in again.',
    );
    const fresh = answer.body.data.token as string;
    expect(fresh).not.toBe(user.token);
    expect((await server.request('GET', '/api/user/profile', { token: user.token })).status).toBe(
      401,
    );
    expect((await server.request('GET', '/api/user/profile', { token: fresh })).status).toBe(200);
    expect(await signsIn(user.email, DEFAULT_PASSWORD)).toBe(false);
    expect(await signsIn(user.email, 'a-brand-new-one')).toBe(true);
  });

  it('refuses a visitor, and a new password that is too short', async () => {
    expect((await change(undefined, DEFAULT_PASSWORD, 'a-brand-new-one')).status).toBe(401);
    const user = await createUser(server);
    const short = await change(user.token, DEFAULT_PASSWORD, 'short');
    expect(short.status).toBe(400);
    expect(short.body.fields.newPassword).toBe(messages.passwordTooShort);
  });

  it('allows 5 tries of the current password per account in 15 minutes', async () => {
    const user = await createUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await change(user.token, `guess-number-${i}`, 'a-brand-new-one')).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Another account is not affected.
    const other = await createUser(server);
    expect((await change(other.token, 'a-wrong-guess', 'a-brand-new-one')).status).toBe(400);
  });
});
