/**
 * The installable, offline app (issue 15): what Lighthouse says of it, and what it costs and
 * saves on the wire. The product runs as `npm start` runs it (the built web app, the bundled
 * server, a fresh embedded database with the demo catalogue, local files, mail to files), on a
 * free port; the phone is the system Chromium at 360 × 740.
 *
 * 1. Lighthouse 11 (`lighthouse-pwa`, an alias of lighthouse@11.7.1: Lighthouse 12 has no PWA
 *    category) audits `/` for PWA and performance, with its mobile emulation and simulated slow
 *    4G, twice in one Chromium: first on a cleared profile (Lighthouse's default: the app
 *    registers its service worker after `load`, during the audit), then with
 *    `disableStorageReset` (the documented option that keeps the profile), so the worker
 *    installed by the first audit controls the page. Prints each PWA audit's pass or fail.
 * 2. Bytes on the wire: a counting TCP proxy (node `net`) stands in front of the server, and
 *    Chromium (playwright-core, service workers allowed) talks only to it, so everything the
 *    page and its service worker send and receive is counted (TCP payload: HTTP headers and
 *    bodies). Each request is told apart by its request line and `Sec-Fetch-Dest`, so the
 *    worker's own script and its precache downloads are shown apart from the page's.
 *    a. a visitor's first visit to a free demo course's learn page (its first item is a text
 *       lesson), cold profile: the anchor, until the network is quiet with the worker in
 *       control;
 *    b. a second visit to the same page in the same profile (the worker in control);
 *    c. a signed-in learner (registered through the API, code read from the server's log) saves
 *       the same course for offline on its course page (the smallest video size), then, with
 *       the browser offline, opens the learn page and goes through every item (each video
 *       played; Mark Complete, which waits on the device, then Next): the bytes while offline
 *       should be 0. The browser's own check of the worker's script at a navigation is
 *       shown apart: Playwright's offline emulation does not reach it (a phone without a network
 *       sends nothing).
 *    The precache's size is also read from dist/service-worker.js's manifest (files as served:
 *    the compressed copy the server sends for the encoding Chromium asks for).
 *
 * No timing is asserted; the figures are printed with their ratio to the first visit.
 *
 *   npm run bench -- offline              (or: npx tsx bench/offline.ts)
 *   needs /usr/bin/chromium; builds the web app and the server first when they are missing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse-pwa';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const chromiumPath = '/usr/bin/chromium';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The product as npm start runs it, on a fresh data folder; its output is kept (mail codes). */
async function startProduct() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-bench-offline-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/main.mjs'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; ; i += 1) {
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (i > 900) throw new Error(`the server did not start:\n${output}`);
    await sleep(200);
  }
  return {
    base,
    output: () => output,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One HTTP request and its answer, as the proxy saw them. */
interface Exchange {
  method: string;
  path: string;
  /** Sec-Fetch-Dest: `document`, `script`, `empty` (fetch), `serviceworker`, … */
  dest: string;
  /** The answer's status; 0 until it comes. */
  status: number;
  up: number;
  down: number;
}

/**
 * A TCP proxy that counts the bytes each way, and tells requests apart by their request line
 * (Chromium never pipelines HTTP/1.1: a connection's answer belongs to its last request).
 */
class CountingProxy {
  up = 0;
  down = 0;
  last = Date.now();
  acceptEncoding = '';
  readonly exchanges: Exchange[] = [];
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly targetPort: number) {
    this.server = net.createServer((client) => this.handle(client));
  }

  listen(): Promise<number> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () =>
        resolve((this.server.address() as net.AddressInfo).port),
      ),
    );
  }

  close() {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(resolve));
  }

  private handle(client: net.Socket) {
    const upstream = net.connect(this.targetPort, '127.0.0.1');
    this.sockets.add(client).add(upstream);
    let current: Exchange | null = null;
    const relay = (from: net.Socket, to: net.Socket, count: (chunk: Buffer) => void) => {
      from.on('data', (chunk: Buffer) => {
        count(chunk);
        this.last = Date.now();
        if (!to.write(chunk)) {
          from.pause();
          to.once('drain', () => from.resume());
        }
      });
      from.on('end', () => to.end());
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    };
    relay(client, upstream, (chunk) => {
      this.up += chunk.length;
      const text = chunk.toString('latin1', 0, Math.min(chunk.length, 16_384));
      const line = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r\n/.exec(text);
      if (line) {
        const headers = text.slice(0, text.indexOf('\r\n\r\n') >>> 0);
        const dest = /^sec-fetch-dest:\s*(\S+)/im.exec(headers)?.[1] ?? '';
        this.acceptEncoding ||= /^accept-encoding:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
        current = { method: line[1]!, path: line[2]!, dest, status: 0, up: 0, down: 0 };
        this.exchanges.push(current);
      }
      if (current) current.up += chunk.length;
    });
    relay(upstream, client, (chunk) => {
      this.down += chunk.length;
      if (!current) return;
      current.down += chunk.length;
      current.status ||= Number(
        /^HTTP\/1\.[01] (\d{3})/.exec(chunk.toString('latin1', 0, 16))?.[1] ?? 0,
      );
    });
  }

  mark() {
    return { up: this.up, down: this.down, from: this.exchanges.length };
  }

  since(mark: ReturnType<CountingProxy['mark']>) {
    return {
      up: this.up - mark.up,
      down: this.down - mark.down,
      exchanges: this.exchanges.slice(mark.from),
    };
  }

  /** Resolves once nothing has crossed for `ms` (or after `max`). */
  async quiet(ms = 2000, max = 60_000) {
    const started = Date.now();
    while (Date.now() - this.last < ms && Date.now() - started < max) await sleep(100);
  }
}

type Phase = ReturnType<CountingProxy['since']>;

/** The precache's downloads: the worker's fetches of the shell's files. */
const isPrecache = (exchange: Exchange) =>
  exchange.dest === 'empty' && /^\/(assets\/|icons\/|index\.html|favicon\.)/.test(exchange.path);
const isWorkerScript = (exchange: Exchange) => exchange.dest === 'serviceworker';

/** The precache manifest built into dist/service-worker.js, sized as the server sends it. */
function precacheManifest(acceptEncoding: string) {
  const script = readFileSync(path.join(webDist, 'service-worker.js'), 'utf8');
  const list = /\[\{"revision":.*?\}\]/.exec(script);
  if (!list) throw new Error('no precache manifest in dist/service-worker.js');
  const entries = JSON.parse(list[0]) as Array<{ url: string; revision: string | null }>;
  const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /gzip/.test(acceptEncoding) ? 'gz' : '';
  let raw = 0;
  let served = 0;
  for (const entry of entries) {
    const file = path.join(webDist, entry.url);
    const size = statSync(file).size;
    raw += size;
    const compressed = encoding && existsSync(`${file}.${encoding}`) ? `${file}.${encoding}` : '';
    served += compressed ? Math.min(size, statSync(compressed).size) : size;
  }
  return { files: entries.length, raw, served, encoding: encoding || 'identity' };
}

/** Waits until the service worker is active and controls the page. */
async function workerInControl(page: Page, timeout = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeout) {
    const state = await page.evaluate('navigator.serviceWorker.controller?.state ?? null');
    if (state === 'activated') return true;
    await sleep(200);
  }
  return false;
}

interface PwaRun {
  name: string;
  pwa: number;
  performance: number;
  fcp: number;
  lcp: number;
  /** Why Lighthouse could not score performance, when it could not. */
  error: string;
  audits: Array<{ id: string; pass: boolean | null; note: string }>;
}

async function lighthousePwa(url: string): Promise<PwaRun[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const runs: PwaRun[] = [];
  try {
    for (const [name, disableStorageReset] of [
      ['cleared profile', false],
      ['warm profile', true],
    ] as const) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['pwa', 'performance'],
        disableStorageReset,
      });
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      const { categories, audits } = result.lhr;
      runs.push({
        name,
        pwa: Math.round((categories.pwa?.score ?? 0) * 100),
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        fcp: Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
        lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
        error:
          result.lhr.runtimeError?.message ??
          audits['first-contentful-paint']?.errorMessage ??
          audits['largest-contentful-paint']?.errorMessage ??
          '',
        audits: (categories.pwa?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => {
            const audit = audits[ref.id];
            const items = (audit?.details as { items?: Array<{ reason?: string }> } | undefined)
              ?.items;
            const reasons = (items ?? []).map((item) => item.reason).filter(Boolean);
            return {
              id: ref.id,
              pass: audit?.score === null || audit?.score === undefined ? null : audit.score >= 1,
              note: reasons.length > 0 ? reasons.join('; ') : (audit?.explanation ?? ''),
            };
          }),
      });
    }
  } finally {
    chrome.kill();
  }
  return runs;
}

/** Signs a new learner in through the API: sign-up, password, then the code from the log. */
async function learnerToken(base: string, output: () => string) {
  const email = `bench-${randomBytes(4).toString('hex')}@ishuri.test`;
  const password = 'offline-bench-42';
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  await post('/api/auth/signup', { firstName: 'Bench', lastName: 'Learner', email, password });
  const { userId } = (await post('/api/auth/signin', { email, password })) as { userId: string };
  const pattern = new RegExp(`sign-in code for ${email.replace(/[.+]/g, '\\$&')}: (\\d+)`);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i += 1) {
    code = pattern.exec(output())?.[1];
    if (!code) await sleep(100);
  }
  if (!code) throw new Error('no sign-in code in the server log');
  const { token } = (await post('/api/auth/verifyCode', { userId, verificationCode: code })) as {
    token: string;
  };
  return token;
}

/** Stores the token the way the app does after the code (e2e/support/users.ts storeToken). */
async function storeToken(page: Page, base: string, token: string) {
  await page.goto(`${base}/api/health`);
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    id: string;
    role: string;
    firstName: string;
  };
  const userData = JSON.stringify({
    id: payload.id,
    role: payload.role,
    firstName: payload.firstName,
  });
  await page.evaluate(
    `localStorage.setItem('authToken', ${JSON.stringify(token)});
     localStorage.setItem('role', ${JSON.stringify(payload.role)});
     localStorage.setItem('userData', ${JSON.stringify(userData)});`,
  );
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@ishuri/web'], { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync(path.join(root, 'apps/server/dist/main.mjs'))) {
    execFileSync(process.execPath, ['scripts/build.mjs'], {
      cwd: path.join(root, 'apps/server'),
      stdio: 'inherit',
    });
  }
  const product = await startProduct();
  const proxy = new CountingProxy(Number(new URL(product.base).port));
  const base = `http://127.0.0.1:${await proxy.listen()}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  // Console errors, page errors and failed requests, by phase.
  const problems: string[] = [];
  let phase = '';
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${phase}: console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${phase}: page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      // Chromium reports every HEAD fetch as aborted once answered (the page got its answer:
      // the sizes shown before saving), with or without the worker.
      if (request.method() === 'HEAD' && request.failure()?.errorText === 'net::ERR_ABORTED')
        return;
      const url = new URL(request.url());
      problems.push(
        `${phase}: request failed: ${request.method()} ${url.pathname} ` +
          `(${request.failure()?.errorText ?? '?'}${request.serviceWorker() ? ', by the worker' : ''})`,
      );
    });
  };
  try {
    const free = (await (
      await fetch(`${product.base}/api/course/free?page=1&pageSize=1`)
    ).json()) as {
      data: { id: string; title: string }[];
    };
    const course = free.data[0]!;
    const home = await (
      await fetch(`${product.base}/`, { headers: { accept: 'text/html' } })
    ).text();
    const appleTouchIcon = /<link[^>]+rel="apple-touch-icon"/.test(home);

    // 1. Lighthouse 11, PWA and performance, on the server itself (not through the proxy).
    const pwaRuns = await lighthousePwa(`${product.base}/`);

    const options = { viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' as const };
    // 2a. A visitor's first visit, cold profile: until the worker controls the page and the
    // network is quiet (the precache is downloaded).
    const visitor = await browser.newContext(options);
    let page = await visitor.newPage();
    phase = 'first visit';
    watch(page);
    let mark = proxy.mark();
    await page.goto(`${base}/learn/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    const controlled = await workerInControl(page);
    await proxy.quiet();
    const first = proxy.since(mark);

    // 2b. The second visit, same profile, the worker in control.
    await page.close();
    page = await visitor.newPage();
    phase = 'second visit';
    watch(page);
    mark = proxy.mark();
    await page.goto(`${base}/learn/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await proxy.quiet();
    const second = proxy.since(mark);
    await visitor.close();

    // 2c. A learner saves the course for offline, then studies it offline.
    const token = await learnerToken(product.base, product.output);
    const learner = await browser.newContext(options);
    page = await learner.newPage();
    phase = 'learner online';
    watch(page);
    await storeToken(page, base, token);
    await page.goto(`${base}/course/${course.id}`);
    await workerInControl(page);
    await page.reload();
    await proxy.quiet(1000);
    await page.getByRole('button', { name: `Save for offline: ${course.title}` }).click();
    const sizes = page.getByRole('radio');
    await sizes.first().waitFor();
    const sizeLabels = (await page.locator('label:has(input[type=radio])').allInnerTexts()).map(
      (label) => label.trim(),
    );
    const smallest = page.getByRole('radio', { name: /^240p · / });
    if ((await smallest.count()) > 0) await smallest.check();
    const saveButton = page.getByRole('button', { name: /^Save \(/ });
    const saveLabel = (await saveButton.innerText()).trim();
    mark = proxy.mark();
    await saveButton.click();
    const savedSummary = page.getByText(/^Saved for offline · /);
    await savedSummary.waitFor({ timeout: 60_000 });
    const savedText = (await savedSummary.innerText()).trim();
    await proxy.quiet(1000);
    const saving = proxy.since(mark);

    await learner.setOffline(true);
    phase = 'learner offline';
    mark = proxy.mark();
    await page.goto(`${base}/learn/${course.id}`);
    const heading = page.getByRole('heading', { level: 1, name: course.title });
    const headingShown = await heading.waitFor({ timeout: 20_000 }).then(
      () => true,
      () => false,
    );
    const itemsSeen: string[] = [];
    let videosPlayed = 0;
    let videos = 0;
    let completions = 0;
    for (let step = 0; headingShown && step < 50; step += 1) {
      const title = (await page.getByRole('heading', { level: 2 }).first().innerText()).trim();
      if (itemsSeen.at(-1) !== title) itemsSeen.push(title);
      const play = page.getByRole('button', { name: /Play video/ });
      if ((await play.count()) > 0) {
        videos += 1;
        await play.first().click();
        const started = Date.now();
        while (Date.now() - started < 10_000) {
          const playing = await page
            .locator('video')
            .first()
            .evaluate((video: { paused: boolean; readyState: number }) => {
              return !video.paused && video.readyState >= 2;
            });
          if (playing) {
            videosPlayed += 1;
            break;
          }
          await sleep(200);
        }
      }
      // A learner moves on once the item is complete: offline, the completion waits on the
      // device (the outbox) and the course moves on.
      const complete = page.getByRole('button', { name: 'Mark Complete' });
      if ((await complete.count()) > 0 && (await complete.isEnabled())) {
        await complete.click();
        completions += 1;
        await page
          .getByRole('status')
          .filter({ hasText: 'Completed' })
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
      }
      const next = page.getByRole('navigation', { name: 'Lessons' }).getByRole('button', {
        name: 'Next',
      });
      if (!(await next.isEnabled())) break;
      await next.click();
      await page
        .getByRole('heading', { level: 2 })
        .filter({ hasNotText: title })
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
    }
    const offlinePage = await page
      .getByRole('heading', { level: 1, name: 'You are offline' })
      .count();
    await proxy.quiet(1000);
    const offline = proxy.since(mark);
    await learner.close();

    // Figures.
    const manifest = precacheManifest(proxy.acceptEncoding);
    const anchor = first.up + first.down;
    const row = (name: string, figures: { up: number; down: number }) => {
      const total = figures.up + figures.down;
      return `${name.padEnd(44)} | ${String(figures.down).padStart(9)} | ${String(
        figures.up,
      ).padStart(7)} | ${kb(total).padStart(8)} | ${(total / anchor).toFixed(3).padStart(9)}`;
    };
    const part = (figures: Phase, pick: (exchange: Exchange) => boolean) => {
      const picked = figures.exchanges.filter(pick);
      return {
        up: picked.reduce((s, e) => s + e.up, 0),
        down: picked.reduce((s, e) => s + e.down, 0),
        count: picked.length,
      };
    };
    const firstWorker = part(first, isWorkerScript);
    const firstPrecache = part(first, isPrecache);
    const firstPage = part(first, (e) => !isWorkerScript(e) && !isPrecache(e));
    const secondWorker = part(second, isWorkerScript);
    const offlineOthers = offline.exchanges.filter((exchange) => !isWorkerScript(exchange));

    console.log(`\nLighthouse 11.7.1 on / (mobile emulation, simulated slow 4G), ${chromiumPath}`);
    console.log('run             | PWA | perf | FCP ms | LCP ms');
    for (const run of pwaRuns) {
      console.log(
        `${run.name.padEnd(15)} | ${String(run.pwa).padStart(3)} | ${String(
          run.performance,
        ).padStart(4)} | ${String(run.fcp).padStart(6)} | ${String(run.lcp).padStart(6)}`,
      );
    }
    for (const run of pwaRuns) if (run.error) console.log(`  (${run.name}) ${run.error}`);
    console.log(`PWA audit            | ${pwaRuns.map((run) => run.name.padEnd(15)).join(' | ')}`);
    for (const [index, audit] of pwaRuns[0]!.audits.entries()) {
      const cells = pwaRuns.map((run) => {
        const found = run.audits[index]!;
        return (found.pass === null ? 'n/a' : found.pass ? 'pass' : 'FAIL').padEnd(15);
      });
      console.log(`${audit.id.padEnd(20)} | ${cells.join(' | ')}`);
      for (const run of pwaRuns) {
        const found = run.audits[index]!;
        if (found.pass === false && found.note) console.log(`  (${run.name}) ${found.note}`);
      }
    }
    console.log(
      'service-worker, apple-touch-icon: not audited by Lighthouse 11.7.1; checked here: ' +
        `worker controls the page after the first visit: ${controlled ? 'yes' : 'NO'}; ` +
        `<link rel="apple-touch-icon"> in /: ${appleTouchIcon ? 'yes' : 'NO'}`,
    );

    console.log(
      `\nBytes on the wire through the proxy (TCP payload both ways), Chromium 360 × 740; ` +
        `course "${course.title}"`,
    );
    console.log(
      'phase                                        |  received |    sent | total KB | ×1st visit',
    );
    console.log(row('1st visit /learn/{id}, cold (anchor)', first));
    console.log(row(`  the page (${firstPage.count} requests)`, firstPage));
    console.log(row('  the worker script', firstWorker));
    console.log(row(`  precache by the worker (${firstPrecache.count} files)`, firstPrecache));
    console.log(row('2nd visit, worker in control', second));
    console.log(row('  of which the worker script check', secondWorker));
    console.log(
      `    ${second.exchanges.map((e) => `${e.method} ${e.path.replace(course.id, '{id}')} ${e.status}`).join(', ')}`,
    );
    console.log(row(`learner saves the course (${saveLabel})`, saving));
    console.log(row(`offline: /learn/{id}, ${itemsSeen.length} items`, offline));
    console.log(row('  of which the worker script check', part(offline, isWorkerScript)));
    console.log(
      `precache manifest: ${manifest.files} files, ${kb(manifest.raw)} KB, ` +
        `${kb(manifest.served)} KB as served (${manifest.encoding}; Chromium sent ` +
        `Accept-Encoding: ${proxy.acceptEncoding}); the rest of the shell came from the HTTP ` +
        'cache the page had just filled',
    );
    console.log(`sizes offered: ${sizeLabels.join(' | ')}; after saving: "${savedText}"`);
    console.log(
      `offline: course heading shown: ${headingShown ? 'yes' : 'NO'}; "You are offline" page: ` +
        `${offlinePage > 0 ? 'YES' : 'no'}; items: ${itemsSeen.join(' → ')}; marked complete offline: ` +
        `${completions}; videos playing: ${videosPlayed}/${videos}`,
    );
    // The browser checks the worker's script for an update at each navigation, from its own
    // process, which Playwright's offline emulation does not reach; the app asks nothing.
    console.log(
      `offline requests that reached the network besides the worker script check: ` +
        `${offlineOthers.length === 0 ? 'none' : offlineOthers.map((e) => `${e.method} ${e.path} (${e.dest})`).join(', ')}`,
    );
    console.log(
      problems.length > 0 ? `console errors:\n  ${problems.join('\n  ')}` : 'console errors: none',
    );
  } finally {
    await browser.close();
    await proxy.close();
    await product.stop();
  }
}

await main();
