// The real-data panel: the model's tables arrive only when the panel is shown, the numbers it
// prints agree with a reference computed here from the same bytes, and a failed download is a
// message in the panel, not a broken page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useSite, openPage, waitForApp, canvasHash, settle, assertClean, ROOT, pageFor, frames } from './harness.mjs';

const FILES = ['position_embeddings_512x384_f16le.bin', 'word_embeddings_f16le.bin'];
const WIDTH = 384;
const REAL_CANVASES = [
  'canvas-real-learned',
  'canvas-real-sinusoidal',
  'canvas-real-learned-cosines',
  'canvas-real-sinusoidal-cosines',
  'canvas-real-offsets',
];

const env = useSite();

/** IEEE half precision, decoded independently of the app's Rust decoder. */
function half(bits) {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

async function table(name) {
  const bytes = await readFile(join(ROOT, 'dist', 'assets', 'minilm', name));
  const values = new Float64Array(bytes.length / 2);
  for (let i = 0; i < values.length; i += 1) values[i] = half(bytes.readUInt16LE(2 * i));
  return (row) => values.subarray(row * WIDTH, (row + 1) * WIDTH);
}

const cosine = (a, b) => {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i += 1) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return ab / Math.sqrt(aa * bb);
};
const plus = (a, b, scale = 1) => a.map((x, i) => scale * x + b[i]);

/** The interleaved sinusoidal row of the formula, base 10000. */
const sinusoidal = (pos) =>
  Float64Array.from({ length: WIDTH }, (_, d) => {
    const angle = pos / 10000 ** ((2 * Math.floor(d / 2)) / WIDTH);
    return d % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
  });

const tableRequests = () => env.site.requests.filter((path) => path.includes('/minilm/'));

async function showPanel(page) {
  await page.getByTestId('panel-real-data').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="panel-real-data"][data-state="ready"], [data-testid="panel-real-data"][data-state="failed"]', {
    timeout: 30000,
  });
}

test('the tables are fetched only once the panel is shown, and the printed numbers match the decoded bytes', async () => {
  // The panel has its chapter's page to itself, below the chapter's opening: on a screen 600 px
  // high it starts below the first screen.
  const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1280, height: 600 } });
  env.site.requests.length = 0;
  await page.goto(env.site.url(pageFor('real-data')));
  await waitForApp(page);
  // Use the page for a while at the top: nothing of the tables may arrive.
  await page.getByTestId('slider-pos').focus();
  await page.keyboard.press('ArrowRight');
  await frames(page, 60);
  assert.deepEqual(tableRequests(), [], 'no table request before the panel is shown');
  assert.equal(await page.getByTestId('panel-real-data').getAttribute('data-state'), 'waiting');
  await page.getByTestId('slider-pos').focus();
  await page.keyboard.press('ArrowLeft');

  const started = Date.now();
  await showPanel(page);
  console.log(`real data: tables loaded and decoded ${Date.now() - started} ms after the panel was shown`);
  assert.equal(await page.getByTestId('panel-real-data').getAttribute('data-state'), 'ready');
  assert.deepEqual(tableRequests().map((p) => p.split('/').pop()).sort(), [...FILES].sort(), 'each table once');
  assert.match(await page.textContent('[data-testid="real-status"]'), /512 position vectors and 57 word vectors \(427 KB\)/);

  const positions = await table(FILES[0]);
  const words = await table(FILES[1]);
  const meta = JSON.parse(await readFile(join(ROOT, 'assets', 'minilm', 'meta.json'), 'utf8'));
  const word = (token) => words(meta.word_embeddings.tokens.indexOf(token));
  const printed = async (id) => Number(await page.textContent(`[data-testid="${id}"]`));
  const near = (actual, expected, what) =>
    assert.ok(Math.abs(actual - expected) <= 0.0005 + 1e-9, `${what}: printed ${actual}, reference ${expected}`);

  // The documented similarities, to 2 decimals, and the 3-decimal print against the reference.
  const documented = [
    ['real-near-0', cosine(positions(10), positions(11)), '0.89'],
    ['real-far-0', cosine(positions(10), positions(100)), '0.00'],
    ['real-sim-0-0', cosine(word('king'), word('queen')), '0.63'],
    ['real-sim-1-0', cosine(word('king'), word('apple')), '0.01'],
  ];
  for (const [id, reference, twoDecimals] of documented) {
    near(await printed(id), reference, id);
    assert.equal(Math.abs(reference).toFixed(2), twoDecimals, `${id} is the documented value`);
  }
  // Default pos 10, k 3: the first word at 10, the second at 13.
  assert.match(await page.textContent('[data-testid="real-positions"]'), /pos = 10, pos \+ k = 13/);
  near(await printed('real-current-0'), cosine(positions(10), positions(13)), 'learned cos(PE10, PE13)');
  near(await printed('real-current-1'), cosine(sinusoidal(10), sinusoidal(13)), 'sinusoidal cos(PE10, PE13)');
  const pairs = [['king', 'queen'], ['king', 'apple'], ['queen', 'apple']];
  for (const [row, [a, b]] of pairs.entries()) {
    near(await printed(`real-sim-${row}-1`), cosine(plus(word(a), positions(10)), plus(word(b), positions(13))), `${a}/${b} + learned`);
    near(await printed(`real-sim-${row}-2`), cosine(plus(word(a), sinusoidal(10)), plus(word(b), sinusoidal(13))), `${a}/${b} + sinusoidal`);
    near(
      await printed(`real-sim-${row}-3`),
      cosine(plus(word(a), sinusoidal(10), Math.sqrt(WIDTH)), plus(word(b), sinusoidal(13), Math.sqrt(WIDTH))),
      `${a}/${b} scaled + sinusoidal`,
    );
  }

  // The shift fit finishes across frames: learned clearly above zero, sinusoidal at rounding.
  const fitStart = Date.now();
  await page.waitForFunction(() => /e/.test(document.querySelector('[data-testid="real-fit-sinusoidal"]').textContent), null, { timeout: 60000 });
  const learnedFit = await printed('real-fit-learned');
  const sinusoidalFit = await printed('real-fit-sinusoidal');
  console.log(`real data: shift fit for k = 3 done in ${Date.now() - fitStart} ms: learned ${learnedFit}, sinusoidal ${sinusoidalFit}`);
  assert.ok(learnedFit > 0.05 && learnedFit < 0.2, `learned fit error ${learnedFit}`);
  assert.ok(sinusoidalFit < 1e-10, `sinusoidal fit error ${sinusoidalFit}`);
  // Held out of the fit, the learned table's map misses far more (30 % at k = 3, NumPy).
  const heldOut = await printed('real-fit-held-out');
  assert.ok(Math.abs(heldOut - 0.3005) < 0.001, `held-out error ${heldOut}`);
  assert.ok(heldOut > 3 * learnedFit, `held out ${heldOut} against ${learnedFit} in sample`);

  for (const id of REAL_CANVASES) {
    const { inked } = await canvasHash(page, id);
    assert.ok(inked > 1000, `${id} is drawn (${inked} pixels)`);
  }

  // Another word: the table follows, and the URL keeps it.
  await page.getByTestId('real-word-2').selectOption({ label: 'banana' });
  await settle(page);
  assert.match(page.url(), /words=king%2Cqueen%2Cbanana/);
  assert.match(await page.textContent('[data-testid="real-words"] tbody tr:nth-child(2) th'), /king \/ banana/);
  near(await printed('real-sim-1-0'), cosine(word('king'), word('banana')), 'king/banana');

  // The base moves the sinusoidal side (and restarts its fit) without touching the learned one.
  const learnedBefore = await canvasHash(page, 'canvas-real-learned');
  const sinusoidalBefore = await canvasHash(page, 'canvas-real-sinusoidal');
  await page.getByTestId('slider-base').focus();
  await page.keyboard.press('Home');
  await settle(page);
  assert.notEqual((await canvasHash(page, 'canvas-real-sinusoidal')).hash, sinusoidalBefore.hash);
  assert.equal((await canvasHash(page, 'canvas-real-learned')).hash, learnedBefore.hash);
  assertClean(problems);
  await context.close();
});

test('a link to #real-data opens the panel, loads it, and keeps the words of the link', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url('?words=prince,princess,%E7%8E%8B&length=300&k=100#real-data'));
  await waitForApp(page);
  await page.waitForSelector('[data-testid="panel-real-data"][data-state="ready"]', { timeout: 30000 });
  assert.match(await page.textContent('[data-testid="real-words"]'), /prince \/ princess/);
  assert.match(await page.textContent('[data-testid="real-words"]'), /princess \/ 王/);
  // k = 100 is beyond the fair range of the fit: it says so and fits k = 64.
  assert.equal(await page.textContent('[data-testid="real-fit-k"]'), '64');
  assert.match(await page.textContent('[data-testid="real-fit-note"]'), /k = 100 is outside 1 to 64/);
  assertClean(problems);
  await context.close();
});

test('a failed or damaged download is a message in the panel; the rest of the page keeps working', async () => {
  const cases = [
    ['abort', (route) => route.abort('failed'), /could not be loaded \(no answer from the server\)/],
    ['404', (route) => route.fulfill({ status: 404, body: 'gone' }), /could not be loaded \(the server answered 404\)/],
    ['truncated', (route) => route.fulfill({ status: 200, body: Buffer.alloc(1000) }), /a damaged file: 1000 bytes where 393216 were expected/],
  ];
  for (const [name, handler, message] of cases) {
    // Routes see only the page's own requests: with the service worker in between, they would
    // not (a worker without the file passes the same failures on; offline.test.mjs covers it).
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { serviceWorkers: 'block' });
    await page.route('**/position_embeddings_512x384_f16le.bin', handler);
    await page.goto(env.site.url(pageFor('real-data')));
    await waitForApp(page);
    await showPanel(page);
    assert.equal(await page.getByTestId('panel-real-data').getAttribute('data-state'), 'failed', name);
    assert.match(await page.textContent('[data-testid="real-status"]'), message, name);
    // The page's controls still answer.
    await page.getByTestId('slider-d_model').focus();
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.match(page.url(), /d_model=130/);
    // Another panel (on its chapter's page, through the contents' link, in the same state) still
    // follows the controls.
    await page.locator('button[popovertarget="course-menu"]:visible').click();
    await page.locator('nav.toc a[href$="#heatmap"]').click();
    await page.waitForURL((url) => url.pathname.endsWith(`/${pageFor('heatmap')}`) && /d_model=130/.test(url.search));
    await waitForApp(page);
    const before = await canvasHash(page, 'canvas-heatmap');
    await page.getByTestId('slider-d_model').focus();
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.notEqual((await canvasHash(page, 'canvas-heatmap')).hash, before.hash, `${name}: the heatmap still redraws`);
    assert.match(page.url(), /d_model=132/);
    // The browser reports the failed request itself; nothing else may go wrong.
    const expected = (text) => /position_embeddings|Failed to load resource/.test(text);
    assertClean({
      ...problems,
      consoleErrors: problems.consoleErrors.filter((e) => !expected(e)),
      failedRequests: problems.failedRequests.filter((e) => !expected(e)),
    });
    await context.close();
  }
});
