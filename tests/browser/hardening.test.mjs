// Hardening: a panic shows a banner instead of a dead page; the largest sizes draw within the
// memory bound (their times printed), on every chapter's page; 2000 random interactions on each
// page that holds their targets leave no errors and no leak; the language switch keeps every
// other parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, canvasHash, settle, CANVASES, assertClean, urlState, pageFor, courseMap } from './harness.mjs';

const env = useSite();
const { chapters: CHAPTERS } = courseMap();

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
    await page.goto(env.site.url(pageFor('vector', `?d_model=64&pos=7&lang=${lang}`)));
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
  // Neither the contents page nor a chapter's.
  for (const path of ['?test_panic=1', pageFor('vector', '?test_panic=1')]) {
    await page.goto(env.site.url(path));
    await waitForApp(page);
    await settle(page);
    assert.equal(await page.getByTestId('panic-banner').count(), 0, path);
  }
  assertClean(problems);
  await context.close();
});

test('?lang=zh renders Chinese; switching language keeps every other parameter', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('heatmap', '?lang=zh&d_model=64&pos=12&k=5')));
  await waitForApp(page);
  assert.equal(await page.textContent('[data-testid="app-title"]'), '位置编码探索器');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.ok((await page.textContent('#controls-title')).includes('设置'));
  assert.ok((await page.textContent('#heatmap-title')).includes('热力图'));
  // The switch goes to the English page of the same chapter.
  await Promise.all([page.waitForURL((url) => !url.pathname.includes('/zh/')), page.getByTestId('lang-en').click()]);
  await waitForApp(page);
  assert.equal(new URL(page.url()).pathname, new URL(env.site.url(pageFor('heatmap'))).pathname, 'the same chapter in English');
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
  const drawn = [];
  // Every chapter's page, each with its panels.
  for (const chapter of CHAPTERS) {
    await page.goto(env.site.url(`${chapter}/?d_model=1024&length=2048&pos=1000&k=500&i=300`));
    await waitForApp(page);
    await settle(page);
    const here = await page.evaluate((ids) => ids.filter((id) => document.querySelector(`[data-testid="${id}"]`)), CANVASES);
    for (const id of here) {
      assert.ok((await canvasHash(page, id)).inked > 500, `${id} draws at the largest size`);
    }
    drawn.push(...here);
    if (here.includes('canvas-heatmap')) {
      assert.equal(await page.getByTestId('heatmap-sampled').count(), 1, 'the reduced resolution is stated');
    }
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
    console.log(`largest size (d_model 1024, length 2048), ${chapter}, key -> all canvases drawn: ${lines.join('; ')}`);
    console.log(`largest size, ${chapter}: wasm memory ${mib(wasm)} MiB`);
    // The times depend on the machine's load: printed above, budgeted by `make bench` (bench-ui's
    // 1024 × 2048 cases), never asserted here.
  assert.ok(wasm < 64 * 1048576, `${chapter}: wasm memory ${mib(wasm)} MiB stays under 64 MiB`);
  }
  assert.deepEqual([...drawn].sort(), [...CANVASES].sort(), 'every canvas of the course, on its chapter\'s page');
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

// The pages the soak runs on: those of the chapters holding its targets (the heatmap and the waves'
// dimensions; the scale, sentence and amplitude of the meeting chapter; the real model's words).
const SOAK_PAGES = ['heatmap', 'add-concat', 'real-data'];

test('soak: 2000 random interactions on each page that holds their targets, no errors, memory flat after warm-up', async () => {
  const total = Number(process.env.PE_SOAK_INTERACTIONS ?? 2000);
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1400, height: 1000 } });
  await captureWasm(page);
  const random = generator(20261122);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const keys = ['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];
  const heatmap = page.getByTestId('canvas-heatmap');
  const present = async (testid) => (await page.getByTestId(testid).count()) > 0;
  for (const anchor of SOAK_PAGES) {
    await page.goto(env.site.url(pageFor(anchor)));
    await waitForApp(page);
    const cdp = await context.newCDPSession(page);
    const sliders = [];
    for (const name of ['d_model', 'length', 'pos', 'k', 'i', 'base', 'amp']) if (await present(`slider-${name}`)) sliders.push(name);
    // Each action with the element it needs; the page's own are played.
    // The one action that can hide the sliders the others need: the loop opens them again after it.
    const toggleControls = async () => page.getByTestId('controls-toggle').click();
    const all = [
      ['slider-pos', async () => page.getByTestId(`slider-${pick(sliders)}`).press(pick(keys))],
      ['slider-pos', async () => page.getByTestId(`slider-${pick(sliders)}`).press(pick(keys))],
      ['canvas-heatmap', async () => {
        const box = await heatmap.boundingBox();
        await heatmap.hover({ position: { x: random() * box.width, y: random() * box.height } });
      }],
      ['canvas-heatmap', async () => {
        const box = await heatmap.boundingBox();
        await heatmap.click({ position: { x: random() * box.width, y: random() * box.height } });
      }],
      ['select-layout', async () => page.getByTestId('select-layout').selectOption(pick(['interleaved', 'split']))],
      ['toggle-scale', async () => page.getByTestId('toggle-scale').click()],
      ['select-sentence', async () => page.getByTestId('select-sentence').selectOption(String(Math.floor(random() * 12)))],
      ['add-dim-input', async () => {
        await page.getByTestId('add-dim-input').fill(String(Math.floor(random() * 64)));
        await page.getByTestId('add-dim').click();
      }],
      ['add-dim-input', async () => {
        const chips = page.locator('[data-testid^="remove-dim-"]');
        if ((await chips.count()) > 0) await chips.first().click();
      }],
      ['controls-toggle', toggleControls],
      ['real-word-0', async () => page.getByTestId(`real-word-${pick(['0', '1', '2'])}`).selectOption(String(Math.floor(random() * 57)))],
    ];
    const actions = [];
    for (const [needs, action] of all) if (await present(needs)) actions.push(action);
    // Warm-up: the memory high-water mark is reached before the baseline is taken, so growth
    // afterwards can only be a leak. The peak is a change between two of the largest sizes: a memo
    // holds its old value while it computes the new one to compare them, so both tables are alive
    // at once (measured: the largest size alone 2.06 MiB, a step down from it 2.44 MiB).
    for (const slider of ['d_model', 'length']) {
      await page.getByTestId(`slider-${slider}`).focus();
      for (const key of ['End', 'ArrowDown', 'End']) await page.keyboard.press(key);
    }
    for (const slider of ['d_model', 'length']) {
      await page.getByTestId(`slider-${slider}`).focus();
      for (const key of ['ArrowDown', 'End']) await page.keyboard.press(key);
    }
    if (await present('panel-real-data')) {
      // The real-data panel's tables and shift-fit buffers are allocated once, when it is shown.
      await page.getByTestId('panel-real-data').scrollIntoViewIfNeeded();
      await page.waitForSelector('[data-testid="panel-real-data"][data-state="ready"]', { timeout: 30000 });
      await page.waitForFunction(() => /e/.test(document.querySelector('[data-testid="real-fit-sinusoidal"]').textContent), null, { timeout: 60000 });
    }
    if (!(await page.getByTestId('slider-pos').isVisible())) await toggleControls();
    let done = 2;
    let baseline;
    while (done < total) {
      const action = pick(actions);
      await action();
      if (action === toggleControls && !(await page.getByTestId('slider-pos').isVisible())) await toggleControls();
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
      `soak, ${new URL(page.url()).pathname}: ${done} interactions (${actions.length} kinds); JS heap ${mib(baseline.js)} MiB after 100 -> ${mib(end.js)} MiB after ${done} ` +
        `(x${jsRatio.toFixed(3)}); wasm memory ${mib(baseline.wasm)} -> ${mib(end.wasm)} MiB (x${wasmRatio.toFixed(3)})`,
    );
    assert.ok(jsRatio <= 1.2, `${anchor}: JS heap within 20% (x${jsRatio.toFixed(3)})`);
    assert.ok(wasmRatio <= 1.2, `${anchor}: wasm memory within 20% (x${wasmRatio.toFixed(3)})`);
    // The language switch, in the soak's state: now a visit to the other language's page of the
    // same chapter, there and back, which must come up clean as well.
    for (const lang of ['zh', 'en', 'zh', 'en']) {
      await Promise.all([
        page.waitForURL((url) => url.pathname.includes('/zh/') === (lang === 'zh')),
        page.getByTestId(`lang-${lang}`).click(),
      ]);
      await waitForApp(page);
    }
    assertClean(problems);
  }
  await context.close();
});
