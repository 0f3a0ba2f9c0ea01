// Shared set-up for the browser tests: a static server for dist/ on loopback (optionally under a
// sub-path), Debian's Chromium through playwright-core, and a page object that records every
// console error, failed request and request to another origin.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import assert from 'node:assert/strict';
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

/** Serves `dir` at `prefix` (e.g. '/' or '/pe/') on 127.0.0.1 and an ephemeral port. */
export async function serve(dir, prefix = '/') {
  const root = resolve(ROOT, dir);
  const requests = [];
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
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    url: (path = '') => `http://127.0.0.1:${port}${prefix}${path}`,
    requests,
    // Keep-alive connections are cut too: a test that takes the server away means it.
    close: () => new Promise((ok) => {
      server.close(ok);
      server.closeAllConnections();
    }),
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

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
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
  page.on('requestfailed', (req) => problems.failedRequests.push(req.url()));
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
  await page.waitForSelector('[data-testid="app-title"]', { timeout: 20000 });
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/** A short fingerprint of a canvas's pixels, to tell whether a drawing changed. */
export async function canvasHash(page, testid) {
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

/** Every canvas of the page, by test id (marker layers included). */
export const CANVASES = [
  'canvas-pe-vector',
  'canvas-heatmap',
  'canvas-heatmap-marks',
  'canvas-waves',
  'canvas-waves-marks',
  'canvas-rotation',
  'canvas-rotation-elsewhere',
  'canvas-add-concat',
  'canvas-score-terms',
  'canvas-word-order',
  'canvas-frequencies',
  'canvas-dot-matrix',
  'canvas-dot-curve',
  'canvas-saturation',
  'canvas-saturation-weights',
  'canvas-embed-table',
  'canvas-embed-path',
  'canvas-extrap-sinusoidal',
  'canvas-extrap-learned',
  'canvas-extrap-neighbours',
  'canvas-rope-plane',
  'canvas-rope-decay',
  'canvas-rope-pairs',
  'canvas-alibi-slopes',
  'canvas-alibi-bias',
  'canvas-alibi-row',
];

/** No uncaught error (a panic shows here), console error, failed or foreign request. */
export function assertClean(problems) {
  assert.deepEqual(problems.pageErrors, [], 'uncaught errors (a panic shows here)');
  assert.deepEqual(problems.consoleErrors, [], 'console errors');
  assert.deepEqual(problems.failedRequests, [], 'failed requests');
  assert.deepEqual(problems.foreignRequests, [], 'requests to other origins');
}
