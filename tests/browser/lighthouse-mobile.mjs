// Lighthouse's mobile performance run (its defaults: simulated slow 4G, 4× CPU slowdown) on one
// link, reduced to the figures the tests print and `make bench` checks. Shared by
// lighthouse.test.mjs (one run, printed) and bench-load.mjs (median of three, against targets).
import lighthouse from 'lighthouse';

import { pageFor } from './harness.mjs';

/**
 * The kinds of link a class opens: the default (the contents page at the site's root), a chapter
 * in Chinese, the same with a teacher's values, a lesson step in each language, a student link. The Chinese ones as the page and
 * its share dialog write them, on the chapter's Chinese page (zh/sinusoidal/); an old link to the
 * root page is sent there before its first paint, one redirect more.
 */
export const LOAD_LINKS = [
  ['English, the default link (the contents page)', ''],
  ['Chinese, a chapter (sinusoidal)', pageFor('heatmap', '?lang=zh')],
  ["Chinese, a chapter with a teacher's values", pageFor('heatmap', '?lang=zh&d_model=64&pos=12&hide=base,layout')],
  ['Chinese, a lesson step (12, extrapolation)', pageFor('extrapolation', '?lang=zh&step=12')],
  ['English, a lesson step (12, extrapolation)', pageFor('extrapolation', '?lang=en&step=12')],
  ['Chinese, a student link (hidden and locked controls, no lesson mode)', pageFor('heatmap', '?lang=zh&hide=step,presenter,theme,base&lock=d_model')],
];

/** One run on `url` through the browser listening on `port`: score, times in ms, CLS, LCP element. */
export async function mobilePerformance(url, port) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The full-page screenshot is for Lighthouse's report viewer, which nothing here opens.
    disableFullPageScreenshot: true,
  });
  const value = (id) => lhr.audits[id].numericValue;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: Math.round(value('first-contentful-paint')),
    lcp: Math.round(value('largest-contentful-paint')),
    tbt: Math.round(value('total-blocking-time')),
    cls: value('cumulative-layout-shift'),
    si: Math.round(value('speed-index')),
    // (Lighthouse 13 names the largest paint's element in its LCP breakdown insight.)
    largest: lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')?.nodeLabel ?? '?',
  };
}

/** One line for the log. */
export const describe = (r) =>
  `performance ${r.score}, FCP ${r.fcp} ms, LCP ${r.lcp} ms, TBT ${r.tbt} ms, CLS ${r.cls}, SI ${r.si} ms`;
