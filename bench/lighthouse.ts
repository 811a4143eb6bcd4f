/**
 * Lighthouse mobile benchmark (issue 13, point 3): the public pages a phone opens first, as
 * `npm start` serves them (the built web app, the bundled server, a fresh embedded database with
 * the demo catalogue), in the system Chromium with Lighthouse's mobile emulation and simulated
 * slow 4G. The anchor, in the same run, is a plain HTML page of the same words served by node's
 * http: what text on a phone costs without any JavaScript.
 *
 * The public pages' first HTML is prerendered at build (apps/web/scripts/prerender.mjs); a
 * second server in the same run sends the app's empty index.html instead (its own copy of the
 * build without the list of prerendered pages), so the two are compared under the same load.
 * Each page is audited BENCH_RUNS times (3) and each figure is the median. BENCH_PAGES=/,/learn/{id}
 * audits only those pages (and the anchor); BENCH_DETAIL=1 prints each run's long tasks, the
 * main thread's work by script and by kind, and the nodes of any failed accessibility audit.
 * Each run also times the first text on a slow link (issue 30): the first contentful paint with
 * 400 kbit/s and a 400 ms round trip (and the mobile CPU slowdown). BENCH_WEB_DIST=<folder>
 * audits another build of the web app (an earlier commit's `apps/web/dist`), as it is;
 * BENCH_VS_DIST=<folder> audits each page as this build and as that one serve it, one audit of
 * each in turn (the figures of a shared machine move with its load: in turn, both builds meet
 * the same moments; one build after the other, they do not).
 *
 *   npm run bench -- lighthouse           (or: npx tsx bench/lighthouse.ts)
 *   needs /usr/bin/chromium; builds the web app and the server first when they are missing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
/**
 * `simulate` (Lighthouse's default: one fast load, slow 4G and a 4× slower CPU estimated from
 * it) or `devtools` (the load itself throttled: figures as observed, noisier).
 */
const throttling = process.env.BENCH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const detail = process.env.BENCH_DETAIL === '1';

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

const plainPage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Ishuri</title>
<meta name="description" content="Learn new skills at your own pace."></head>
<body style="font-family:sans-serif;margin:2rem"><h1>Welcome to Ishuri</h1>
<p>Learn new skills at your own pace with personalized courses, interactive lessons and
progress tracking.</p><a href="/explore-course">Start Learning Now</a></body></html>`;

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** First contentful paint on a 400 kbit/s link with a 400 ms round trip. */
  slowText: number;
}

/** The slow link of issue 30: 400 kbit/s each way, 400 ms round trip, a 4× slower CPU. */
const SLOW_LINK = {
  rttMs: 400,
  throughputKbps: 400,
  requestLatencyMs: 400,
  downloadThroughputKbps: 400,
  uploadThroughputKbps: 400,
  cpuSlowdownMultiplier: 4,
};

async function auditOnce(url: string, port: number, page: string): Promise<Row> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    throttlingMethod: throttling,
  });
  if (!result) throw new Error(`no result for ${url}`);
  const { categories, audits } = result.lhr;
  const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
  if (detail) printDetail(page, audits, result.lhr.categories.accessibility?.auditRefs ?? []);
  const slow = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyAudits: ['first-contentful-paint'],
    throttlingMethod: throttling,
    throttling: SLOW_LINK,
  });
  return {
    page,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    tbt: ms('total-blocking-time'),
    slowText: Math.round(slow?.lhr.audits['first-contentful-paint']?.numericValue ?? NaN),
  };
}

type Audits = Record<string, { details?: unknown; numericValue?: number; score?: number | null }>;
interface DetailItem {
  url?: string;
  duration?: number;
  startTime?: number;
  total?: number;
  scripting?: number;
  scriptParseCompile?: number;
  groupLabel?: string;
}

const itemsOf = (audits: Audits, id: string) =>
  ((audits[id]?.details as { items?: DetailItem[] } | undefined)?.items ?? []) as DetailItem[];
const shortUrl = (url = '') => url.replace(/^https?:\/\/[^/]+/, '') || url;

/** One run's long tasks (start and length, simulated), main-thread work, failed accessibility audits. */
function printDetail(page: string, audits: Audits, a11y: { id: string; weight: number }[]) {
  const tasks = itemsOf(audits, 'long-tasks')
    .map((t) => `${Math.round(t.startTime ?? 0)}+${Math.round(t.duration ?? 0)} ${shortUrl(t.url)}`)
    .join(', ');
  console.log(`${page}: long tasks (start+ms, simulated): ${tasks || 'none'}`);
  const scripts = itemsOf(audits, 'bootup-time')
    .map(
      (s) =>
        `${shortUrl(s.url)} ${Math.round(s.total ?? 0)} (script ${Math.round(s.scripting ?? 0)}, ` +
        `parse ${Math.round(s.scriptParseCompile ?? 0)})`,
    )
    .join('; ');
  console.log(`${page}: main thread by script (ms): ${scripts || 'none'}`);
  const groups = itemsOf(audits, 'mainthread-work-breakdown')
    .map((g) => `${g.groupLabel} ${Math.round(g.duration ?? 0)}`)
    .join('; ');
  console.log(`${page}: main thread by kind (ms): ${groups}`);
  const failed = a11y
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  for (const id of failed) {
    const nodes = itemsOf(audits, id)
      .map((item) => (item as { node?: { selector?: string } }).node?.selector ?? '?')
      .join('; ');
    console.log(`${page}: accessibility audit failed: ${id} (${nodes})`);
  }
}

/** The median of the runs that gave the figure (a run whose page painted nothing gives none). */
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The page audited `runs` times: the median of each figure. */
async function audit(url: string, port: number, page: string): Promise<Row> {
  const results: Row[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await auditOnce(url, port, page));
  return medianRow(page, results);
}

/**
 * Pages audited in turn, `runs` rounds of one audit each (BENCH_VS_DIST: a page as this build
 * and as another serve it), so that both meet the same moments of a shared machine's load.
 */
async function auditInTurn(entries: [string, string][], port: number): Promise<Row[]> {
  const results = entries.map((): Row[] => []);
  for (let i = 0; i < runs; i += 1) {
    for (const [index, [page, url]] of entries.entries()) {
      results[index]!.push(await auditOnce(url, port, page));
    }
  }
  return entries.map(([page], index) => medianRow(page, results[index]!));
}

function medianRow(page: string, results: Row[]): Row {
  const of = (key: Exclude<keyof Row, 'page'>) => median(results.map((row) => row[key]));
  return {
    page,
    performance: of('performance'),
    accessibility: of('accessibility'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    cls: of('cls'),
    tbt: of('tbt'),
    slowText: of('slowText'),
  };
}

/** The product as npm start runs it, on a fresh data folder with the demo catalogue. */
async function startProduct(webDist: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-bench-lh-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/main.mjs'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    },
    stdio: 'ignore',
  });
  // Up to five minutes: on a busy machine the first start (migrations, demo catalogue) is slow.
  let healthy = false;
  for (let i = 0; i < 1500 && !healthy; i += 1) {
    healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!healthy) {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the server at ${base} did not answer within five minutes`);
  }
  return {
    base,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const webDist = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!process.env.BENCH_WEB_DIST && !existsSync(path.join(webDist, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@ishuri/web'], { cwd: root, stdio: 'inherit' });
  }
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
  });

  // The anchor: plain HTML.
  const plain = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(plainPage);
  });
  const plainPort = await freePort();
  await new Promise<void>((resolve) => plain.listen(plainPort, '127.0.0.1', resolve));

  // The same build without its list of prerendered pages: every page gets the empty index.html.
  const appOnlyDist = mkdtempSync(path.join(os.tmpdir(), 'ishuri-bench-lh-web-'));
  cpSync(webDist, appOnlyDist, { recursive: true });
  rmSync(path.join(appOnlyDist, 'prerendered', 'pages.json'), { force: true });
  const product = await startProduct(webDist);
  const appOnly = await startProduct(appOnlyDist);
  // BENCH_VS_DIST=<folder>: each page also as another build serves it, audited in turn with it.
  const vsDist = process.env.BENCH_VS_DIST;
  const vs = vsDist ? await startProduct(vsDist) : null;
  const base = product.base;
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const free = (await (await fetch(`${base}/api/course/free?page=1&pageSize=1`)).json()) as {
      data: { id: string }[];
    };
    const courseId = free.data[0]!.id;
    const pages: [string, string][] = [
      ['plain HTML (anchor)', `http://127.0.0.1:${plainPort}/`],
      ['/', `${base}/`],
      ['/explore-course', `${base}/explore-course`],
      ['/course/{id}', `${base}/course/${courseId}`],
      ['/learn/{id}', `${base}/learn/${courseId}`],
      ['/ (app only)', `${appOnly.base}/`],
      ['/explore (app only)', `${appOnly.base}/explore-course`],
      ['/course (app only)', `${appOnly.base}/course/${courseId}`],
    ];
    // BENCH_PAGES=/,/course/{id}: only those (and the anchor).
    const only = process.env.BENCH_PAGES?.split(',');
    const rows: Row[] = [];
    for (const [name, url] of pages) {
      if (only && name !== pages[0]![0] && !only.includes(name)) continue;
      if (vs && url.startsWith(base)) {
        const other: [string, string] = [`${name} (vs)`, url.replace(base, vs.base)];
        rows.push(...(await auditInTurn([other, [name, url]], chrome.port)));
      } else rows.push(await audit(url, chrome.port, name));
    }
    const anchor = rows[0]!;
    console.log(
      `\nLighthouse mobile (slow 4G, mid-range phone, throttling: ${throttling}; median of ` +
        `${runs}); ms, CLS unitless`,
    );
    console.log('"app only": the same build, without the prerendered first HTML');
    if (vs) console.log(`"(vs)": ${vsDist} (BENCH_VS_DIST), audited in turn with this build`);
    console.log(
      'page                 | perf | a11y |  FCP ms | FCP ×plain |  LCP ms |   CLS | TBT ms | ' +
        'text ms @400kbit/s+400ms',
    );
    for (const row of rows) {
      console.log(
        `${row.page.padEnd(20)} | ${String(row.performance).padStart(4)} | ${String(
          row.accessibility,
        ).padStart(4)} | ${String(row.fcp).padStart(7)} | ${(row.fcp / anchor.fcp)
          .toFixed(2)
          .padStart(10)} | ${String(row.lcp).padStart(7)} | ${row.cls
          .toFixed(3)
          .padStart(5)} | ${String(row.tbt).padStart(6)} | ${String(row.slowText).padStart(6)}`,
      );
    }
  } finally {
    chrome.kill();
    plain.close();
    await product.stop();
    await appOnly.stop();
    await vs?.stop();
    rmSync(appOnlyDist, { recursive: true, force: true });
  }
}

await main();
