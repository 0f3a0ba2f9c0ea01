// Corrections a careful teacher asks for: each fact visible on the page, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, settle, assertClean, pageFor } from './harness.mjs';

const env = useSite();

/** The four terms of each row of the shift table, at full precision. */
async function shiftRows(page) {
  return page.$$eval('[data-testid="shift-terms"] tbody tr', (rows) =>
    rows.map((row) => [...row.querySelectorAll('td[data-value]')].map((cell) => Number(cell.dataset.value))),
  );
}

test('add versus concatenate: the position·position term depends on the offset alone only without projections', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('add-concat', '#add-concat')));
  await waitForApp(page);
  const plain = await shiftRows(page);
  assert.equal(plain.length, 4);
  for (const row of plain) {
    assert.ok(Math.abs(row[3] - plain[0][3]) <= 1e-9, `p·p equal at every shift: ${row[3]} vs ${plain[0][3]}`);
    assert.ok(Math.abs(row[0] - plain[0][0]) <= 1e-9, 'the words do not move, so word·word is equal too');
  }
  // Only the sentence for the current setting is shown (innerText leaves hidden text out).
  assert.match(await page.innerText('[data-testid="shift-verdict"]'), /offset m − n alone/);
  assert.doesNotMatch(await page.innerText('[data-testid="shift-verdict"]'), /not on m − n alone/);
  assert.doesNotMatch(await page.locator('#add-concat .formula').nth(1).textContent(), /W/);

  await page.getByTestId('toggle-projections').check();
  await settle(page);
  assert.match(page.url(), /proj=1/);
  const projected = await shiftRows(page);
  const pp = projected.map((row) => row[3]);
  const spread = Math.max(...pp) - Math.min(...pp);
  assert.ok(spread > 1e-3 * Math.max(...pp.map(Math.abs)), `p W_Q·p W_K moves with the pair: ${pp.join(', ')}`);
  assert.ok(Math.abs(projected[1][0] - projected[0][0]) <= 1e-9, 'word·word still does not move');
  const verdict = page.getByTestId('shift-verdict');
  assert.match(await verdict.innerText(), /not on m − n alone/);
  assert.doesNotMatch(await verdict.innerText(), /offset m − n alone/);
  // Its link leads to the RoPE panel, on its own chapter's page.
  const ropeLink = new URL(await verdict.locator('a').getAttribute('href'), page.url());
  assert.match(await page.locator('#add-concat .formula').nth(1).textContent(), /WQ.*WK/);

  // The link keeps the switch, and Chinese says the same.
  await page.goto(env.site.url(pageFor('add-concat', '?proj=1&lang=zh#add-concat')));
  await waitForApp(page);
  assert.ok(await page.getByTestId('toggle-projections').isChecked());
  assert.match(await page.innerText('[data-testid="shift-verdict"]'), /不只取决于 m − n/);
  assert.equal(`${ropeLink.pathname}${ropeLink.hash}`, new URL(env.site.url(pageFor('rope', '#rope'))).pathname + '#rope',
    'the verdict links to the RoPE panel');
  assertClean(problems);
  await context.close();
});

test('√d_model: balanced for an N(0, 1/d_model) table, the word drowns position for N(0, 1)', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('add-concat', '#add-concat')));
  await waitForApp(page);
  const share = async () => Number((await page.textContent('[data-testid="position-share"] strong')).replace('%', ''));
  const small = await share();
  assert.ok(small > 20 && small < 80, `N(0, 1/d_model) × √d_model is balanced (${small}%)`);
  assert.match(await page.textContent('[data-testid="scale-reason"]'), /does not say/);
  await page.getByTestId('toggle-unit-init').check();
  await settle(page);
  assert.match(page.url(), /unit_init=1/);
  const unit = await share();
  assert.ok(unit < 5, `N(0, 1) × √d_model drowns position (${unit}%)`);
  assert.match(await page.textContent('[data-testid="position-share"]'), /meaning drowns position/);
  // The lookup panel (on its own chapter's page, in the same state) draws the same table: its
  // scaled row is √d_model times larger too.
  const first = async () => Math.abs(Number((await page.textContent('[data-testid="embed-row"]')).split(',')[0]));
  const unitSearch = new URL(page.url()).search;
  await page.getByTestId('toggle-unit-init').uncheck();
  await settle(page);
  const smallSearch = new URL(page.url()).search;
  assert.doesNotMatch(smallSearch, /unit_init/);
  await page.goto(env.site.url(pageFor('embedding', unitSearch)));
  await waitForApp(page);
  const unitRow = await first();
  await page.goto(env.site.url(pageFor('embedding', smallSearch)));
  await waitForApp(page);
  const smallRow = await first();
  assert.ok(Math.abs(unitRow / smallRow - Math.sqrt(128)) < 1e-3, `rows differ by √128: ${unitRow} / ${smallRow}`);
  assert.match(await page.textContent('#embedding figcaption'), /seeded random numbers, not trained/);
  assertClean(problems);
  await context.close();
});

test('common misconceptions are named where they arise, in both languages', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  for (const [lang, expected] of [
    ['en', { 'add-concat': /W·\[x; p\] = W_x·x \+ W_p·p/, frequencies: /It is the reverse/, extrapolation: /nearly identical results/ }],
    ['zh', { 'add-concat': /又变回了加法/, frequencies: /恰恰相反/, extrapolation: /几乎相同/ }],
  ]) {
    // Each on its chapter's page.
    for (const [anchor, text] of Object.entries(expected)) {
      await page.goto(env.site.url(pageFor(anchor, `?lang=${lang}`)));
      await waitForApp(page);
      assert.match(await page.textContent(`[data-testid="misconception-${anchor}"]`), text, `${lang} ${anchor}`);
    }
  }
  assertClean(problems);
  await context.close();
});
