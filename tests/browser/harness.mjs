// Shared set-up for the browser tests: a static server for dist/ on loopback (optionally under a
// sub-path), Debian's Chromium through playwright-core, `useSite` to start both for a test file,
// a page object that records every console error, failed request and request to another origin,
// and `urlState` to read the state a (short) link stands for.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '..', '..');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.webmanifest': 'application/manifest+json',
};

/** What a static host compresses: text and WebAssembly, not the already-dense tables. */
const COMPRESSED = new Set(['.html', '.js', '.wasm', '.css', '.svg', '.txt', '.json']);

/**
 * Serves `dir` at `prefix` (e.g. '/' or '/pe/') on 127.0.0.1 and an ephemeral port, compressing
 * with gzip when the browser asks for it, as static hosts do (so page-load figures are the ones
 * a hosted page gets). `{ encoding: 'br' }` serves Brotli instead to a browser that takes it, as
 * a host that offers it does.
 */
export async function serve(dir, prefix = '/', { encoding = 'gzip' } = {}) {
  const root = resolve(ROOT, dir);
  const requests = [];
  // Each file compressed once, at the best level, as a host that stores its files compressed
  // serves them (a compression per request would add its time to every load measured here).
  const compressed = new Map();
  const compress = (file, { mtimeMs, size }, body, method) => {
    const key = `${file} ${mtimeMs} ${size} ${method}`;
    if (!compressed.has(key)) {
      compressed.set(key, method === 'br'
        ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(body, { level: 9 }));
    }
    return compressed.get(key);
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    requests.push(url.pathname);
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404).end('outside the public url');
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(prefix.length));
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(root, rel));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      const body = await readFile(file);
      const headers = { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' };
      const accepted = req.headers['accept-encoding'] ?? '';
      const method = encoding === 'br' && /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (COMPRESSED.has(extname(file)) && method) {
        headers['content-encoding'] = method;
        headers.vary = 'accept-encoding';
        res.writeHead(200, headers);
        res.end(compress(file, info, body, method));
        return;
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  let closed;
  return {
    origin: `http://127.0.0.1:${port}`,
    url: (path = '') => `http://127.0.0.1:${port}${prefix}${path}`,
    requests,
    // Keep-alive connections are cut too: a test that takes the server away means it. Closing
    // twice is closing once (a test may close the server `useSite` closes after the file).
    close: () => (closed ??= new Promise((ok) => {
      server.close(ok);
      server.closeAllConnections();
    })),
  };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (or $CHROMIUM), headless, with `args` besides `CHROMIUM_ARGS`. */
export async function launch(args = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...args],
  });
}

/**
 * A test file's browser and site: registers node:test `before` and `after` hooks that launch
 * Chromium and serve a build, then close both. Call it once, at the top of the file. The returned
 * object's `browser` and `site` (what `launch` and `serve` give) are set once `before` has run, so
 * read them inside tests (`env.site.url()`), not at module level.
 *
 * Options: `dir`, the build to serve, relative to the repository (PE_DIST if set, else 'dist';
 * null serves nothing);
 * `prefix`, the public path it is served under ('/', or '/pe/' to test a sub-path); `args`,
 * Chromium arguments besides `CHROMIUM_ARGS` (e.g. a remote-debugging port for Lighthouse).
 */
export function useSite({ dir = process.env.PE_DIST ?? 'dist', prefix = '/', args = [] } = {}) {
  const env = { browser: undefined, site: undefined };
  before(async () => {
    env.browser = await launch(args);
    if (dir !== null) env.site = await serve(dir, prefix);
  });
  after(async () => {
    await env.browser?.close();
    await env.site?.close();
  });
  return env;
}

/**
 * A page that records what a test must assert is absent: console errors, uncaught exceptions
 * (a Rust panic surfaces as one), failed requests and requests to any other origin.
 */
export async function openPage(browser, origin, { viewport = { width: 1280, height: 900 }, ...options } = {}) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, ...options });
  const page = await context.newPage();
  const problems = { consoleErrors: [], pageErrors: [], failedRequests: [], foreignRequests: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => problems.pageErrors.push(String(err)));
  page.on('requestfailed', (req) => {
    // A request cut short because the test moved the page on (a navigation, a closing context) is
    // not the site failing: a lab's tools still loading when the test goes to its next URL.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.failedRequests.push(req.url());
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.failedRequests.push(`${res.status()} ${res.url()}`);
  });
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.foreignRequests.push(url);
    }
  });
  return { context, page, problems };
}

/** Waits until the app has mounted and drawn its first frame. */
export async function waitForApp(page) {
  // The prerendered page (src/bin/prerender.rs) looks like the app: wait until every piece of
  // the app (header, controls, contents, panels, …) is live (src/ui/prerendered.rs).
  await page.waitForSelector('html[data-ready]', { timeout: 20000 });
  // Canvases draw once they are known to be on screen: the observer reports them at the first
  // frames after mounting, and each draws at once.
  await page.evaluate(async () => {
    for (let n = 0; n < 4; n += 1) await new Promise((ok) => requestAnimationFrame(ok));
  });
}

/** A short fingerprint of a canvas's pixels, to tell whether a drawing changed. */
export async function canvasHash(page, testid) {
  // A canvas draws only while it is on screen (or about to be): bring it there, and give the
  // page the frames to notice (the observer's callback) and to draw.
  await page.evaluate(async (id) => {
    const canvas = document.querySelector(`[data-testid="${id}"]`);
    const box = canvas.getBoundingClientRect();
    if (box.bottom < 0 || box.top > innerHeight) canvas.scrollIntoView({ block: 'center' });
    for (let n = 0; n < 3; n += 1) await new Promise((ok) => requestAnimationFrame(ok));
  }, testid);
  return page.evaluate((id) => {
    const canvas = document.querySelector(`[data-testid="${id}"]`);
    const ctx = canvas.getContext('2d');
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let h = 2166136261 >>> 0;
    let inked = 0;
    for (let i = 0; i < data.length; i += 1) {
      h = Math.imul(h ^ data[i], 16777619) >>> 0;
    }
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) inked += 1;
    return { hash: h.toString(16), inked, width: canvas.width, height: canvas.height };
  }, testid);
}

/** Waits for two animation frames: one for the coalesced redraw, one for it to land. */
export async function settle(page) {
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/** Waits for `count` animation frames: the page's own clock, for checks that something does *not*
 * happen (a paused run stays, nothing is fetched). A loaded machine makes the window longer, so
 * such a check gets stricter, never flaky. */
export async function frames(page, count) {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i += 1) await new Promise((ok) => requestAnimationFrame(ok));
  }, count);
}

/** Waits until `measure` (run in the page with `arg`) gives the same JSON for `still` frames in a
 * row, and returns it: a scroll that has come to rest, a page whose height no longer grows as its
 * charts draw. Fails with the last values after `timeout` ms. */
export async function steady(page, measure, arg, { still = 5, timeout = 20000 } = {}) {
  const end = Date.now() + timeout;
  let last;
  let same = 0;
  while (Date.now() < end) {
    const now = JSON.stringify(await page.evaluate(measure, arg));
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= still) return JSON.parse(now);
    await frames(page, 1);
  }
  assert.fail(`never came to rest within ${timeout} ms: last ${last}`);
}

/** Waits until `check` (run in the page with `arg`) is true; if it never is within `timeout` ms,
 * fails with `message` and what `check` last saw: a retrying assertion. */
export async function eventually(page, check, arg, message, { timeout = 15000 } = {}) {
  try {
    await page.waitForFunction(check, arg, { timeout, polling: 'raf' });
  } catch (error) {
    if (!/Timeout/i.test(String(error))) throw error;
    assert.fail(`${message} (after ${timeout} ms: ${JSON.stringify(await page.evaluate(check, arg))})`);
  }
}

/**
 * What the app declares, as the build writes it (`dist/app-manifest.json`, src/bin/prerender.rs):
 * the URL's parameters with their defaults, the labs and their prefixes, the chapters with their
 * panels and canvases, the lesson steps with their panels, chapters and labs. The tests read these
 * lists from the app rather than keeping copies of them.
 */
export const MANIFEST = (() => {
  const file = join(ROOT, 'dist', 'app-manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${error.message} (build the site first: make dist)`);
  }
})();

/** Every canvas of the course's chapters, by test id (marker layers included). */
export const CANVASES = MANIFEST.chapters.flatMap((chapter) => chapter.canvases);

/** No uncaught error (a panic shows here), console error, failed or foreign request. */
export function assertClean(problems) {
  // A panic shows as an uncaught "unreachable"; its message is the console error before it.
  assert.deepEqual({ pageErrors: problems.pageErrors, consoleErrors: problems.pageErrors.length ? problems.consoleErrors : [] },
    { pageErrors: [], consoleErrors: [] }, 'uncaught errors (a panic shows here, with its message)');
  assert.deepEqual(problems.consoleErrors, [], 'console errors');
  assert.deepEqual(problems.failedRequests, [], 'failed requests');
  assert.deepEqual(problems.foreignRequests, [], 'requests to other origins');
}

/** The URL's parameters, in the order the app writes them (src/lesson/params.rs, `Field::ALL`). */
export const URL_PARAMS = MANIFEST.params.map((param) => param.name);

/** The open labs' key (`labs=`) and each lab's prefix for its own URL values. */
export const LAB_PREFIXES = MANIFEST.labPrefixes;

/**
 * The default state (src/lesson/params.rs, `Params::default`) as the URL would spell it. A link
 * leaves out every parameter at its reference value, except `lang`, which is always written (and
 * has no default here: without it, the app follows the browser's language).
 */
export const URL_DEFAULTS = Object.fromEntries(MANIFEST.params
  .filter((param) => param.default !== null)
  .map((param) => [param.name, param.default]));

/**
 * The state a link written by the app stands for: every parameter of `URL_PARAMS` with the URL's
 * value, or, where the URL leaves it out, its default (`URL_DEFAULTS`). `source` is a page (its
 * current URL), a URL or a string.
 *
 * It also asserts that the link is one the app writes: known parameters only, each once, in the
 * app's order; `lang` always there; and no other parameter at its reference value (the link is
 * short). So a test reading a value through it cannot pass on a default spelled out by mistake.
 */
export function urlState(source) {
  const href = typeof source === 'string' ? source : source instanceof URL ? source.href : source.url();
  const params = new URL(href).searchParams;
  // A lab's own values (`rx_…`, src/lesson/labs) follow the page's; they are the lab's
  // to check, each once.
  const labKeys = [...params.keys()].filter((key) => LAB_PREFIXES.some((p) => key.startsWith(p)));
  assert.equal(new Set(labKeys).size, labKeys.length, `${href}: each lab value once`);
  const keys = [...params.keys()].slice(0, [...params.keys()].length - labKeys.length);
  assert.deepEqual([...params.keys()].slice(keys.length), labKeys, `${href}: the labs' values after the page's`);
  assert.deepEqual(keys, URL_PARAMS.filter((key) => params.has(key)), `${href}: known parameters, each once, in the app's order`);
  assert.ok(params.has('lang'), `${href}: lang is always written`);
  const reference = URL_DEFAULTS;
  for (const [key, value] of params) {
    if (key === 'lang') continue;
    assert.notEqual(value, reference[key], `${href}: ${key}=${value} is the reference value, which a link leaves out`);
  }
  return Object.fromEntries(URL_PARAMS.map((key) => [key, params.get(key) ?? reference[key] ?? null]));
}

/** One parameter of `urlState(source)`: the URL's value, or its reference value if left out. */
export function urlParam(source, name) {
  assert.ok(URL_PARAMS.includes(name), `${name} is a parameter of the app`);
  return urlState(source)[name];
}

/**
 * The course's map as the built site writes it in every page's `<meta name="pe-course">` (src/bin/prerender.rs):
 * the chapters' folders in order, and the chapter of each panel's and lab's anchor.
 */
export function courseMap(dir = 'dist') {
  const html = readFileSync(join(ROOT, dir, 'index.html'), 'utf8');
  const attribute = (name) => html.match(new RegExp(`<meta name="pe-course"[^>]* data-${name}="([^"]*)"`))?.[1] ?? '';
  const chapters = attribute('chapters').split(' ');
  const where = Object.fromEntries(attribute('where').split(' ').map((entry) => {
    const [anchor, chapter] = entry.split(':');
    return [anchor, chapters[Number(chapter)]];
  }));
  const steps = attribute('steps').split(' ').map((n) => chapters[Number(n)]);
  return { chapters, where, steps };
}

/**
 * The page of the chapter that holds `anchor` (a panel's or a lab's), with `query` (which may end
 * in a `#hash`), in the language its `lang=` names: `pageFor('rope', '?lang=zh&m=3')` is
 * `zh/rope/?lang=zh&m=3`. For `site.url(…)`.
 */
export function pageFor(anchor, query = '') {
  const chapter = courseMap().where[anchor];
  if (chapter === undefined) throw new Error(`no chapter holds #${anchor}`);
  const lang = new URLSearchParams(query.replace(/^\?/, '').split('#')[0]).get('lang');
  return `${lang === 'zh' ? 'zh/' : ''}${chapter}/${query}`;
}

/** Lesson step `n`'s chapter page with `query`, in the language its `lang=` names. */
export function stepPage(n, query = '') {
  return `${/[?&]lang=zh/.test(query) ? 'zh/' : ''}${courseMap().steps[n - 1]}/${query}`;
}

/**
 * Waits until `page` is lesson step `n`'s chapter page, live: a move to a step on another
 * chapter makes the page go there inside the app (src/ui/navigate.rs).
 */
export async function onStepPage(page, n) {
  const chapter = courseMap().steps[n - 1];
  await page.waitForURL((url) => url.pathname.endsWith(`/${chapter}/`) &&
    url.searchParams.get('step') === String(n), { timeout: 30000 });
  await waitForApp(page);
}

/**
 * The lesson as the tests need it, as the app reads it (`MANIFEST.steps`: src/lesson/steps.rs
 * over assets/lesson.txt): per step (a string key, "1" to "24") its panel, its lab if any,
 * whether its answer is a run's, its minutes, and per language its question, reveal text,
 * answer as the panel prints it, short reveal, the answer's words and numbers, and the
 * teacher's notes (misconception, point, ask).
 */
export function lessonSteps() {
  return Object.fromEntries(MANIFEST.steps.map((step, n) => [String(n + 1), step]));
}

/** The lesson plans, as the app reads them (`MANIFEST.plans`): per id, its steps and per
 * language its title and aim. */
export function lessonPlans() {
  return Object.fromEntries(MANIFEST.plans.map(({ id, ...plan }) => [id, plan]));
}
