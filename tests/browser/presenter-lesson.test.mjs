// A lesson a lecturer runs with a clicker on a projector: presenter view, Page Down only, every
// step in both languages, at 1920 × 1080 and on a 720-line projector (1280 × 720). Before Reveal
// none of the answer's words and numbers (their list per step is in assets/lesson.txt) is on
// the page; after the first Page Down all of them are, and the answer the panel prints is on
// screen without scrolling. Read from the back row: the lesson bar at most a fifth of the screen,
// the question in slide type, everything in the step's panel at least 24 px (chart text measured
// where the canvas or SVG draws it), no chart stretched, and the payoff (the answer and the
// read-outs and charts that show it) between the bar and the bottom of the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, settle, assertClean, stepPage, onStepPage, pageFor, lessonSteps, steady } from './harness.mjs';

const env = useSite();

/** For each of `words`, whether any element shows it (innerText leaves out hidden and masked
 * elements). */
const seen = (page, words) => page.evaluate((words) => words.map((word) => ({
  word,
  shown: [...document.querySelectorAll('body *')]
    .some((e) => e.getClientRects().length > 0 && e.innerText?.includes(word)),
})), words);

/**
 * Records the size every canvas writes its text at, in CSS pixels as shown (the font's size in
 * the canvas's pixels, times the box's width over the canvas's): per canvas, the smallest of its
 * last drawing (a drawing starts by clearing the whole canvas). A font not in pixels is NaN.
 */
function recordCanvasText() {
  window.canvasText = new Map();
  const clear = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function (...args) {
    if (args[2] >= this.canvas.width && args[3] >= this.canvas.height) window.canvasText.delete(this.canvas);
    return clear.apply(this, args);
  };
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (...args) {
    const canvas = this.canvas;
    const px = parseFloat(/([\d.]+)px/.exec(this.font)?.[1] ?? 'NaN');
    const shown = px * canvas.getBoundingClientRect().width / canvas.width;
    window.canvasText.set(canvas, Math.min(window.canvasText.get(canvas) ?? Infinity, shown));
    return fill.apply(this, args);
  };
}

/** The canvases of panel `id` whose box has not its drawing's shape (a circle drawn as an
 * ellipse), within 1 %. */
const stretchedCanvases = (page, id) => page.evaluate((id) => [...document.getElementById(id).querySelectorAll('canvas')]
  .filter((c) => c.getClientRects().length)
  .map((c) => {
    const box = c.getBoundingClientRect();
    return { id: c.dataset.testid, stretch: (box.width / box.height) / (c.width / c.height) };
  })
  .filter(({ stretch }) => Math.abs(stretch - 1) > 0.01)
  .map(({ id, stretch }) => `${id} ×${stretch.toFixed(3)}`), id);

/** What a lecturer at the back of the room cannot read or see in the step's panel `id`. */
const backRow = (page, { id, payoff, declared }) => page.evaluate(({ id, payoff, declared }) => {
  const found = [];
  const panel = document.getElementById(id);
  const bar = document.querySelector('.lesson-bar');
  const barBox = bar.getBoundingClientRect();
  const small = new Map();
  for (const e of panel.querySelectorAll('*')) {
    if (!e.getClientRects().length || e.closest('math, svg')) continue;
    const text = [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()) || e.matches('input, select, output, button');
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (text && size < 24) small.set(`${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).split(' ')[0]}` : ''}`, size);
  }
  for (const [what, size] of small) found.push(`${what} is ${size}px`);
  for (const t of panel.querySelectorAll('svg text')) {
    if (!t.getClientRects().length) continue;
    const size = t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize);
    if (size < 23.5) { found.push(`${t.closest('svg').dataset.testid}'s text is drawn at ${size.toFixed(1)}px`); break; }
  }
  for (const c of panel.querySelectorAll('canvas')) {
    if (!c.getClientRects().length || !window.canvasText.has(c)) continue;
    // A canvas that writes no text (a marker layer) has no record.
    const text = window.canvasText.get(c);
    if (!(text >= 23.5)) found.push(`${c.dataset.testid}'s text is drawn at ${text}px`);
  }
  if (bar.scrollHeight > 0.2 * innerHeight + 1) found.push(`the lesson bar is ${bar.scrollHeight}px of ${innerHeight}`);
  // The payoff: the read-outs and charts that show the answer, below the bar and on the screen.
  for (const name of payoff) {
    const shown = [...panel.querySelectorAll(`[data-readout="${name}"], [data-answer="${name}"]`)]
      .filter((e) => e.getClientRects().length);
    // A payoff line names what the panel shows; all that a step masks may include a sentence
    // of another panel (hidden in presenter view with that panel).
    if (shown.length === 0 && declared) found.push(`nothing of ${name} is shown`);
    for (const e of shown.filter((e) => e.matches('[data-readout]'))) {
      const r = e.getBoundingClientRect();
      if (r.top < barBox.bottom - 1 || r.bottom > innerHeight + 1) found.push(`${name} at ${Math.round(r.top)}–${Math.round(r.bottom)}, not between ${Math.round(barBox.bottom)} and ${innerHeight}`);
    }
  }
  return found;
}, { id, payoff, declared });

const SCREENS = [
  { lang: 'en', width: 1920, height: 1080 },
  { lang: 'zh', width: 1920, height: 1080 },
  { lang: 'en', width: 1280, height: 720 },
  { lang: 'zh', width: 1280, height: 720 },
];

for (const { lang, width, height } of SCREENS) {
  test(`presenter view, ${lang}, ${width} × ${height}: Page Down reveals each step, then moves on; the answer is off the screen before and on it after, read from the back row`, async () => {
    const steps = lessonSteps();
    // Every step is walked; what fails is reported together at the end.
    const failures = [];
    const check = (ok, message) => { if (!ok) failures.push(message); };
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width, height } });
    await page.addInitScript(recordCanvasText);
    try {
      await page.goto(env.site.url(stepPage(1, `?lang=${lang}&presenter=1&step=1`)));
      await waitForApp(page);
      for (let n = 1; n <= 24; n += 1) {
        const { panel, lab, answer, words, masks = [], payoff: shows } = steps[n];
        await onStepPage(page, n);
        await page.waitForFunction((s) => document.documentElement.dataset.lessonPanel &&
          /^(Predict|先猜一猜)/.test(document.querySelector('[data-testid="lesson-prompt"]')?.textContent ?? '') &&
          new URLSearchParams(location.search).get('step') === String(s), n, { timeout: 30000 });
        if (lab) await page.waitForSelector(`[data-testid="${lab}-title"]`, { timeout: 30000 });
        if (panel === 'real-data') {
          await page.waitForFunction(() => /e-/.test(document.querySelector('[data-testid="real-fit-sinusoidal"]')?.textContent ?? ''), null, { timeout: 60000 });
        }
        await settle(page);
        const slide = await page.evaluate((id) => ({
          question: parseFloat(getComputedStyle(document.querySelector('[data-testid="lesson-prompt"]')).fontSize),
          bar: document.querySelector('.lesson-bar').scrollHeight,
          panel: document.getElementById(id).getBoundingClientRect().width,
          controls: document.querySelector('aside.controls').getClientRects().length,
          wide: document.documentElement.scrollWidth,
        }), panel);
        // On a 720-line projector a CSS pixel is half as large again: 22 px read as 33.
        check(slide.question >= (height >= 1080 ? 32 : 22), `step ${n}: the question is ${slide.question}px`);
        check(slide.bar <= 0.2 * height + 1, `step ${n}: the lesson bar is ${slide.bar}px before Reveal`);
        check(slide.panel >= 0.9 * width, `step ${n}: the panel is ${slide.panel}px wide`);
        check(slide.controls === 0, `step ${n}: a parameter column`);
        check(slide.wide <= width, `step ${n}: the page is ${slide.wide}px wide`);
        // No chart stretched from its first drawing on (a canvas fitted to a box that then changes).
        const stretched = await stretchedCanvases(page, panel);
        check(stretched.length === 0, `step ${n}: stretched before Reveal: ${stretched.join(', ')}`);
        const before = (await seen(page, [answer[lang], ...words[lang]])).filter((w) => w.shown).map((w) => w.word);
        check(before.length === 0, `step ${n}: on screen before Reveal: ${before.join(' | ')}`);

        await page.keyboard.press('PageDown');
        // A step whose answer is a run trains first (its progress is a status in the bar): the
        // strip keeps its size meanwhile.
        await page.waitForFunction(() => document.querySelector('[data-testid="lesson-run"]') ||
          document.documentElement.hasAttribute('data-revealed'));
        const running = await page.evaluate(() => document.querySelector('.lesson-bar').scrollHeight);
        check(running <= 0.2 * height + 1, `step ${n}: the lesson bar is ${running}px after the first Page Down`);
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-revealed'));
        // The payoff is brought on screen after the panel's redraw and the bar's change, and kept
        // there until the page settles: the page says when (ui/teacher/scroll.rs).
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-payoff-shown'), null, { timeout: 30000 });
        await settle(page);
        // Each of the answer's words is on the page (the panel's sentences that state it, the
        // short reveal); the teacher reads the whole reveal text in the notes window.
        const after = (await seen(page, words[lang])).filter((w) => !w.shown).map((w) => w.word);
        check(after.length === 0, `step ${n}: not on the page after Reveal: ${after.join(' | ')}`);
        const payoff = await page.evaluate(({ id, answer }) => {
          const barBottom = document.querySelector('.lesson-bar').getBoundingClientRect().bottom;
          const holders = [...document.getElementById(id).querySelectorAll('*')]
            .filter((e) => e.getClientRects().length > 0 && e.innerText?.includes(answer));
          const inner = holders.filter((e) => ![...e.children].some((c) => c.innerText?.includes(answer)));
          return inner.map((e) => {
            const r = e.getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, barBottom };
          });
        }, { id: panel, answer: answer[lang] });
        check(payoff.some((r) => r.top >= r.barBottom - 1 && r.bottom <= height + 1), `step ${n}: the panel's answer ${answer[lang]} is not on screen below the bar (${JSON.stringify(payoff)})`);
        const stretchedAfter = await stretchedCanvases(page, panel);
        check(stretchedAfter.length === 0, `step ${n}: stretched after Reveal: ${stretchedAfter.join(', ')}`);
        for (const problem of await backRow(page, { id: panel, payoff: shows ?? masks, declared: shows !== undefined })) check(false, `step ${n}: ${problem}`);
        if (n < 24) await page.keyboard.press('PageDown');
      }
      assert.deepEqual(failures, []);
      assertClean(problems);
    } finally {
      await context.close();
    }
  });
}

/** A CSS colour (`#rgb`, `#rrggbb` or `rgb(…)`) as [r, g, b]. */
function rgb(text) {
  const t = text.trim();
  if (t.startsWith('#')) {
    const hex = t.length === 4 ? [...t.slice(1)].map((c) => c + c).join('') : t.slice(1);
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  }
  return t.match(/\d+/g).slice(0, 3).map(Number);
}

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('every chart\'s text and markers are drawn in the theme\'s text colour, at least 4.5 : 1 on the panel: dark theme, presenter view dark and light', async () => {
  // Charts with axis text, one page each: their labels are drawn in the theme's text colour
  // (read from the stylesheet, ui/canvas.rs: ThemeColors), measured here on the canvas pixels.
  const charts = [
    ['waves', 'canvas-waves'], ['frequencies', 'canvas-frequencies'],
    ['dot-product', 'canvas-dot-curve'], ['extrapolation', 'canvas-extrap-neighbours'],
    ['rope', 'canvas-rope-decay'], ['alibi', 'canvas-alibi-slopes'], ['rotation', 'canvas-rotation'],
  ];
  const failures = [];
  for (const look of ['theme=dark', 'presenter=1&theme=dark', 'presenter=1&theme=light']) {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 1920, height: 1080 } });
    let visited;
    for (const [panel, testid] of charts) {
      const address = env.site.url(pageFor(panel, `?lang=en&${look}`));
      // Charts of one chapter are measured on one visit.
      if (visited !== address) {
        visited = address;
        await page.goto(address);
        await waitForApp(page);
      }
      await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).scrollIntoView({ block: 'center' }), testid);
      // Seen by the observer, drawn at the next frame, at rest.
      await steady(page, (id) => {
        const canvas = document.querySelector(`[data-testid="${id}"]`);
        return [scrollY, canvas.width, canvas.height];
      }, testid);
      await settle(page);
      // Counted in the page: the canvas's pixels would be megabytes to hand over.
      const read = await page.evaluate((id) => {
        const canvas = document.querySelector(`[data-testid="${id}"]`);
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        const root = getComputedStyle(document.documentElement);
        // The stylesheet's colour as the canvas draws it: through a 1-pixel canvas.
        const probe = document.createElement('canvas').getContext('2d');
        probe.fillStyle = root.getPropertyValue('--fg').trim();
        probe.fillRect(0, 0, 1, 1);
        const fg = Array.from(probe.getImageData(0, 0, 1, 1).data.slice(0, 3));
        let text = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3] >= 250 && Math.abs(data[i] - fg[0]) <= 2 && Math.abs(data[i + 1] - fg[1]) <= 2 && Math.abs(data[i + 2] - fg[2]) <= 2) text += 1;
        }
        return { text, fg: root.getPropertyValue('--fg'), panel: root.getPropertyValue('--panel') };
      }, testid);
      const fg = rgb(read.fg);
      const bg = rgb(read.panel);
      const { text } = read;
      const ratio = contrast(fg, bg);
      console.log(`${look} ${testid}: ${text} pixels in the text colour ${read.fg.trim()} on ${read.panel.trim()}, contrast ${ratio.toFixed(1)}`);
      if (text < 30) failures.push(`${look} ${testid}: only ${text} pixels in the text colour`);
      if (ratio < 4.5) failures.push(`${look}: text colour contrast ${ratio.toFixed(2)}`);
    }
    assertClean(problems);
    await context.close();
  }
  assert.deepEqual(failures, []);
});
