import { serve, launch, openPage, waitForApp, settle } from './harness.mjs';
const server = await serve('dist');
const browser = await launch();
try {
  const { page } = await openPage(browser, server.origin);
  await page.goto(server.url(process.argv[2] ?? '?m=3#rope'));
  for (let i = 0; i < 30; i++) {
    const r = await page.evaluate(() => ({ t: Math.round(performance.now()), ready: document.documentElement.hasAttribute('data-ready'), top: Math.round(document.getElementById('rope')?.getBoundingClientRect().top), y: Math.round(scrollY), notice: document.querySelector('section.notice')?.getBoundingClientRect().height, labs: document.querySelectorAll('[data-lab] h3').length }));
    console.log(JSON.stringify(r));
    await page.waitForTimeout(150);
  }
} finally {
  await browser.close();
  await server.close();
}
