// Hardening: a panic shows a banner instead of a dead page; the largest sizes draw within the
// memory bound (their times printed); 2000 random interactions leave no errors and no leak; the
// language switch keeps every other parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, canvasHash, settle, CANVASES, assertClean, urlState } from './harness.mjs';

const env = useSite();

/** Keeps a handle on the wasm instance's exports (trunk's loader announces them). */
async function captureWasm(page) {
  await page.addInitScript(() => {
    addEventListener('TrunkApplicationStarted', (e) => {
      window.__peWasm = e.detail.wasm;
    });
  });
}

async function memory(page, cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const wasm = await page.evaluate(() => window.__peWasm.memory.buffer.byteLength);
  return { js: usedSize, wasm };
}

const mib = (bytes) => (bytes / 1048576).toFixed(2);

test('a panic shows a translated banner with a reload that keeps the view', async () => {
  for (const [lang, text, reload] of [
    ['en', 'Something went wrong', 'Reload'],
    ['zh', '出了点问题', '重新加载'],
  ]) {
    const { context, page, problems } = await openPage(env.browser, env.site.origin);
    await page.goto(env.site.url(`?d_model=64&pos=7&lang=${lang}`));
    await waitForApp(page);
    // The shipped build's own way to panic as a bug would, from inside a wasm event handler.
    await page.evaluate(() => dispatchEvent(new Event('pe-test-panic')));
    const banner = page.getByTestId('panic-banner');
    await banner.waitFor({ timeout: 20000 });
    assert.ok((await banner.textContent()).includes(text), `banner in ${lang}`);
    const link = page.getByTestId('panic-reload');
    assert.equal(await link.textContent(), reload);
    const href = await link.getAttribute('href');
    assert.match(href, /d_model=64/, 'the reload keeps the state in the URL');
    assert.match(href, /pos=7/);
    assert.ok(
      problems.consoleErrors.some((e) => e.includes('deliberate test panic')),
      'the panic message reaches the console for developers',
    );
    await context.close();
  }
});

test('no link can make the page panic: a test_panic key is an unknown key', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url('?test_panic=1'));
  await waitForApp(page);
  await settle(page);
  assert.equal(await page.getByTestId('panic-banner').count(), 0);
  assertClean(problems);
  await context.close();
});

test('?lang=zh renders Chinese; switching language keeps every other parameter', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url('?lang=zh&d_model=64&pos=12&k=5'));
  await waitForApp(page);
  assert.equal(await page.textContent('[data-testid="app-title"]'), '位置编码探索器');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.ok((await page.textContent('#controls-title')).includes('参数'));
  assert.ok((await page.textContent('#heatmap-title')).includes('热力图'));
  await page.getByTestId('lang-en').click();
  await settle(page);
  assert.equal(await page.textContent('[data-testid="app-title"]'), 'PE Explorer');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  const { d_model, length, pos, k, lang } = urlState(page);
  assert.deepEqual({ d_model, length, pos, k, lang }, { d_model: '64', length: '100', pos: '12', k: '5', lang: 'en' });
  assert.equal(new URL(page.url()).search, '?d_model=64&pos=12&k=5&lang=en', 'a short link');
  assertClean(problems);
  await context.close();
});

test('at the largest sizes every panel draws, every change draws (times printed) within 64 MiB of wasm memory', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1400, height: 1000 } });
  await captureWasm(page);
  await page.goto(env.site.url('?d_model=1024&length=2048&pos=1000&k=500&i=300'));
  await waitForApp(page);
  await settle(page);
  for (const id of CANVASES) {
    assert.ok((await canvasHash(page, id)).inked > 500, `${id} draws at the largest size`);
  }
  assert.equal(await page.getByTestId('heatmap-sampled').count(), 1, 'the reduced resolution is stated');
  await page.evaluate(() => {
    window.__peDrawLog = [];
    window.__peKeys = [];
    document.addEventListener('keydown', () => window.__peKeys.push(performance.now()), { capture: true });
  });
  const times = {};
  for (const slider of ['d_model', 'length', 'pos', 'k', 'i', 'base']) {
    await page.getByTestId(`slider-${slider}`).focus();
    times[slider] = [];
    for (let n = 0; n < 6; n += 1) {
      await page.keyboard.press(n % 2 ? 'ArrowRight' : 'ArrowLeft');
      const spent = await page.evaluate(
        () =>
          new Promise((done) => {
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const t0 = window.__peKeys[window.__peKeys.length - 1];
                const last = Math.max(t0, ...window.__peDrawLog.filter((t) => t >= t0));
                window.__peDrawLog.length = 0;
                done(last - t0);
              }),
            );
          }),
      );
      times[slider].push(spent);
    }
  }
  const { wasm } = await memory(page, await context.newCDPSession(page));
  const lines = Object.entries(times).map(
    ([s, t]) => `${s}: max ${Math.max(...t).toFixed(1)} ms, median ${t.sort((a, b) => a - b)[t.length >> 1].toFixed(1)} ms`,
  );
  console.log(`largest size (d_model 1024, length 2048), key -> all canvases drawn: ${lines.join('; ')}`);
  console.log(`largest size: wasm memory ${mib(wasm)} MiB`);
  // The times depend on the machine's load: printed above, budgeted by `make bench` (bench-ui's
  // 1024 × 2048 cases), never asserted here.
  assert.ok(wasm < 64 * 1048576, `wasm memory ${mib(wasm)} MiB stays under 64 MiB`);
  assertClean(problems);
  await context.close();
});

/** A small seeded generator, so a failing soak can be replayed exactly. */
function generator(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('soak: 2000 random interactions, no errors, memory flat after warm-up', async () => {
  const total = Number(process.env.PE_SOAK_INTERACTIONS ?? 2000);
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1400, height: 1000 } });
  await captureWasm(page);
  await page.goto(env.site.url());
  await waitForApp(page);
  const cdp = await context.newCDPSession(page);
  const random = generator(20261122);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sliders = ['d_model', 'length', 'pos', 'k', 'i', 'base', 'amp'];
  const keys = ['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];
  const heatmap = page.getByTestId('canvas-heatmap');
  const actions = [
    async () => {
      await page.getByTestId(`slider-${pick(sliders)}`).focus();
      await page.keyboard.press(pick(keys));
    },
    async () => {
      await page.getByTestId(`slider-${pick(sliders)}`).focus();
      await page.keyboard.press(pick(keys));
    },
    async () => {
      const box = await heatmap.boundingBox();
      await heatmap.hover({ position: { x: random() * box.width, y: random() * box.height } });
    },
    async () => {
      const box = await heatmap.boundingBox();
      await heatmap.click({ position: { x: random() * box.width, y: random() * box.height } });
    },
    async () => page.getByTestId('select-layout').selectOption(pick(['interleaved', 'split'])),
    async () => page.getByTestId('toggle-scale').click(),
    async () => page.getByTestId('select-sentence').selectOption(String(Math.floor(random() * 12))),
    async () => page.getByTestId(pick(['lang-en', 'lang-zh'])).click(),
    async () => {
      await page.getByTestId('add-dim-input').fill(String(Math.floor(random() * 64)));
      await page.getByTestId('add-dim').click();
    },
    async () => {
      const chips = page.locator('[data-testid^="remove-dim-"]');
      if ((await chips.count()) > 0) await chips.first().click();
    },
    async () => page.getByTestId('controls-toggle').click(),
    async () => page.getByTestId(`real-word-${pick(['0', '1', '2'])}`).selectOption(String(Math.floor(random() * 57))),
  ];
  // Warm-up: visit the largest sizes first, so the memory high-water mark is reached before the
  // baseline is taken and growth afterwards can only be a leak.
  const warmUp = async () => {
    for (const slider of ['d_model', 'length']) {
      await page.getByTestId(`slider-${slider}`).focus();
      await page.keyboard.press('End');
    }
    // The real-data panel's tables and shift-fit buffers are allocated once, when it is shown.
    await page.getByTestId('panel-real-data').scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-testid="panel-real-data"][data-state="ready"]', { timeout: 30000 });
    await page.waitForFunction(() => /e/.test(document.querySelector('[data-testid="real-fit-sinusoidal"]').textContent), null, { timeout: 60000 });
  };
  await warmUp();
  let done = 2;
  let baseline;
  while (done < total) {
    if (!(await page.getByTestId('slider-pos').isVisible())) await page.getByTestId('controls-toggle').click();
    await pick(actions)();
    done += 1;
    if (done === 100) {
      await settle(page);
      baseline = await memory(page, cdp);
    }
  }
  await settle(page);
  const end = await memory(page, cdp);
  const jsRatio = end.js / baseline.js;
  const wasmRatio = end.wasm / baseline.wasm;
  console.log(
    `soak: ${done} interactions; JS heap ${mib(baseline.js)} MiB after 100 -> ${mib(end.js)} MiB after ${done} ` +
      `(x${jsRatio.toFixed(3)}); wasm memory ${mib(baseline.wasm)} -> ${mib(end.wasm)} MiB (x${wasmRatio.toFixed(3)})`,
  );
  assert.ok(jsRatio <= 1.2, `JS heap within 20% (x${jsRatio.toFixed(3)})`);
  assert.ok(wasmRatio <= 1.2, `wasm memory within 20% (x${wasmRatio.toFixed(3)})`);
  assertClean(problems);
  await context.close();
});
