// Adventurous On-Sets: the variation selection sheet with its blanks, filled
// in the page (which cube is wild), and the choice on the chart for everyone.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, createTable, enabled, launch, newPage, sleep, visible } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the variation sheet: choose a wild cube, see it in force', async () => {
  const t = await createTable({
    division: 'junior', adventurous: true, checking: 'judge', seed: 3, bot_pace: 0,
    seats: [{ kind: 'human' }, { kind: 'bot', level: 'club' }],
  });
  const page = await newPage(browser);
  await page.goto(`${BASE}${t.link}`);
  await page.fill('#join-name', 'Val');
  await page.click('#join-form button[type=submit]');
  await page.waitForSelector('.player.me:has-text("Val")');
  let chose = '';
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    if (await visible(page, '#mat .in-force') && (await page.locator('#mat .in-force').innerText()).includes('wild-cube')) break;
    if (await enabled(page, '#now [data-key^="roll-"]')) await page.click('#now [data-key^="roll-"]');
    else if (await enabled(page, '#now [data-key="deal"]')) await page.click('#now [data-key="deal"]');
    else if (await visible(page, '.var-sheet')) {
      if (!chose) {
        // Junior lists only its own variations (XIII-C): no Two Solutions here.
        assert.equal(await page.locator('#var-two-solutions').count(), 0);
        await page.check('#var-wild-cube');
        const blank = page.locator('#var-wild-cube-blank');
        await blank.selectOption({ index: 1 });
        chose = await blank.inputValue();
        await page.click('[data-key="var-send"]');
      } else if (await enabled(page, '[data-key="var-end"]')) {
        await page.click('[data-key="var-end"]');
      } else {
        await page.check('#var-required-cube');
        await page.locator('#var-required-cube-blank').selectOption({ index: 1 });
        await page.click('[data-key="var-send"]');
      }
      await sleep(300);
    }
    await sleep(200);
  }
  assert.ok(chose, 'the sheet was offered');
  const log = await page.locator('#happenings').innerText();
  assert.ok(log.includes(`chose the variation “wild-cube ${chose}”`), log);
  assert.match(await page.locator('#mat .in-force').innerText(), new RegExp(`wild-cube ${chose}`));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
