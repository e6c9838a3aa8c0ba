// Seats and names (docs/web.md): whoever makes a table sits down at once; a
// person may not take a bot's or another seat's name; long names are cut
// with an ellipsis (the full name in the title) and never widen the page;
// at 390 × 844 the lobby and the table fit the window.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  BASE, LOADED, SHOTS, createTable, enabled, launch, newPage, newerOnAny, press, versions,
} from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const LONG = 'Maximilianadelheidwolff'; // 23 characters, no space

/** The page is no wider than the window (no horizontal scroll). */
async function fits(page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
}

test('whoever makes the table sits down at once; without a name the cursor is in the name box', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-form');
  await page.fill('#create-name', 'Lee');
  await page.selectOption('#bot-pace', '0');
  await page.click('#create-button');
  await page.waitForSelector('.player.me:has-text("Lee")');
  assert.doesNotMatch(page.url(), /\?sit/, 'the address is the table’s link');
  await page.context().close();

  const other = await newPage(browser);
  await other.goto(`${BASE}/`);
  await other.waitForSelector('#create-form');
  await other.click('#create-button');
  await other.waitForSelector('#join-name');
  await other.waitForFunction(() => document.activeElement?.id === 'join-name');
  await other.context().close();
});

test('names: no bot’s name, no other seat’s name; bots are marked', async () => {
  const t = await createTable({
    division: 'middle', adventurous: false, bot_pace: 0,
    seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', level: 'club' }],
  });
  const ann = await newPage(browser);
  await ann.goto(`${BASE}${t.link}`);
  await ann.fill('#join-name', 'Beginner bot');
  await ann.click('#join-form button[type=submit]');
  await ann.waitForSelector('[data-area="join"]');
  assert.match(await ann.locator('[data-area="join"]').innerText(), /kept for the bots/);
  await ann.fill('#join-name', 'Ann');
  await ann.click('#join-form button[type=submit]');
  await ann.waitForSelector('.player.me:has-text("Ann")');
  const bob = await newPage(browser);
  await bob.goto(`${BASE}${t.link}`);
  await bob.fill('#join-name', 'ann');
  await bob.click('#join-form button[type=submit]');
  await bob.waitForSelector('[data-area="join"]');
  assert.match(await bob.locator('[data-area="join"]').innerText(), /“Ann” already plays at this table/);
  // The bot's seat says it is a bot.
  assert.ok(await bob.locator('#players .badge.bot').count() >= 1, 'the bot is marked');
  await ann.context().close();
  await bob.context().close();
});

test('phone: a long name is cut with an ellipsis, the lobby and the table fit 390 px', async () => {
  const page = await newPage(browser, PHONE);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-form');
  await page.fill('#create-name', LONG);
  await page.selectOption('#bot-pace', '0');
  await page.click('#create-button');
  await page.waitForSelector(`.player.me .seat-name[title="${LONG}"]`);
  const id = new URL(page.url()).pathname.split('/').pop();
  // Back in the lobby, the long name is in the list of tables: still no wider than the phone.
  await page.click('.home');
  await page.waitForSelector(`#table-list [data-table="${id}"]`);
  let f = await fits(page);
  assert.ok(f.scroll <= f.window, `the lobby is ${f.scroll} px wide in a ${f.window} px window`);
  await page.goBack();
  await page.waitForSelector('.player.me');
  // Play on until the mat and the Universe are on the table: each act waits
  // for its answer, and with nothing to do the loop waits for the next version.
  const deadline = Date.now() + 4 * LOADED;
  while (Date.now() < deadline && !(await page.locator('#universe .card').count())) {
    const vs = await versions([page]);
    let acted = false;
    for (const sel of ['#now [data-key="roll-0"]', '#now [data-key="deal"]']) {
      if ((await enabled(page, sel)) && (await press(page, sel))) acted = true;
    }
    if (!acted) await newerOnAny([page], vs);
  }
  await page.waitForSelector('#universe .card');
  f = await fits(page);
  assert.ok(f.scroll <= f.window, `the table is ${f.scroll} px wide in a ${f.window} px window`);
  // The name is cut with an ellipsis and carries the full name in its title.
  const cut = await page.locator(`.player.me .seat-name[title="${LONG}"] .name-text`).evaluate((el) => ({
    overflow: getComputedStyle(el).textOverflow, cut: el.scrollWidth > el.clientWidth,
  }));
  assert.equal(cut.overflow, 'ellipsis');
  await page.evaluate(() => window.scrollTo(0, 0));
  // The mat is above the fold, and no keyboard-shortcut instruction is shown on a phone.
  const matTop = await page.locator('#mat').evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(matTop < PHONE.height, `the mat starts at ${matTop} px in a ${PHONE.height} px high window`);
  const shortcuts = await page.locator('kbd').evaluateAll((ks) => ks.filter((k) => k.getClientRects().length > 0 && !k.closest('#help')).map((k) => k.textContent));
  assert.deepEqual(shortcuts, [], 'no keyboard shortcut shown on a phone');
  await page.screenshot({ path: path.join(SHOTS, 'phone.png') });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('phone: every page of the site fits 390 px (lobby, judge, lessons, 1969 games, puzzles, tournaments, account)', async () => {
  for (const path of ['/', '/judge', '/lessons', '/manual', '/puzzles', '/tournaments', '/account']) {
    const page = await newPage(browser, PHONE);
    await page.goto(`${BASE}${path}`);
    await page.waitForSelector('main#app > :not(p:only-child)');
    // The page's own content, drawn from its answers (as tests/a11y.test.mjs waits).
    await page.waitForLoadState('networkidle');
    const f = await fits(page);
    assert.ok(f.scroll <= f.window, `${path} is ${f.scroll} px wide in a ${f.window} px window`);
    await page.context().close();
  }
});
