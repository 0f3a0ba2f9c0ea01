// Train it yourself: the training lab (src/ui/labs/train) in the extrapolation
// panel, trained by a worker of its own (src/bin/trainer.rs). The worker starts only when the
// lab is drawn; a link's run is the host's run number for number; pause, one step and reset
// do what they say; bad learning rates are named; a worker that cannot load says so; and the
// worker's speed is printed (the main thread's long tasks while it trains are `make bench`'s).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useSite, openPage, waitForApp, settle, assertClean, ROOT, pageFor, frames } from './harness.mjs';

const env = useSite();

const text = (page, testid) => page.getByTestId(testid).textContent();

/** The lab's default run (TrainSettings::default), as a link writes it. */
const DEFAULTS = 'tr_task=copy-back&tr_a=learned&tr_b=rope&tr_k=2&tr_length=12&tr_d=16&tr_heads=2&tr_lr=0.01&tr_steps=300&tr_seed=1';

/**
 * Opens `query` (a link that names the lab open, `labs=train`) on the lab's chapter page and brings
 * the training lab on screen (the tools draw it, then it starts its worker).
 */
async function openLab(query, options = {}) {
  const { context, page, problems } = await openPage(env.browser, env.site.origin, options);
  await page.goto(env.site.url(pageFor('lab-train', query)));
  await waitForApp(page);
  await page.getByTestId('panel-extrapolation').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-testid="train-title"]', { timeout: 30000 });
  await page.locator('#lab-train').scrollIntoViewIfNeeded();
  // The worker has answered the lab's first `reset` (step 0 of the planned steps).
  await page.waitForFunction(() => document.querySelector('[data-testid="train-progress"]')?.max > 1, null, { timeout: 30000 });
  return { context, page, problems };
}

/** Presses Train and waits until both runs are done (the button then offers to train again). */
async function trainToTheEnd(page) {
  await page.getByTestId('train-go').click();
  await page.waitForFunction(() => /again/.test(document.querySelector('[data-testid="train-go"]').textContent), null, { timeout: 120000 });
  await settle(page);
}

test('the worker starts only when the lab is drawn, and not on the first screen', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url(pageFor('lab-train', '?lang=en')));
  await waitForApp(page);
  await settle(page);
  assert.equal(page.workers().length, 0, 'a worker on the first screen');
  // The panel near: its labs are there, folded; the training lab, not drawn yet, starts nothing,
  // not even the tools that would draw it.
  await page.getByTestId('panel-extrapolation').scrollIntoViewIfNeeded();
  await page.getByTestId('train-fold').waitFor({ timeout: 30000 });
  await frames(page, 60);
  assert.equal(page.workers().length, 0, 'a worker for the folded lab');
  assert.equal(await page.evaluate(() => typeof self.peTeacher), 'undefined', 'the tools for a folded lab');
  // Unfolded, it is drawn, and starts its worker.
  await page.getByTestId('train-fold').click();
  await page.waitForSelector('[data-testid="train-title"]', { timeout: 30000 });
  await page.waitForFunction(() => /of 300/.test(document.querySelector('[data-testid="train-progress-text"]')?.textContent ?? ''), null, { timeout: 30000 });
  assert.equal(page.workers().length, 1);
  assert.match(page.workers()[0].url(), /train-worker\.js/);
  assertClean(problems);
  await context.close();
});

test('a link trains the host\'s run number for number, and the lab prints what it measured', async () => {
  const { context, page, problems } = await openLab(`?lang=en&labs=train&${DEFAULTS}`, { acceptDownloads: true });
  const started = Date.now();
  await trainToTheEnd(page);
  const seconds = (Date.now() - started) / 1000;
  // tests/lesson_mode.rs and lesson steps 15 and 16: the same figures from the host's core.
  assert.equal(await text(page, 'train-reached-0'), '150');
  assert.equal(await text(page, 'train-reached-1'), '80');
  assert.equal(await text(page, 'train-beyond-0'), '0.184');
  assert.equal(await text(page, 'train-beyond-1'), '1.000');
  // Every check's loss and accuracy, to the last bit: the host's recorded run (tests/tiny_training.rs).
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('train-csv').click()]);
  assert.equal(file.suggestedFilename(), 'training_copy-back_learned_rope_seed1.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  const recorded = readFileSync(resolve(ROOT, 'tests/data/tiny_training_default.csv'), 'utf8');
  assert.equal(csv.split('\n\n')[0] + '\n', recorded);
  // Both schemes trained to the end: one row each in the table of finished runs.
  const finishedRows = () => page.locator('[data-testid="train-table"] tbody th').allTextContents();
  assert.deepEqual(await finishedRows(), ['learned table', 'RoPE']);
  const progress = await text(page, 'train-progress-text');
  assert.match(progress, /^step 300 of 300/);
  const rate = Number(progress.match(/(\d+) steps\/s for each scheme/)[1]);
  // A speed: printed, not asserted (it depends on the machine's load; `make bench` has the lab's cases).
  console.log(`  training in the worker: 300 steps of each run in ${seconds.toFixed(2)} s on the clock; ${rate} steps/s for each scheme (the two in turn)`);
  assert.ok(rate > 0, progress);
  // Another scheme B: a new run; the finished rows stay as they were until it too is trained.
  await page.getByTestId('train-scheme-b').selectOption('4');
  await page.waitForFunction(() => /^step 0 of 300/.test(document.querySelector('[data-testid="train-progress-text"]').textContent));
  await settle(page);
  assert.deepEqual(await finishedRows(), ['learned table', 'RoPE']);
  await trainToTheEnd(page);
  assert.deepEqual(await finishedRows(), ['learned table', 'RoPE', 'ALiBi']);
  assert.equal(await text(page, 'train-reached-1'), 'never (300 steps)');
  assertClean(problems);
  await context.close();
});

test('one step, pause and reset do what they say; a new setting is a new run', async () => {
  const { context, page, problems } = await openLab(`?lang=en&labs=train&${DEFAULTS}`);
  await page.getByTestId('train-step').click();
  await page.waitForFunction(() => /^step 1 of 300/.test(document.querySelector('[data-testid="train-progress-text"]').textContent));
  // Slowly (one step every 30 ms), so that Pause lands mid-run.
  await page.getByTestId('train-pace').selectOption('1');
  await page.getByTestId('train-go').click();
  await page.waitForFunction(() => /^Pause/.test(document.querySelector('[data-testid="train-go"]').textContent));
  await page.waitForFunction(() => Number(/^step (\d+)/.exec(document.querySelector('[data-testid="train-progress-text"]').textContent)?.[1]) >= 3);
  await page.getByTestId('train-go').click();
  await page.waitForFunction(() => /^Train$/.test(document.querySelector('[data-testid="train-go"]').textContent));
  const paused = await text(page, 'train-progress-text');
  const step = Number(paused.match(/^step (\d+)/)[1]);
  assert.ok(step > 2 && step < 300, paused);
  // A run steps every 30 ms at this pace: thirty frames are many steps.
  await frames(page, 30);
  assert.equal(await text(page, 'train-progress-text'), paused, 'a paused run moved');
  // Paused: accuracy past the training length is measured.
  assert.match(await text(page, 'train-beyond-0'), /^\d\.\d{3}$/);
  await page.getByTestId('train-reset').click();
  await page.waitForFunction(() => /^step 0 of 300/.test(document.querySelector('[data-testid="train-progress-text"]').textContent));
  // A new setting: the runs start again, with the new number of steps in the link.
  await page.getByTestId('train-steps').fill('100');
  await page.waitForFunction(() => /^step 0 of 100/.test(document.querySelector('[data-testid="train-progress-text"]').textContent));
  await page.waitForFunction(() => /tr_steps=100/.test(location.search));
  assertClean(problems);
  await context.close();
});

test('bad values: a learning rate of 0 or a huge one is named, a bad link is reported and mended', async () => {
  let { context, page, problems } = await openLab(`?lang=en&labs=train&${DEFAULTS.replace('tr_lr=0.01', 'tr_lr=0')}`);
  assert.match(await text(page, 'train-health-0'), /Learning rate 0: .*nothing moves/);
  await context.close();
  ({ context, page, problems } = await openLab(`?lang=en&labs=train&${DEFAULTS.replace('tr_lr=0.01', 'tr_lr=1000')}`));
  await trainToTheEnd(page);
  assert.match(await text(page, 'train-health-0'), /learning rate too high/);
  assert.match(await text(page, 'train-health-1'), /learning rate too high/);
  assertClean(problems);
  await context.close();
  ({ context, page, problems } = await openLab('?lang=zh&labs=train&tr_a=transformer&tr_length=100&tr_d=15&tr_lr=-1'));
  const notice = await text(page, 'train-link-problems');
  assert.ok(['tr_a', 'tr_length', 'tr_d', 'tr_lr'].every((k) => notice.includes(k)), notice);
  await page.waitForFunction(() => /第 0 \/ 300 步/.test(document.querySelector('[data-testid="train-progress-text"]').textContent));
  assert.match(await text(page, 'train-health-0'), /学习率为 0/);
  assertClean(problems);
  await context.close();
});

// The main thread's longest task while two runs train depends on the machine's load: it is
// `make bench`'s (bench-ui's cases while two runs train, with their long tasks), not a test here.

test('a worker that cannot load says so in the lab, and the rest of the page keeps working', async () => {
  const { context, page } = await openPage(env.browser, env.site.origin);
  // (The context's route: the page's does not see a worker's requests.)
  await context.route('**/trainer_bg.wasm*', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(env.site.url(pageFor('lab-train', '?lang=en')));
  await waitForApp(page);
  await page.getByTestId('panel-extrapolation').scrollIntoViewIfNeeded();
  await page.getByTestId('train-fold').click({ timeout: 30000 });
  await page.waitForSelector('[data-testid="train-title"]', { timeout: 30000 });
  await page.waitForSelector('[data-testid="train-health-0"]', { timeout: 30000 });
  assert.match(await text(page, 'train-health-0'), /the training worker stopped \(.+\)\. Reload the page to try again\./);
  assert.match(await text(page, 'train-health-1'), /the training worker stopped/);
  // The page's own controls still answer.
  await page.getByTestId('slider-pos').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /pos=11/.test(location.search));
  await context.close();
});
