// Forgot password: the answer's time for an e-mail that has an account and one that has none
// (issue 10, point 7). Medians of many interleaved requests through real HTTP, and their ratio.
// Run with `npm run bench forgot-password`; never part of the tests.
import { defaultRateLimits } from '../apps/server/src/config';
import { createUser } from '../apps/server/src/test/factories';
import { startTestServer } from '../apps/server/src/test/server';

const WARM_UP = 20;
const RUNS = 300;
const unlimited = { perIp: 1_000_000, perEmail: 1_000_000, windowSeconds: 60 };

const server = await startTestServer({
  rateLimits: { ...defaultRateLimits, forgotPassword: unlimited },
});
try {
  const user = await createUser(server);
  const ask = async (email: string) => {
    const start = performance.now();
    const answer = await server.request('POST', '/api/auth/forgotpassword', { body: { email } });
    const ms = performance.now() - start;
    if (answer.status !== 200) throw new Error(`unexpected status ${answer.status}`);
    return ms;
  };
  for (let i = 0; i < WARM_UP; i++) {
    await ask(user.email);
    await ask(`nobody${i}@example.com`);
  }
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate which one goes first, so that neither always follows the other's job.
    if (i % 2 === 0) {
      known.push(await ask(user.email));
      unknown.push(await ask(`nobody-${i}@example.com`));
    } else {
      unknown.push(await ask(`nobody-${i}@example.com`));
      known.push(await ask(user.email));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const k = median(known);
  const u = median(unknown);
  console.log(`forgot password, ${RUNS} requests each after ${WARM_UP} warm-up pairs`);
  console.log(`  median, account exists   ${k.toFixed(2)} ms`);
  console.log(`  median, no such account  ${u.toFixed(2)} ms`);
  console.log(`  ratio (exists / none)    ${(k / u).toFixed(3)}`);
} finally {
  await server.close();
}
