// The deeper lessons' panels: each shows its key fact on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, canvasHash, settle, assertClean, courseMap, pageFor, MANIFEST } from './harness.mjs';

const env = useSite();

test('word order: the sentence vectors differ by exactly 0 without PE and by more with it', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('word-order')));
  await waitForApp(page);
  const difference = () => page.textContent('[data-testid="order-difference"]');
  for (const pair of ['0', '1']) {
    await page.getByTestId('select-order-pair').selectOption(pair);
    await settle(page);
    assert.match(await difference(), /^0 \(exactly zero\)$/, `pair ${pair} without PE`);
    assert.match(await page.textContent('[data-testid="order-rows"]'), /same rows in another order/);
    const before = await canvasHash(page, 'canvas-word-order');
    await page.getByTestId('toggle-order-pe').check();
    await settle(page);
    const value = Number(await difference());
    assert.ok(value > 1e-3, `pair ${pair} with PE differs (${value})`);
    assert.match(await page.textContent('[data-testid="order-rows"]'), /differ, not just their order/);
    assert.notEqual((await canvasHash(page, 'canvas-word-order')).hash, before.hash);
    await page.getByTestId('toggle-order-pe').uncheck();
  }
  assert.match(page.url(), /order=1/);
  assertClean(problems);
  await context.close();
});

test('frequencies: the ladder runs from 2π to 2π·base and follows i, d_model and base', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('frequencies', '?i=0')));
  await waitForApp(page);
  const current = () => page.textContent('[data-testid="frequency-current"]');
  assert.equal(await current(), `i = 0: ω (angle per position, rad) = 1.000000, λ (positions per full turn) = ${(2 * Math.PI).toFixed(3)}`);
  await page.getByTestId('slider-i').focus();
  await page.keyboard.press('End');
  await settle(page);
  // The last pair of d_model 128: λ = 2π·10000^(126/128).
  const last = 2 * Math.PI * Math.pow(10000, 126 / 128);
  assert.equal(await current(), `i = 63: ω (angle per position, rad) = ${(2 * Math.PI / last).toFixed(6)}, λ (positions per full turn) = ${last.toFixed(3)}`);
  // With 100 positions, pairs whose wavelength exceeds 100 are counted: λ_i > 100 ⇔ i ≥ 20.
  assert.match(await page.textContent('[data-testid="frequency-slow"]'), /^44 of 64 pairs/);
  const before = await canvasHash(page, 'canvas-frequencies');
  await page.getByTestId('slider-base').focus();
  await page.keyboard.press('Home');
  await settle(page);
  assert.notEqual((await canvasHash(page, 'canvas-frequencies')).hash, before.hash, 'base redraws the ladder');
  assertClean(problems);
  await context.close();
});

test('dot product: the same k gives the same dot product from pos and from 0, equal to Σ cos', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  for (const query of ['', '?pos=40&k=17&d_model=64&base=500', '?d_model=512&length=2048&pos=1500&k=300']) {
    await page.goto(env.site.url(pageFor('dot-product', query)));
    await waitForApp(page);
    const read = async (id) => Number(await page.textContent(`[data-testid="${id}"]`));
    const [atPos, atZero, formula] = [await read('dot-at-pos'), await read('dot-at-zero'), await read('dot-formula')];
    assert.ok(Math.abs(atPos - atZero) < 1e-9, `${query}: ${atPos} vs ${atZero}`);
    assert.ok(Math.abs(atPos - formula) < 1e-9, `${query}: ${atPos} vs Σcos ${formula}`);
    assert.ok((await canvasHash(page, 'canvas-dot-matrix')).inked > 1000);
  }
  assertClean(problems);
  await context.close();
});

test('saturation: a louder position encoding sharpens attention until it collapses', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  const entropyAt = async (amp) => {
    await page.goto(env.site.url(pageFor('saturation', `?amp=${amp}`)));
    await waitForApp(page);
    return Number(await page.textContent('[data-testid="saturation-entropy"]'));
  };
  const [quiet, balanced, loud] = [await entropyAt(0), await entropyAt(1), await entropyAt(8)];
  assert.ok(quiet <= Math.log(6) + 1e-9, `entropy at a = 0 is at most ln 6 (${quiet})`);
  assert.ok(quiet > balanced && balanced > loud, `entropy falls: ${quiet} > ${balanced} > ${loud}`);
  assert.ok(loud < 0.5 * quiet, `attention collapses at a = 8 (${loud} vs ${quiet})`);
  const before = await canvasHash(page, 'canvas-saturation-weights');
  await page.getByTestId('slider-amp-saturation').fill('2');
  await settle(page);
  assert.notEqual((await canvasHash(page, 'canvas-saturation-weights')).hash, before.hash);
  assert.match(page.url(), /amp=2(&|$)/);
  assertClean(problems);
  await context.close();
});

test('embedding lookup: input = √d_model · E[id] + PE(pos), and a click picks another token', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('embedding', '?sentence=0&t=1')));
  await waitForApp(page);
  const numbers = async (id) => (await page.textContent(`[data-testid="${id}"]`)).split(', ').map(Number);
  assert.equal(await page.textContent('[data-testid="embed-id"]'), '3 (pos 1)', '"bites" is id 3 at position 1');
  const scale = Number(await page.textContent('[data-testid="embed-scale"]'));
  assert.ok(Math.abs(scale - Math.sqrt(128)) < 1e-6, `scale ${scale} = √128`);
  const [row, scaled, pe, input] = [
    await numbers('embed-row'),
    await numbers('embed-scaled'),
    await numbers('embed-pe'),
    await numbers('embed-input'),
  ];
  const omega1 = Math.pow(10000, -2 / 128);
  const formula = [Math.sin(1), Math.cos(1), Math.sin(omega1), Math.cos(omega1)];
  for (let j = 0; j < 4; j += 1) {
    assert.ok(Math.abs(scaled[j] - scale * row[j]) < 2e-5, `scaled[${j}] = scale · row[${j}]`);
    assert.ok(Math.abs(pe[j] - formula[j]) < 1e-6, `PE(1, ${j}) = ${pe[j]} vs ${formula[j]}`);
    assert.ok(Math.abs(input[j] - (scaled[j] + pe[j])) < 2e-6, `input[${j}] is the sum`);
  }
  const table = await canvasHash(page, 'canvas-embed-table');
  await page.getByTestId('embed-token-2').click();
  await settle(page);
  assert.equal(await page.textContent('[data-testid="embed-id"]'), '4 (pos 2)', '"man" is id 4 at position 2');
  assert.equal(await page.getByTestId('embed-token-2').getAttribute('aria-pressed'), 'true');
  assert.notEqual((await canvasHash(page, 'canvas-embed-table')).hash, table.hash, 'another row is highlighted');
  assert.match(page.url(), /[?&]t=2(&|$)/);
  assertClean(problems);
  await context.close();
});

test('extrapolation: past N_train the learned rows repeat (cosine exactly 1) while the formula keeps its pattern', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('extrapolation')));
  await waitForApp(page);
  const sinusoidal = await page.textContent('[data-testid="extrap-sinusoidal"]');
  assert.doesNotMatch(sinusoidal, /…/, 'the same neighbour similarity at every position');
  // cos(PE(p), PE(p − 1)) = Σ cos(ω_i) / (d/2) for every p.
  let sum = 0;
  for (let i = 0; i < 64; i += 1) sum += Math.cos(Math.pow(10000, (-2 * i) / 128));
  assert.ok(Math.abs(Number(sinusoidal) - sum / 64) < 1e-9, `${sinusoidal} vs ${sum / 64}`);
  assert.equal(await page.textContent('[data-testid="extrap-learned"]'), '1.000000000000');
  assert.equal(
    await page.textContent('[data-testid="extrap-missing"]'),
    'asking the learned table for position 96: no row: the table has rows 0 to 63',
  );
  const learned = await canvasHash(page, 'canvas-extrap-learned');
  await page.getByTestId('slider-n_train').focus();
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.match(page.url(), /n_train=65/);
  assert.notEqual((await canvasHash(page, 'canvas-extrap-learned')).hash, learned.hash);
  assert.match(await page.textContent('[data-testid="extrap-missing"]'), /position 97: .* 0 to 64$/);
  assertClean(problems);
  await context.close();
});

test('RoPE: the score stays within 1e-9 when m and n move together and changes when they move apart', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('rope', '?m=5&n=2')));
  await waitForApp(page);
  const score = async () => Number(await page.textContent('[data-testid="rope-score"]'));
  const first = await score();
  assert.ok(Math.abs(first - Number(await page.textContent('[data-testid="rope-score-origin"]'))) < 1e-9);
  for (let step = 0; step < 5; step += 1) {
    await page.getByTestId('rope-together').click();
  }
  await settle(page);
  assert.match(page.url(), /[?&]m=10&n=7(&|$)/);
  assert.ok(Math.abs((await score()) - first) < 1e-9, `m=10, n=7 scores ${await score()} vs ${first}`);
  // m and n are positions of the sequence: a long one for positions far from the start.
  await page.goto(env.site.url(pageFor('rope', '?length=2048&m=1005&n=1002')));
  await waitForApp(page);
  assert.ok(Math.abs((await score()) - first) < 1e-9, 'far from the start, the same offset scores the same');
  const plane = await canvasHash(page, 'canvas-rope-plane');
  await page.getByTestId('rope-apart').click();
  await settle(page);
  assert.equal(await page.textContent('[data-testid="rope-offset"]'), '2');
  assert.ok(Math.abs((await score()) - first) > 1e-3, 'another offset, another score');
  assert.notEqual((await canvasHash(page, 'canvas-rope-plane')).hash, plane.hash);
  const pairs = await canvasHash(page, 'canvas-rope-pairs');
  await page.getByTestId('select-rope-layout').selectOption('split');
  await settle(page);
  assert.notEqual((await canvasHash(page, 'canvas-rope-pairs')).hash, pairs.hash, 'the diagram pairs (i, i + d/2)');
  assert.match(page.url(), /layout=split/);
  assertClean(problems);
  await context.close();
});

test('ALiBi: slopes follow 2^(−8h/n) (and the paper rule for 12 heads); each step back multiplies the weight by e^(−slope)', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('alibi')));
  await waitForApp(page);
  const text = (id) => page.textContent(`[data-testid="${id}"]`);
  assert.equal(await text('alibi-slope'), '0.500000');
  assert.equal(await text('alibi-ratio'), Math.exp(-0.5).toFixed(6));
  await page.getByTestId('slider-head').focus();
  await page.keyboard.press('End');
  await settle(page);
  assert.match(page.url(), /head=8/);
  assert.equal(await text('alibi-slope'), (1 / 256).toFixed(6));
  assert.equal(await text('alibi-ratio'), Math.exp(-1 / 256).toFixed(6));
  await page.goto(env.site.url(pageFor('alibi', '?heads=12&head=9')));
  await waitForApp(page);
  assert.equal(await text('alibi-slope'), Math.SQRT1_2.toFixed(6), 'head 9 of 12: the first odd slope of 16 heads');
  const row = await canvasHash(page, 'canvas-alibi-row');
  await page.goto(env.site.url(pageFor('alibi', '?heads=12&head=12')));
  await waitForApp(page);
  assert.notEqual((await canvasHash(page, 'canvas-alibi-row')).hash, row.hash);
  assertClean(problems);
  await context.close();
});

test('the page reads in the texts order with a table of contents, and #anchors open at their panel', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  const { chapters, where } = courseMap();
  // The course's pages, in its order, hold the panels in the texts' order.
  const order = [];
  for (const chapter of chapters) {
    await page.goto(env.site.url(`${chapter}/?m=3`));
    await waitForApp(page);
    const here = await page.$$eval('main > section.panel', (sections) => sections.map((s) => s.id));
    assert.ok(here.length > 0, `${chapter}/ has panels`);
    for (const id of here) assert.equal(where[id], chapter, `#${id} on the page of its chapter`);
    order.push(...here);
  }
  assert.deepEqual(order, MANIFEST.chapters.flatMap((chapter) => chapter.panels), 'the panels in the chapters\' order');
  // The contents (the site's root) list the chapters and, under each, its panels' entries, each
  // to its place on its chapter's page (once the tools are here, each lab is listed under its
  // panel too); the course's menu on a chapter's page lists the same.
  const contents = () => page.$$eval('nav.toc ol.course-contents > li', (items) => items.map((li) => ({
    chapter: new URL(li.querySelector(':scope > a').href).pathname,
    panels: [...li.querySelectorAll(':scope > ol.toc-panels > li > a')].map((a) => new URL(a.href).pathname + new URL(a.href).hash),
  })));
  const expected = chapters.map((chapter) => ({
    chapter: `/${chapter}/`,
    panels: order.filter((id) => where[id] === chapter).map((id) => `/${chapter}/#${id}`),
  }));
  await page.goto(env.site.url('?m=3'));
  await waitForApp(page);
  assert.equal(new URL(page.url()).pathname, '/', 'a root link without anchor or step stays on the contents');
  assert.equal(await page.locator('main section.panel').count(), 0, 'the contents page has no panels');
  assert.deepEqual(await contents(), expected);
  // An old link to the one long page, with its #anchor, lands on its chapter's page at its panel.
  await page.goto(env.site.url('?m=3#rope'));
  await waitForApp(page);
  await settle(page);
  assert.equal(new URL(page.url()).pathname, `/${where.rope}/`, 'the old link goes to the chapter\'s page');
  assert.deepEqual(await contents(), expected, 'the course menu lists the same');
  const top = await page.getByTestId('panel-rope').evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(Math.abs(top) < 50, `the RoPE panel is at the top of the window (${top} px)`);
  assert.match(page.url(), /m=3.*#rope$/, 'the state and the anchor both stay in the URL');
  assertClean(problems);
  await context.close();
});
