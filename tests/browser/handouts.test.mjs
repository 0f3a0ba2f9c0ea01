// The printed handouts (src/ui/handout.rs): for every lesson plan and both languages, Chromium's
// PDF of the worksheet holds every question of the plan and none of the answers, the answer
// key's holds every answer, the teacher's guide's every note, on A4 and on Letter; no question
// is split across two pages. The text is taken out of the PDF itself (pdf.js), not the page.
import test from 'node:test';
import assert from 'node:assert/strict';
import { useSite, openPage, waitForApp, assertClean, lessonSteps, lessonPlans } from './harness.mjs';

// pdf.js uses Promise.withResolvers, which Node has from version 22; the machines run 20.
Promise.withResolvers ??= function withResolvers() {
  let resolve;
  let reject;
  const promise = new this((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');

const env = useSite();
const steps = lessonSteps();
const plans = lessonPlans();

// A PDF names each glyph by the first code point the font maps to it: for a character with a
// twin among the CJK radicals that is the radical. NFKC folds the Kangxi radicals (⽣ → 生); the
// simplified ones of the Radicals Supplement it leaves, so they are folded here, as Unicode's
// EquivalentUnifiedIdeograph.txt pairs them. One Kangxi radical folds to a traditional form
// where the text has the simplified one: ⼾ (for 户) becomes 戶, so 戶 is read as 户. Dashes
// that share a glyph come out the same way (― for —, ‒ for –).
const RADICALS = new Map([...'⻅见⻆角⻉贝⻋车⻓长⻔门⻚页⻛风⻜飞⻢马⻥鱼⻦鸟⻩黄⻬齐⻮齿⻰龙⻳龟戶户―—‒–']
  .reduce((pairs, ch, i, all) => (i % 2 ? pairs : [...pairs, [ch, all[i + 1]]]), []));

/** Text as compared: Unicode-compatible forms (the PDF's ⽣ is 生, ⻅ is 见), no white space, one case. */
const norm = (text) => [...text.normalize('NFKC')].map((ch) => RADICALS.get(ch) ?? ch).join('')
  .replace(/\s+/g, '').toLowerCase();

/** Each page's text of a PDF, normalized. */
async function pdfPages(bytes) {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const doc = await task.promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(norm(content.items.map((item) => item.str).join('')));
  }
  await task.destroy();
  return pages;
}

async function printed(page, path, format) {
  await page.goto(env.site.url(path));
  await page.emulateMedia({ media: 'print' });
  return pdfPages(await page.pdf({ format, printBackground: true }));
}

const LABELS = {
  en: { question: (n) => `Question ${n}`, prediction: 'My prediction, and why:', clicker: 'No step needs the mouse.', run: 'the first Page Down starts the training run' },
  zh: { question: (n) => `第 ${n} 题`, prediction: '我的预测和理由：', clicker: '没有哪一步需要鼠标。', run: '第一次按 Page Down 会在实验中开始训练' },
};

for (const lang of ['en', 'zh']) {
  const folder = lang === 'zh' ? 'zh/print' : 'print';
  test(`${lang}: every plan's worksheet asks every question and answers none; its answer key and guide answer all`, async () => {
    const { context, page, problems } = await openPage(env.browser, env.site.origin, { viewport: { width: 794, height: 1123 } });
    for (const [id, plan] of Object.entries(plans)) {
      const questions = plan.steps.map((s) => norm(steps[s].question[lang]));
      const minutes = plan.steps.reduce((sum, s) => sum + steps[s].minutes, 0);
      for (const format of ['A4', 'Letter']) {
        const sheet = await printed(page, `${folder}/${id}-worksheet.html`, format);
        // What a teacher prints: two sheets for a plan of up to 25 minutes, four for the tour.
        const most = minutes <= 25 ? 2 : 4;
        console.log(`${lang} ${id} worksheet (${plan.steps.length} questions, ${minutes} min), ${format}: ${sheet.length} pages`);
        assert.ok(sheet.length <= most, `${id} ${lang} ${format}: ${sheet.length} pages, at most ${most}`);
        const whole = sheet.join('');
        assert.ok(whole.includes(norm(plan.title[lang])), `${id} ${lang}: title`);
        plan.steps.forEach((step, at) => {
          const question = questions[at];
          // On one page with its number and the room to write: never split.
          const on = sheet.findIndex((text) => text.includes(question));
          assert.ok(on >= 0, `${id} ${lang} ${format}: question of step ${step} whole on one page`);
          assert.ok(sheet[on].includes(norm(LABELS[lang].question(at + 1))), `${id} ${lang}: question ${at + 1} heading`);
          const after = sheet[on].slice(sheet[on].indexOf(question));
          assert.ok(after.includes(norm(LABELS[lang].prediction)), `${id} ${lang} ${format}: step ${step}'s writing room on its page`);
          // No answer: neither the reveal text nor any of its words that no question states.
          assert.ok(!whole.includes(norm(steps[step].reveal[lang])), `${id} ${lang}: step ${step}'s answer`);
          for (const word of steps[step].words[lang]) {
            const w = norm(word);
            if (questions.some((q) => q.includes(w)) || norm(plan.aim[lang]).includes(w)) continue;
            assert.ok(!whole.includes(w), `${id} ${lang}: step ${step}'s answer word "${word}" on the worksheet`);
          }
        });
      }
      const key = (await printed(page, `${folder}/${id}-answers.html`, 'A4')).join('');
      const guide = (await printed(page, `${folder}/${id}-guide.html`, 'Letter')).join('');
      for (const step of plan.steps) {
        const { question, reveal, answer, notes } = steps[step];
        for (const [name, text] of [['answer key', key], ['guide', guide]]) {
          assert.ok(text.includes(norm(question[lang])), `${id} ${lang} ${name}: step ${step}'s question`);
          assert.ok(text.includes(norm(reveal[lang])), `${id} ${lang} ${name}: step ${step}'s answer`);
          assert.ok(text.includes(norm(answer[lang])), `${id} ${lang} ${name}: step ${step}'s "${answer[lang]}"`);
        }
        for (const kind of ['misconception', 'point', 'ask']) {
          assert.ok(guide.includes(norm(notes[lang][kind])), `${id} ${lang} guide: step ${step}'s ${kind}`);
        }
      }
      assert.ok(minutes <= 45, `${id}: ${minutes} minutes`);
      // The guide says the clicker is enough, and how a step that trains runs on it.
      assert.ok(guide.includes(norm(LABELS[lang].clicker)), `${id} ${lang} guide: the clicker`);
      const runs = plan.steps.filter((s) => steps[s].run);
      const marked = guide.split(norm(LABELS[lang].run)).length - 1;
      assert.equal(marked, runs.length, `${id} ${lang} guide: the steps that train (${runs.join(', ')}) marked`);
      assert.ok(guide.includes(norm(lang === 'zh' ? `${minutes} 分钟` : `${minutes} min`)), `${id} ${lang} guide: ${minutes} minutes`);
    }
    assertClean(problems);
    await context.close();
  });
}

test('the plan picker and the share dialog link to each plan\'s handouts, in the page\'s language', async () => {
  const { context, page, problems } = await openPage(env.browser, env.site.origin);
  await page.goto(env.site.url('zh/sinusoidal/?lang=zh'));
  await waitForApp(page);
  await page.getByTestId('lesson-toggle').click();
  await page.getByTestId('plan-picker').waitFor();
  for (const id of Object.keys(plans)) {
    await page.getByTestId(`plan-${id}`).getByText(plans[id].title.zh).waitFor();
    for (const kind of ['worksheet', 'answers', 'guide']) {
      const href = await page.getByTestId(`plan-picker`).getByTestId(`handout-${id}-${kind}`).getAttribute('href');
      assert.match(href, new RegExp(`zh/print/${id}-${kind}\\.html$`));
      const response = await page.request.get(new URL(href, page.url()).href);
      assert.equal(response.status(), 200, href);
    }
  }
  assertClean(problems);
  await context.close();
});
