// Adventurous On-Sets: the variation selection sheet (II-C, XIII). It offers
// only the division's variations and, for each, only choices the server
// lists as legal (with an effect, no point lost); ✓ marks them before any
// pick; nothing is pre-selected; the heading's time is the running timer;
// the choice shows in the rule's words on the mat and in the log.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  BASE, LOADED, createTable, enabled, launch, newPage, newerOnAny, press, tableVersion, versions, visible,
} from './helpers.mjs';
import { VARIATIONS, selectable } from '../js/words.js';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** XIII: each division's list, as the rules name them. */
const LISTS = {
  elementary: ['required-cube', 'wild-cube', 'union-intersection-interchangeable', 'universe-empty-interchangeable', 'two-operations', 'multiple-operations', 'shift-from-permitted'],
  middle: ['required-cube', 'wild-cube', 'union-intersection-interchangeable', 'universe-empty-interchangeable', 'two-operations', 'multiple-operations', 'shift-from-permitted', 'no-null-restrictions', 'absolute-value'],
  // XIII-C: Multiple Operations and the two Interchangeables are in effect for every shake.
  junior: ['required-cube', 'wild-cube', 'two-operations', 'shift-from-permitted', 'no-null-restrictions', 'absolute-value', 'double-set', 'required-card', 'forbidden-card', 'blank-card-wild'],
  senior: ['required-cube', 'wild-cube', 'two-operations', 'shift-from-permitted', 'no-null-restrictions', 'absolute-value', 'double-set', 'required-card', 'forbidden-card', 'blank-card-wild', 'symmetric-difference', 'two-solutions'],
};

test('XIII: each division selects from its own list', () => {
  for (const [division, list] of Object.entries(LISTS)) {
    const mine = VARIATIONS.filter((v) => selectable(v.key, division)).map((v) => v.key);
    assert.deepEqual(mine.sort(), [...list].sort(), division);
  }
});

test('the variation sheet: only choices without a penalty, ✓ before any pick, the rule’s words', async () => {
  const t = await createTable({
    division: 'middle', adventurous: true, checking: 'judge', seed: 3, bot_pace: 0,
    seats: [{ kind: 'human' }, { kind: 'bot', level: 'club' }],
  });
  const page = await newPage(browser);
  await page.goto(`${BASE}${t.link}`);
  await page.fill('#join-name', 'Val');
  await page.click('#join-form button[type=submit]');
  await page.waitForSelector('.player.me:has-text("Val")');
  let chose = '';
  const deadline = Date.now() + 4 * LOADED;
  while (Date.now() < deadline) {
    if (chose && (await visible(page, '#mat .in-force')) && (await page.locator('#mat .in-force').innerText()).includes('Wild Cube')) break;
    // Each act waits for its answer; with nothing to do (the bot's turn) the
    // loop waits for the table's next version, never a fixed time.
    const vs = await versions([page]);
    let acted = false;
    if (await enabled(page, '#now [data-key^="roll-"]')) acted = await press(page, '#now [data-key^="roll-"]');
    else if (await enabled(page, '#now [data-key="deal"]')) acted = await press(page, '#now [data-key="deal"]');
    else if (await visible(page, '.var-sheet')) {
      if (!chose) {
        // Only the Middle list (XIII-B): no Double Set, no Two Solutions.
        for (const key of await page.locator('.var-sheet input[type=radio]').evaluateAll((els) => els.map((e) => /** @type {HTMLInputElement} */ (e).value))) {
          assert.ok(LISTS.middle.includes(key), key);
        }
        // Nothing is picked yet, and every offered variation already has its ✓.
        assert.equal(await page.locator('.var-sheet input[type=radio]:checked').count(), 0, 'nothing pre-selected');
        const rows = await page.locator('.var-row').count();
        assert.ok(rows > 0);
        assert.equal(await page.locator('.var-row .ok').count(), rows, 'a ✓ on every offered variation before any pick');
        // The heading's time is the running timer, the same as the big sand timer.
        // Both read in one go, and again until a second's tick is not between
        // them (two reads a second apart on a loaded machine: 1:13 and 1:12).
        const heading = await page.locator('#now .big-line .timer .timer-text').innerText();
        assert.match(heading, /^\d:\d\d$/);
        await page.waitForFunction(() => {
          const a = document.querySelector('#now .big-line .timer .timer-text')?.textContent;
          return !!a && a === document.querySelector('#now > .timer.big .timer-text')?.textContent;
        });
        await page.check('#var-wild-cube');
        const blank = page.locator('#var-wild-cube-blank');
        // XIII-B-2: in Middle the wild cube may not be = or ⊆.
        const options = await blank.locator('option').evaluateAll((els) => els.map((e) => /** @type {HTMLOptionElement} */ (e).value));
        assert.ok(options.length > 0);
        for (const o of options) assert.ok(!['=', '⊆'].includes(o), `Wild Cube offers ${o}`);
        await blank.selectOption({ index: options.length - 1 });
        chose = await blank.inputValue();
        const v = await tableVersion(page);
        await page.click('[data-key="var-send"]');
        await page.waitForFunction((n) => Number(document.querySelector('.table-page')?.getAttribute('data-version')) > n
          || !!document.querySelector('.notice.error'), v);
        acted = true;
      } else if (await enabled(page, '[data-key="var-end"]')) {
        assert.equal(await page.locator('.var-sheet input[type=radio]:checked').count(), 0, 'the last choice is not pre-selected');
        acted = await press(page, '[data-key="var-end"]');
      }
    }
    if (!acted) await newerOnAny([page], vs);
  }
  assert.ok(chose, 'the sheet was offered');
  const log = await page.locator('#happenings').innerText();
  assert.ok(log.includes(`chose the variation “Wild Cube ${chose}”`), log);
  assert.match(await page.locator('#mat .in-force').innerText(), new RegExp(`Wild Cube ${chose.replace(/[()′∩∪−]/g, '.')}`));
  // Never the engine's ids.
  assert.doesNotMatch(`${log}\n${await page.locator('#mat').innerText()}`, /wild-cube|required-cube/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Junior: Required Card offers the cards dealt beyond the first two, Double Set more than B and R′', async () => {
  const t = await createTable({
    division: 'junior', adventurous: true, checking: 'judge', seed: 3, bot_pace: 0,
    seats: [{ kind: 'human' }, { kind: 'bot', level: 'club' }],
  });
  const page = await newPage(browser);
  await page.goto(`${BASE}${t.link}`);
  await page.fill('#join-name', 'Val');
  await page.click('#join-form button[type=submit]');
  await page.waitForSelector('.player.me:has-text("Val")');
  const deadline = Date.now() + 4 * LOADED;
  let seen = false;
  while (Date.now() < deadline && !seen) {
    const vs = await versions([page]);
    let acted = false;
    if (await enabled(page, '#now [data-key^="roll-"]')) acted = await press(page, '#now [data-key^="roll-"]');
    else if (await enabled(page, '#now [data-key="deal"]')) acted = await press(page, '#now [data-key="deal"]');
    else if (await visible(page, '.var-sheet')) {
      const cards = await page.locator('#var-required-card-blank option').count();
      const dealt = await page.locator('#universe .card').count();
      assert.ok(cards > 2 && cards <= dealt, `${cards} cards offered of ${dealt}`);
      const sets = await page.locator('#var-double-set-blank option').allInnerTexts();
      assert.ok(sets.length > 2, sets.join(' | '));
      seen = true;
    }
    if (!acted && !seen) await newerOnAny([page], vs);
  }
  assert.ok(seen, 'the sheet was offered');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
