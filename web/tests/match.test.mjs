// Two people in two browser pages and a bot play a shake to its scored end
// through the page, with the mouse. What each page shows is checked on the
// way, including that nobody sees another player's unpresented Solution.

import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  BASE, SHOTS, caughtUp, createTable, cubesOnMat, enabled, launch, newPage, newerOnAny, press, scoredShakes, versions, visible,
} from './helpers.mjs';

let browser;
let shotTaken = false;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Distinct Solutions typed in ASCII, and how the pages print them. */
const SOLUTIONS = {
  Ann: { typed: "(Y n G') - R", canon: '(Y ∩ G′) − R' },
  Bob: { typed: "(B U G) n Y'", canon: '(B ∪ G) ∩ Y′' },
};

test('lobby: make a table, see it listed, open it', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-form');
  await page.selectOption('#division', 'junior');
  await page.selectOption('#seat-1-kind', 'human');
  await page.selectOption('#seat-2-kind', 'bot');
  await page.selectOption('#seat-2-level', 'expert');
  await page.click('#create-button');
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
  const id = new URL(page.url()).pathname.split('/').pop();
  await page.waitForSelector('#join-form');
  // Back in the lobby the new table is listed as waiting, with a Join button.
  await page.click('.home');
  await page.waitForSelector(`tr[data-table="${id}"]`);
  const row = await page.locator(`tr[data-table="${id}"]`).innerText();
  assert.match(row, /Junior, Adventurous/);
  assert.match(row, /Expert bot/);
  assert.match(row, /waiting/);
  await page.screenshot({ path: path.join(SHOTS, 'lobby.png') });
  // Watch opens the table as a spectator.
  await page.locator(`tr[data-table="${id}"] button`, { hasText: 'Watch' }).click();
  await page.waitForSelector('#join-form');
  assert.match(await page.locator('#join-form').innerText(), /You are watching/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/**
 * One step of a simple player acting through the page with the mouse.
 * @returns {Promise<string|null>} what it did
 */
async function step(page, me, other, log, shot = false) {
  // Each act waits for the server's answer (`press`): a slow answer never
  // makes the policy press the same button twice.
  if ((await enabled(page, '#now [data-key^="roll-"]')) && (await press(page, '#now [data-key^="roll-"]'))) return 'roll';
  if ((await enabled(page, '#now [data-key="deal"]')) && (await press(page, '#now [data-key="deal"]'))) return 'deal';
  if (await enabled(page, '[data-key="set-goal"]')) {
    // The Goal builder: two cubes side by side if there are two, else one.
    if (await visible(page, '[data-key="layout-goal-sum2"]')) await page.check('[data-key="layout-goal-sum2"]');
    const goal = await page.locator('#goal-builder-goal .goal-text').innerText();
    if (!(await press(page, '[data-key="set-goal"]'))) return null;
    log.push(`${me} sets the Goal ${goal}`);
    return 'goal';
  }
  if (await enabled(page, '[data-key="present"]')) {
    const s = SOLUTIONS[me];
    await page.click('#solution');
    await page.keyboard.type(s.typed);
    await page.waitForSelector('#solution-preview:has-text("Reads as")');
    assert.match(await page.locator('#solution-preview').innerText(), new RegExp(s.canon.replace(/[()′∩∪−]/g, '.')));
    // The other page never shows a Solution that was not presented (once it
    // shows the table as this page does).
    await caughtUp(other, page);
    const theirs = await other.content();
    assert.ok(!theirs.includes(s.canon) && !theirs.includes(s.typed), `${me}'s unpresented Solution is visible on the other page`);
    if (shot && !shotTaken) {
      shotTaken = true;
      await page.locator('#universe .card').nth(1).click();
      await page.locator('#universe .card').nth(3).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SHOTS, 'table.png'), fullPage: true });
    }
    await press(page, '[data-key="present"]');
    log.push(`${me} presents ${s.canon}`);
    // Presented but others still writing: still hidden from the other page.
    await caughtUp(other, page);
    if (await other.locator('#writing .actions [data-key="present"]').count()) {
      assert.ok(!(await other.content()).includes(s.canon), `${me}'s Solution shows before checking starts`);
    }
    return 'present';
  }
  if ((await enabled(page, '[data-key="accept"]')) && (await press(page, '[data-key="accept"]'))) return 'accept';
  if ((await enabled(page, '[data-key="agree-no-goal"]')) && (await press(page, '[data-key="agree-no-goal"]'))) return 'agree';
  // Challenge Impossible once a few cubes are on the mat.
  if ((await enabled(page, '#now [data-key="ch-imp"]')) && (await cubesOnMat(page)) >= 3
    && (await press(page, '#now [data-key="ch-imp"]'))) {
    log.push(`${me} challenges Impossible`);
    return 'challenge';
  }
  if (await visible(page, '#now .hint')) {
    // My turn: pick a movable cube, then the first place offered.
    const cube = page.locator('#sec-resources .cube.movable').first();
    if (await cube.count()) {
      await cube.click();
      await page.waitForSelector('.move-bar');
      // The move bar offers only legal places; the mat marks them too.
      assert.ok((await page.locator('.section.target').count()) > 0);
      const to = page.locator('.move-bar button.primary').first();
      log.push(`${me} ${await to.innerText()}`);
      const moved = await cube.getAttribute('data-cube');
      await to.click();
      // Once moved, the cube is no longer picked.
      await page.waitForFunction((id) => {
        const el = document.querySelector(`.cube[data-cube="${id}"]`);
        return !el || !el.classList.contains('picked');
      }, moved);
      return 'move';
    }
  }
  return null;
}

test('two people and a bot play a shake to its scored end', async () => {
  const t = await createTable({
    division: 'middle', adventurous: false, checking: 'judge', seed: 11, bot_pace: 0,
    seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', level: 'beginner' }],
  });
  const ann = await newPage(browser);
  const bob = await newPage(browser);
  for (const [page, name] of [[ann, 'Ann'], [bob, 'Bob']]) {
    await page.goto(`${BASE}${t.link}`);
    await page.fill('#join-name', name);
    await page.click('#join-form button[type=submit]');
    await page.waitForSelector(`.player.me:has-text("${name}")`);
  }
  // Both pages show the same table: three players, the Universe, the mat.
  for (const page of [ann, bob]) {
    await page.waitForSelector('#players .player >> nth=2');
    assert.match(await page.locator('#players').innerText(), /Ann[\s\S]*Bob[\s\S]*Beginner bot/);
  }
  const log = [];
  const deadline = Date.now() + 120000;
  while (Date.now() < deadline) {
    if ((await scoredShakes(ann)) >= 1 && (await scoredShakes(bob)) >= 1) break;
    const vs = await versions([ann, bob]);
    const a = await step(ann, 'Ann', bob, log, true);
    const b = a ? null : await step(bob, 'Bob', ann, log, true);
    // Nothing to do (the bot's turn): wait for the table's next event.
    if (!a && !b) await newerOnAny([ann, bob], vs);
    // Every page stays free of refusals from a policy that only uses offered buttons.
    for (const page of [ann, bob]) {
      const refused = await page.locator('.notice.error').allInnerTexts();
      assert.deepEqual(refused, [], `refused: ${refused.join(' | ')}\n${log.join('\n')}`);
    }
  }
  assert.ok((await scoredShakes(ann)) >= 1, `the shake was not scored in time:\n${log.join('\n')}`);
  // Both pages agree on the scoresheet and show the shake's score in words.
  const totalsA = await ann.locator('#scoresheet-table tfoot tr').first().innerText();
  const totalsB = await bob.locator('#scoresheet-table tfoot tr').first().innerText();
  assert.equal(totalsA, totalsB);
  for (const page of [ann, bob]) {
    await page.waitForSelector('#happenings li:has-text("is scored")');
    const verdicts = await page.locator('#verdicts').innerText();
    assert.match(verdicts, /correct/, 'the verdict is shown');
  }
  // Whoever presented sees their Solution and its verdict with reasons.
  for (const [page, name] of [[ann, 'Ann'], [bob, 'Bob']]) {
    if (log.some((l) => l.startsWith(`${name} presents`))) {
      const v = await page.locator('#verdicts').innerText();
      assert.match(v, /Your Solution/);
      assert.ok(v.includes(SOLUTIONS[name].canon) || v.includes(SOLUTIONS[name].typed), v);
    }
  }
  assert.ok(log.some((l) => l.includes('presents')), `nobody wrote:\n${log.join('\n')}`);
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bob.errors, []);
  await ann.context().close();
  await bob.context().close();
});

test('checking by the players: accept an opponent’s Solution', async () => {
  const t = await createTable({
    division: 'middle', adventurous: false, checking: 'players', seed: 5, bot_pace: 0,
    seats: [{ kind: 'human' }, { kind: 'human' }],
  });
  const ann = await newPage(browser);
  const bob = await newPage(browser);
  for (const [page, name] of [[ann, 'Ann'], [bob, 'Bob']]) {
    await page.goto(`${BASE}${t.link}`);
    await page.fill('#join-name', name);
    await page.click('#join-form button[type=submit]');
    await page.waitForSelector(`.player.me:has-text("${name}")`);
  }
  const log = [];
  let sawCheck = false;
  const deadline = Date.now() + 120000;
  while (Date.now() < deadline) {
    if ((await scoredShakes(ann)) >= 1 && (await scoredShakes(bob)) >= 1) break;
    const vs = await versions([ann, bob]);
    let acted = false;
    for (const [page, name, other] of [[ann, 'Ann', bob], [bob, 'Bob', ann]]) {
      if (await visible(page, '#checked-solution') && (await enabled(page, '[data-key="accept"]'))) {
        // The checker sees the presented Solution and the reasons to object.
        sawCheck = true;
        const shown = await page.locator('#checked-solution').innerText();
        assert.ok(Object.values(SOLUTIONS).some((s) => shown.includes(s.canon) || shown.includes(s.typed)), shown);
        assert.match(await page.locator('fieldset.object').innerText(), /ambiguous/);
      }
      if (await step(page, name, other, log)) {
        acted = true;
        break;
      }
    }
    if (!acted) await newerOnAny([ann, bob], vs);
  }
  assert.ok(sawCheck, `no Solution was checked by a player:\n${log.join('\n')}`);
  assert.ok((await scoredShakes(ann)) >= 1, `not scored:\n${log.join('\n')}`);
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bob.errors, []);
  await ann.context().close();
  await bob.context().close();
});
