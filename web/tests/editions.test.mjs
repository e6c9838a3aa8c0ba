// The editions (docs/editions.md) in the browser: the lobby makes a table under the MLAG 2019-20
// rules and shows them; at a 2019-20 table the Third Party of a challenge is
// asked to join the Challenger or the Mover (VII-A-3).

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  BASE, LOADED, SHOTS, createTable, enabled, launch, newPage, newerOnAny, press, versions, visible,
} from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the lobby makes a 2019-20 table and the table shows its rules', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#edition');
  await page.selectOption('#game', 'basic');
  await page.selectOption('#edition', '2019-20');
  await page.selectOption('#seat-1-kind', 'bot');
  await page.selectOption('#seat-2-kind', 'bot');
  await page.fill('#create-name', 'Ann');
  await page.click('#create-button');
  await page.waitForSelector('h1 .sub:has-text("2019-20 rules")');
  const head = await page.locator('h1 .sub').innerText();
  assert.match(head, /Basic · 2019-20 rules/, head);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('.lobby-tables td:has-text("2019-20 rules")');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a 2019-20 Third Party joins the Challenger or the Mover (VII-A-3)', async () => {
  const t = await createTable({
    division: 'junior', adventurous: false, edition: '2019-20', bot_pace: 0, seed: 31,
    seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
  });
  const pages = [];
  for (const name of ['Ann', 'Bob', 'Cy']) {
    const page = await newPage(browser);
    await page.goto(`${BASE}${t.link}`);
    await page.fill('#join-name', name);
    await page.click('#join-form button[type=submit]');
    await page.waitForSelector(`.player.me:has-text("${name}")`);
    pages.push(page);
  }
  // Roll (all 18 cubes: B19 II-A offers no set-out), deal, arrange the Goal
  // in the Goal section (III-B-2-b: everyone sees it), then say "Goal".
  let mover = null;
  let arranged = false;
  const deadline = Date.now() + 4 * LOADED;
  while (!mover && Date.now() < deadline) {
    // Each act waits for its answer (`press`); with nothing to do the loop
    // waits for the table's next version, never a fixed time.
    const vs = await versions(pages);
    let acted = false;
    for (const page of pages) {
      if (await visible(page, '#now .hint')) {
        mover = page;
        break;
      }
      if (await enabled(page, '#now [data-key="roll-0"]')) {
        assert.equal(await page.locator('#now [data-key="roll-1"]').count(), 0, 'no set-out in MLAG Basic 2019-20');
        if (await press(page, '#now [data-key="roll-0"]')) acted = true;
      } else if (await enabled(page, '#now [data-key="deal"]')) {
        if (await press(page, '#now [data-key="deal"]')) acted = true;
      } else if (!arranged && (await enabled(page, '[data-key="arrange-goal"]'))) {
        await page.click('[data-key="arrange-goal"]');
        acted = true;
        for (const other of pages) {
          const line = await other.locator('#goal-arranged').innerText();
          assert.match(line, /In the Goal section, not yet set: .+ If the time runs out it is the Goal/, line);
        }
        await pages[0].waitForSelector('ol.log li:has-text("in the Goal section")');
        arranged = true;
      } else if (arranged && (await enabled(page, '[data-key="set-goal"]'))) {
        if (await press(page, '[data-key="set-goal"]')) acted = true;
      }
    }
    if (!acted && !mover) await newerOnAny(pages, vs);
  }
  assert.ok(arranged, 'the Goal-setter arranged the Goal first');
  assert.ok(mover, 'the shake reached the moves');
  // The player to move challenges Impossible against the Goal-setter.
  await mover.waitForSelector('#now [data-key="ch-imp"]:not([disabled])');
  await mover.click('#now [data-key="ch-imp"]');
  // The Third Party is the page that is asked to join a side.
  const third = await Promise.any(pages.filter((p) => p !== mover)
    .map((p) => p.waitForSelector('[data-key="join-other"]').then(() => p))).catch(() => null);
  assert.ok(third, 'the Third Party is asked');
  const present = await third.locator('[data-key="present"]').innerText();
  const joinWriter = await third.locator('[data-key="join-writer"]').innerText();
  const joinOther = await third.locator('[data-key="join-other"]').innerText();
  assert.match(present, /Join the Mover \(.+\): present my Solution/, present);
  assert.match(joinWriter, /Join the Mover \(.+\) \(I will write a Solution\)/, joinWriter);
  assert.match(joinOther, /Join the Challenger \(.+\) \(no Solution\)/, joinOther);
  assert.equal(await third.locator('[data-key="decline"]').count(), 0, 'joining the Challenger is the way not to write');
  const role = await third.locator('#now .role').innerText();
  assert.match(role, /join the Mover .* or the Challenger/, role);
  await third.screenshot({ path: path.join(SHOTS, 'table-2019-20-third-party.png'), fullPage: true });
  // VII-A-3, X-A-1: the Third Party declares for the Mover and must then write.
  await third.click('[data-key="join-writer"]');
  await third.waitForSelector('#now .role:has-text("You must write a Solution")');
  assert.equal(await third.locator('[data-key="join-other"]').count(), 0);
  assert.match(await third.locator('[data-key="present"]').innerText(), /^Present my Solution/);
  await third.fill('#solution', 'B ∪ R');
  await third.click('[data-key="present"]');
  // The Goal-setter, who must write, presents; the shake is scored.
  const writer = pages.find((p) => p !== mover && p !== third);
  await writer.waitForSelector('[data-key="present"]');
  assert.match(await writer.locator('[data-key="present"]').innerText(), /^Present my Solution/);
  await writer.fill('#solution', 'B ∪ R');
  await writer.click('[data-key="present"]');
  await writer.waitForSelector('#scoresheet-table tbody tr:not(.current)');
  for (const p of pages) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});
