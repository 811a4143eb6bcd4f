/**
 * Upload memory benchmark (decisions.md §5: uploads stream to storage, memory does not grow with
 * file size). Starts the server in a child process, streams a generated 1 GiB MP4 (a valid
 * header, then filler, made on the fly) as a multipart lesson upload, samples the server's
 * resident memory during the upload, and prints the growth and the throughput.
 *
 *   npm run bench -- upload-memory        (or: npx tsx bench/upload-memory.ts [sizeMiB])
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MiB = 1024 * 1024;
const TARGET_GROWTH_MB = 100;

interface Ready {
  type: 'ready';
  port: number;
  token: string;
  courseId: string;
}
interface Sample {
  type: 'rss';
  rss: number;
}

// ---------------------------------------------------------------- the server (child process)

async function runServer() {
  const { buildApp } = await import('../apps/server/src/app');
  const { testConfig } = await import('../apps/server/src/test/server');
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { courses, users } = await import('../apps/server/src/db/schema');
  const { uuidv7 } = await import('../apps/server/src/lib/ids');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-bench-'));
  const database = openDatabase({});
  await database.migrate();
  const app = await buildApp(
    testConfig(dataDir, { logLevel: 'silent', maxVideoBytes: 2048 * MiB }),
    { database },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const [admin] = await database.db
    .insert(users)
    .values({
      id: uuidv7(),
      email: 'bench@example.com',
      firstName: 'Bench',
      lastName: 'Mark',
      role: 'admin',
      passwordHash: 'not-used',
    })
    .returning();
  const [course] = await database.db
    .insert(courses)
    .values({ id: uuidv7(), title: 'Bench', description: 'Uploads', ownerId: admin!.id })
    .returning();
  const { token } = await app.ctx.tokens.issue(admin!);

  const timer = setInterval(() => {
    process.send!({ type: 'rss', rss: process.memoryUsage().rss } satisfies Sample);
  }, 20);
  process.on('message', async (message: { type: string }) => {
    if (message.type !== 'stop') return;
    clearInterval(timer);
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({
    type: 'ready',
    port: (app.server.address() as AddressInfo).port,
    token,
    courseId: course!.id,
  } satisfies Ready);
}

// ---------------------------------------------------------------- the client (this process)

/** An MP4 of `total` bytes: an `ftyp` box, then one `mdat` box (64-bit size) of filler. */
function mp4Header(total: number): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  const mdat = Buffer.alloc(16);
  mdat.writeUInt32BE(1, 0);
  mdat.write('mdat', 4, 'latin1');
  mdat.writeBigUInt64BE(BigInt(total - ftyp.length), 8);
  return Buffer.concat([ftyp, mdat]);
}

function upload(ready: Ready, fileBytes: number): Promise<{ status: number; body: string }> {
  const boundary = `----ishuri-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig video\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="videoUrl"; filename="big.mp4"\r\n` +
      `Content-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const header = mp4Header(fileBytes);
  const filler = randomBytes(MiB);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: ready.port,
        method: 'POST',
        path: `/api/lesson/create/${ready.courseId}`,
        agent: false,
        headers: {
          authorization: `Bearer ${ready.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + fileBytes + tail.length),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      },
    );
    request.on('error', reject);
    (async () => {
      const write = (chunk: Buffer) =>
        request.write(chunk) ? Promise.resolve() : new Promise((ok) => request.once('drain', ok));
      await write(head);
      await write(header);
      let left = fileBytes - header.length;
      while (left > 0) {
        const size = Math.min(left, filler.length);
        await write(size === filler.length ? filler : filler.subarray(0, size));
        left -= size;
      }
      request.end(tail);
    })().catch(reject);
  });
}

async function runClient() {
  const sizeMiB = Number(process.argv[2] ?? 1024);
  const fileBytes = sizeMiB * MiB;
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, UPLOAD_BENCH_ROLE: 'server' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let latest = 0;
  let atStart = 0;
  let peak = 0;
  let sampling = false;
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.on('message', (message: Ready | Sample) => {
      if (message.type === 'ready') resolve(message);
      else {
        latest = message.rss;
        atStart ||= message.rss;
        if (sampling) peak = Math.max(peak, message.rss);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const mb = (bytes: number) => (bytes / MiB).toFixed(1);
  try {
    // Warm up (first request, first file, JIT) so that the baseline is the server at work.
    const warm = await upload(ready, 8 * MiB);
    if (warm.status !== 201)
      throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
    await new Promise((ok) => setTimeout(ok, 1000));
    const baseline = latest;
    peak = baseline;
    sampling = true;
    const started = process.hrtime.bigint();
    const result = await upload(ready, fileBytes);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await new Promise((ok) => setTimeout(ok, 100));
    sampling = false;
    if (result.status !== 201) throw new Error(`upload answered ${result.status}: ${result.body}`);
    const growth = (peak - baseline) / MiB;
    console.log(`upload of ${sizeMiB} MiB video (multipart, streamed to storage)`);
    console.log(
      `  server RSS at start: ${mb(atStart)} MB, after a warm-up upload: ${mb(baseline)} MB, ` +
        `peak during the upload: ${mb(peak)} MB`,
    );
    console.log(`  RSS growth: ${growth.toFixed(1)} MB (target < ${TARGET_GROWTH_MB} MB)`);
    console.log(
      `  time: ${seconds.toFixed(1)} s, throughput: ${(fileBytes / MiB / seconds).toFixed(0)} MB/s`,
    );
    console.log(`  stored as: ${JSON.parse(result.body).data.videoUrl}`);
    process.exitCode = growth < TARGET_GROWTH_MB ? 0 : 1;
  } finally {
    child.send({ type: 'stop' });
    await new Promise((ok) => child.once('exit', ok));
  }
}

if (process.env.UPLOAD_BENCH_ROLE === 'server') {
  await runServer();
} else {
  await runClient();
}
