// Lighthouse (Debian's Chromium, no download): accessibility and best practices must both score
// 100, on a phone-sized and a desktop-sized screen, in both languages, in presenter view and in
// lesson mode. The scores are printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import lighthouse from 'lighthouse';
import { useSite } from './harness.mjs';

const PORT = 9333;
// Lighthouse drives the browser over its DevTools port.
const env = useSite({ args: [`--remote-debugging-port=${PORT}`] });

const DESKTOP = {
  formFactor: 'desktop',
  screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
};

test('Lighthouse: accessibility 100 and best practices 100', async () => {
  const failures = [];
  for (const [name, query, settings] of [
    ['phone, en', '?lang=en', {}],
    ['phone, zh', '?lang=zh', {}],
    ['desktop, zh, dark, presenter', '?lang=zh&theme=dark&presenter=1', DESKTOP],
    // Lesson mode (the teacher's tools), in presenter view and on a phone.
    ['desktop, en, lesson mode', '?lang=en&step=7', DESKTOP],
    ['desktop, en, presenter, lesson mode', '?lang=en&presenter=1&step=12', DESKTOP],
    ['phone, zh, lesson mode', '?lang=zh&step=6', {}],
  ]) {
    const { lhr } = await lighthouse(env.site.url(query), {
      port: PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility', 'best-practices'],
      // No network throttling: a local server, and the scores measured here do not depend on it.
      throttlingMethod: 'provided',
      ...settings,
    });
    const scores = Object.values(lhr.categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`);
    console.log(`lighthouse ${name}: ${scores.join(', ')}`);
    for (const category of Object.values(lhr.categories)) {
      if (category.score === 1) continue;
      const failing = category.auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
        .map((audit) => `${audit.id}: ${audit.title}`);
      failures.push(`${name}: ${category.title} ${Math.round(category.score * 100)} (${failing.join('; ')})`);
    }
  }
  assert.deepEqual(failures, []);
});

// The page-load figures on a phone (Lighthouse's default: simulated slow 4G, 4× CPU slowdown),
// served with gzip as static hosts serve it. The target is 95 (docs/testing.md); the test fails
// below 90 only, so that one noisy run on a busy machine does not block CI, and the figures are
// in the output. The layout must not move while the page loads (CLS 0: the prerendered page and
// the app have the same boxes, and every canvas has its final shape before it first draws), and
// the largest paint is the prerendered text, not something the wasm renders.
test('Lighthouse mobile performance: at least 90 (target 95), no layout shift', async () => {
  const { lhr } = await lighthouse(env.site.url('?lang=en'), {
    port: PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const audit = (id) => lhr.audits[id];
  const score = Math.round(lhr.categories.performance.score * 100);
  const figures = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
    .map((id) => `${audit(id).title} ${audit(id).displayValue}`);
  console.log(`lighthouse performance, phone: ${score} (${figures.join(', ')})`);
  assert.equal(audit('cumulative-layout-shift').numericValue, 0, 'no layout shift while the page loads');
  assert.ok(audit('largest-contentful-paint').numericValue <= 1500, 'the largest paint within 1.5 s');
  assert.ok(score >= 90, `performance ${score} is below 90`);
});
