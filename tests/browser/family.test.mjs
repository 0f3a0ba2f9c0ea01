// The family of position schemes: the family tree, T5's and Shaw's relative
// positions, NoPE, xPos and RoPE for images. Labs drawn by the tools' wasm (src/ui/labs), in the
// ALiBi panel (family tree, relative bias, NoPE) and the RoPE panel (xPos, image RoPE).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useSite, openPage, waitForApp, settle, assertClean, pageFor } from './harness.mjs';

const env = useSite();

const text = (page, testid) => page.getByTestId(testid).textContent();

/**
 * Opens `query` on the page of `panel`'s chapter and brings the family's labs (ALiBi panel) or the
 * RoPE panel's labs on screen, then unfolds the lab of `title` (which brings the tools that draw it) (`<name>-title`: its summary is
 * `<name>-fold`), unless the link opened it.
 */
async function openAt(query, panel, title, options = {}) {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, options);
  await page.goto(env.site.url(pageFor(panel, query)));
  await waitForApp(page);
  await page.getByTestId(`panel-${panel}`).scrollIntoViewIfNeeded();
  const summary = page.getByTestId(title.replace(/-title$/, '-fold'));
  await summary.waitFor({ timeout: 30000 });
  if (!(await summary.evaluate((s) => s.parentElement.open))) await summary.click();
  await page.waitForSelector(`[data-testid="${title}"]`, { timeout: 30000 });
  await settle(page);
  return { context, page, problems };
}

/** Sets a lab's range input to `value` (as a user's drag ends there). */
async function slide(page, testid, value) {
  await page.getByTestId(testid).fill(String(value));
  await settle(page);
}

/** T5's bucket, from the published formula (Mesh TensorFlow's _relative_position_bucket). */
function t5Bucket(relative, bidirectional, numBuckets, maxDistance) {
  let offset = 0;
  let n;
  if (bidirectional) {
    numBuckets = Math.floor(numBuckets / 2);
    if (relative > 0) offset = numBuckets;
    n = Math.abs(relative);
  } else {
    n = -Math.min(relative, 0);
  }
  const exact = Math.floor(numBuckets / 2);
  if (n < exact) return offset + n;
  const large = exact + Math.floor(Math.log(n / exact) / Math.log(maxDistance / exact) * (numBuckets - exact));
  return offset + Math.min(large, numBuckets - 1);
}

test('the family tree: every scheme in its group, and a row\'s link opens its lab', async () => {
  const { context, page, problems } = await openAt('?lang=en', 'alibi', 'family-tree-title', { acceptDownloads: true });
  const table = page.getByTestId('family-tree-table');
  assert.equal(await table.locator('tr.family-group').count(), 4);
  assert.equal(await table.locator('tbody tr:not(.family-group)').count(), 10);
  const names = await table.locator('tbody th[scope="row"]').allTextContents();
  for (const scheme of ['sinusoidal', 'learned table', 'Shaw', 'Transformer-XL', 'T5', 'ALiBi', 'RoPE (Su', 'xPos', '2-D RoPE', 'NoPE']) {
    assert.ok(names.some((n) => n.includes(scheme)), `${scheme} in ${names.join(' | ')}`);
  }
  // The table as CSV: a header and one line per scheme.
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('family-tree-csv').click()]);
  assert.equal(file.suggestedFilename(), 'position-schemes.csv');
  const lines = readFileSync(await file.path(), 'utf8').trim().split('\n');
  assert.equal(lines.length, 11);
  assert.ok(lines.some((l) => l.startsWith('"T5 buckets') && l.includes('"num_buckets numbers per head"')), lines.join('\n'));
  // The xPos row's link: the RoPE chapter's page, its labs drawn first and xPos unfolded, then
  // the browser goes there.
  await table.locator('tr', { hasText: 'xPos (Sun' }).getByRole('link').click();
  await page.waitForURL((url) => url.pathname.endsWith(`/${pageFor('lab-xpos')}`) && url.hash === '#lab-xpos');
  await page.waitForFunction(() => {
    const heading = document.getElementById('lab-xpos');
    const box = heading?.getBoundingClientRect();
    return box !== undefined && box.top >= -1 && box.top < innerHeight;
  }, null, { timeout: 15000 });
  await page.getByTestId('xpos-title').waitFor({ timeout: 15000 });
  // Back on the family tree, in Chinese too, and the contents list the family's labs under ALiBi.
  await page.goBack();
  await waitForApp(page);
  await page.getByRole('button', { name: '中文' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="family-tree-title"]')?.textContent === '位置编码方案的家谱');
  const under = await page.locator('nav.toc li:has(> a[href$="#alibi"]) .toc-labs a').allTextContents();
  assert.deepEqual(under, ['实验：位置编码方案的家谱', '实验：把相对位置加到分数上：Shaw 的截断与 T5 的分桶', '实验：没有位置编码（NoPE）：因果掩码自己就能计数']);
  assertClean(problems);
  await context.close();
});

test('the family tree on a phone: one card per scheme, nothing wider than the screen', async () => {
  const { context, page, problems } = await openAt('?lang=en', 'alibi', 'family-tree-title', { viewport: { width: 375, height: 800 } });
  const width = await page.evaluate(() => document.querySelector('[data-testid="family-tree-table"]').getBoundingClientRect().width);
  assert.ok(width <= 375, `the table is ${width}px wide`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375);
  assertClean(problems);
  await context.close();
});

test('T5\'s buckets: every offset past max_distance shares the last one; Shaw clips at ±k', async () => {
  const { context, page, problems } = await openAt('?lang=en', 'alibi', 'relative-bias-title', { acceptDownloads: true });
  const lastFrom = (bidirectional, buckets, max) => {
    const last = t5Bucket(-100000, bidirectional, buckets, max);
    let n = 0;
    while (t5Bucket(-n, bidirectional, buckets, max) !== last) n += 1;
    return `${last} (≥ ${n})`;
  };
  assert.equal(await text(page, 'relative-bias-exact'), '0 … 7');
  assert.equal(await text(page, 'relative-bias-last'), lastFrom(true, 32, 128));
  assert.equal(await text(page, 'relative-bias-shaw-count'), '9');
  for (const offset of [-1, 3, -200, -1000, 2000]) {
    await slide(page, 'relative-bias-offset', offset);
    const shaw = Math.max(-4, Math.min(4, offset)) + 4;
    assert.equal(await text(page, 'relative-bias-probe'), `T5 ${t5Bucket(offset, true, 32, 128)} · Shaw ${shaw}`);
  }
  // −200 and −1000, both beyond max_distance = 128: one bucket, the last of the keys before.
  assert.equal(t5Bucket(-200, true, 32, 128), t5Bucket(-1000, true, 32, 128));
  // The decoder's variant: all 32 buckets for the keys before the query.
  await page.getByTestId('relative-bias-variant').selectOption('1');
  await settle(page);
  assert.equal(await text(page, 'relative-bias-exact'), '0 … 15');
  assert.equal(await text(page, 'relative-bias-last'), lastFrom(false, 32, 128));
  // The numbers as CSV, named after the settings.
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('relative-bias-csv').click()]);
  assert.equal(file.suggestedFilename(), 'relative-bias_causal_buckets32_max128_k4.csv');
  const lines = readFileSync(await file.path(), 'utf8').trim().split('\n');
  assert.equal(lines[0], 'offset,t5_bucket,shaw_index');
  assert.equal(lines.length, 1 + 513);
  assert.ok(lines.includes(`-200,${t5Bucket(-200, false, 32, 128)},0`));
  // A bad link: an odd bucket count and a max_distance inside the exact range are fixed and said.
  await page.goto(env.site.url(pageFor('alibi', '?lang=en&labs=relative-bias&rb_buckets=33&rb_max=3')));
  await waitForApp(page);
  await page.getByTestId('panel-alibi').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="relative-bias-link-problems"]', { timeout: 30000 });
  const said = await text(page, 'relative-bias-link-problems');
  assert.match(said, /rb_buckets=33/);
  assert.match(said, /rb_max=3/);
  assert.equal(await page.getByTestId('relative-bias-buckets-value').textContent(), '32');
  assertClean(problems);
  await context.close();
});

test('NoPE: with the causal mask each position reads 1/(p + 1); without it all read the same', async () => {
  const { context, page, problems } = await openAt('?lang=en', 'alibi', 'nope-title');
  assert.equal(await text(page, 'nope-ends'), `1 … ${(1 / 64).toFixed(4)}`);
  assert.equal(await text(page, 'nope-distinct'), '64 / 64');
  assert.equal(await text(page, 'nope-last'), 'p = 30 (ε = 0.0010)');
  await page.getByTestId('nope-mask').selectOption('1');
  await settle(page);
  assert.equal(await text(page, 'nope-ends'), `${(1 / 64).toFixed(4)} … ${(1 / 64).toFixed(4)}`);
  assert.equal(await text(page, 'nope-distinct'), '1 / 64');
  // A finer resolution tells positions apart further: (p + 1)(p + 2) ≤ 10⁴ up to p = 98.
  await slide(page, 'nope-digits', 4);
  assert.equal(await text(page, 'nope-last'), 'p = 98 (ε = 1.000e-4)');
  await page.getByRole('button', { name: '中文' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="nope-title"]')?.textContent === '没有位置编码（NoPE）：因果掩码自己就能计数');
  assertClean(problems);
  await context.close();
});

test('xPos: the per-pair decay depends on the offset alone; ζ rises from 0.29 with the pair', async () => {
  const { context, page, problems } = await openAt('?lang=en', 'rope', 'xpos-title');
  const d = 64;
  const zeta = (i) => (2 * i + 0.4 * d) / (1.4 * d);
  assert.equal(await text(page, 'xpos-zeta'), `${zeta(0).toFixed(4)} … ${zeta(d / 2 - 1).toFixed(4)}`);
  assert.equal(await text(page, 'xpos-fastest'), (zeta(0) ** (256 / 512)).toFixed(4));
  await page.getByTestId('xpos-vectors').selectOption('1');
  await settle(page);
  for (const distance of [0, 7, 256]) {
    await slide(page, 'xpos-distance', distance);
    const [, here, there, gap] = (await text(page, 'xpos-shifted')).match(/^(\S+) · (\S+) \(\|Δ\| = (\S+)\)$/);
    assert.equal(here, there, `distance ${distance}`);
    assert.ok(Number(gap) < 1e-9, `distance ${distance}: ${gap}`);
  }
  // Zero distance: every pair's factor is 1.
  await slide(page, 'xpos-distance', 0);
  assert.equal(await text(page, 'xpos-fastest'), '1');
  assertClean(problems);
  await context.close();
});

test('RoPE for images: the score depends on the offset between patches; flattening puts the patch below a row away', async () => {
  const { context, page, problems } = await openAt('?lang=en', 'rope', 'rope-2d-title');
  assert.equal(await text(page, 'rope-2d-pairs'), '32 / 32 / 0');
  const right = await text(page, 'rope-2d-right');
  const below = await text(page, 'rope-2d-below');
  // Axial: one step down scores as one step right; flattened, the patch below is 12 positions on.
  const [axialRight, flatRight] = right.split(' · ');
  const [axialBelow, flatBelow] = below.split(' · ');
  assert.equal(axialBelow, axialRight);
  assert.ok(Number(flatBelow) < Number(flatRight) - 0.1, `${below} against ${right}`);
  assert.equal(await text(page, 'rope-2d-row-gap'), '12');
  // Moving the query moves the picture: the neighbours' scores stay.
  await slide(page, 'rope-2d-row', 2);
  await slide(page, 'rope-2d-column', 9);
  assert.equal(await text(page, 'rope-2d-right'), right);
  assert.equal(await text(page, 'rope-2d-below'), below);
  // A tap on a patch of the flattened picture makes it the query: the top-left patch here.
  const map = await page.getByTestId('rope-2d-flattened').boundingBox();
  const unit = map.width / 260;
  await page.mouse.click(map.x + 10 * unit, map.y + 10 * unit);
  await settle(page);
  assert.equal(await page.getByTestId('rope-2d-row-value').textContent(), '0');
  assert.equal(await page.getByTestId('rope-2d-column-value').textContent(), '0');
  // M-RoPE's sections: 16 time pairs tell no patch of one image apart.
  await page.getByTestId('rope-2d-scheme').selectOption('1');
  await settle(page);
  assert.equal(await text(page, 'rope-2d-pairs'), '24 / 24 / 16');
  await page.getByTestId('rope-2d-scheme').selectOption('2');
  await settle(page);
  assert.equal(await text(page, 'rope-2d-pairs'), '64 / 64 / 0');
  await slide(page, 'rope-2d-columns', 16);
  assert.equal(await text(page, 'rope-2d-row-gap'), '16');
  // A bad link: a query patch outside the grid is brought inside, and said.
  await page.goto(env.site.url(pageFor('rope', '?lang=zh&labs=rope-2d&r2_rows=4&r2_row=9')));
  await waitForApp(page);
  await page.getByTestId('panel-rope').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="rope-2d-link-problems"]', { timeout: 30000 });
  assert.match(await text(page, 'rope-2d-link-problems'), /r2_row=9/);
  assert.equal(await text(page, 'rope-2d-title'), '图像的 RoPE：行与列');
  assert.equal(await page.getByTestId('rope-2d-row-value').textContent(), '3');
  assertClean(problems);
  await context.close();
});
