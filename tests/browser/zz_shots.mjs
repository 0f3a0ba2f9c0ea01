import { serve, launch, openPage, waitForApp, pageFor, settle } from './harness.mjs';
const site = await serve('dist', '/');
const browser = await launch();
const shots = [
  ['rotation', '?lang=zh', 375, 'rot_zh_375'],
  ['rotation', '?lang=en', 1280, 'rot_en_1280'],
  ['rotation', '?lang=en&layout=split', 1280, 'rot_split'],
];
for (const [anchor, q, w, name] of shots) {
  const { context, page } = await openPage(browser, site.origin, { viewport: { width: w, height: 900 } });
  await page.goto(site.url(pageFor(anchor, q)));
  await waitForApp(page);
  await page.locator('#' + anchor).scrollIntoViewIfNeeded();
  await settle(page);
  await page.locator('#' + anchor).screenshot({ path: `/tmp/${name}.png` });
  await context.close();
}
await browser.close(); await site.close();
