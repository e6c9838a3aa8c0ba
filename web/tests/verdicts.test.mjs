// Practice's verdicts (docs/practice.md): a Storm's and a Streak's result
// shows each answer's explanation with the 4×4 card map, open after a miss
// and one click away after a right answer; the Puzzles page sends the time
// of each answer, so the dashboard's median time is known after answering
// there. The right and wrong choices are told by the server (`POST
// /api/puzzles/check`, nothing stored); waits on the page's data attributes
// and the server's answers, never on a sleep.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { BASE, SHOTS, launch, newPage } from './helpers.mjs';

/** The right and a wrong choice of a challenge puzzle, as the server judges them. */
async function choicesOf(id) {
  const out = { right: '', wrong: '' };
  for (const answer of ['now', 'impossible', 'neither']) {
    const r = await fetch(`${BASE}/api/puzzles/check`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ puzzle: id, answer }),
    });
    const v = await r.json();
    if (v.correct) out.right = answer;
    else out.wrong ||= answer;
  }
  return out;
}

/** Answers puzzle `n` of the run right (`true`) or wrong and waits for the server's verdict. */
async function answer(page, n, right) {
  const board = page.locator('#practice-board');
  await page.waitForSelector(`#practice-board[data-index="${n}"] .puzzle-choice`);
  const id = await page.locator('#practice-stage').getAttribute('data-puzzle');
  const c = await choicesOf(id);
  await page.click(`#practice-stage .puzzle-choice[data-answer="${right ? c.right : c.wrong}"]`);
  await page.waitForFunction((k) => {
    const b = document.getElementById('practice-board');
    return b && (Number(b.dataset.answered ?? 0) > k || b.dataset.state !== 'playing');
  }, n);
  return board;
}

/** The result's rows: the miss's "Why not" open with its map, the right answer's one click away. */
async function checkVerdicts(page) {
  await page.waitForSelector('#practice-board[data-state="done"]');
  const rows = page.locator('.practice-run > tbody > tr');
  assert.equal(await rows.count(), 2);
  const right = rows.nth(0).locator('details.verdict-why');
  const miss = rows.nth(1).locator('details.verdict-why');
  assert.equal(await miss.evaluate((d) => d.open), true, 'open after a miss');
  assert.equal(await miss.locator('table.cardmap td.cardmap-cell').count(), 16, 'the map of the sixteen cards');
  assert.ok(await miss.locator('td.cardmap-cell.in-universe').count() >= 1, 'the Universe marked');
  assert.ok((await miss.locator('p').first().innerText()).length > 10, 'the explanation');
  assert.equal(await right.evaluate((d) => d.open), false, 'closed after a right answer');
  assert.equal(await right.locator('table.cardmap').isVisible(), false);
  await right.locator('summary').click();
  await page.waitForFunction(() => document.querySelector('.practice-run > tbody > tr details.verdict-why')?.open === true);
  assert.equal(await right.locator('table.cardmap').isVisible(), true, 'one click away');
}

test('Storm and Streak verdicts: the explanation and the card map after a miss, one click away when right', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/storm`);
    await page.waitForSelector('#practice-start');
    await page.selectOption('#practice-kind', 'challenge');
    await page.click('#practice-start');
    await answer(page, 0, true);
    await answer(page, 1, false);
    await page.click('#practice-end');
    await checkVerdicts(page);
    await page.screenshot({ path: path.join(SHOTS, 'practice-storm-verdicts.png'), fullPage: true });

    await page.click('#practice-tab-streak');
    await page.waitForURL(`${BASE}/streak`);
    await page.selectOption('#practice-kind', 'challenge');
    await page.click('#practice-start');
    await answer(page, 0, true);
    await answer(page, 1, false);
    await checkVerdicts(page);
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});

test('Puzzles page: each answer is sent with its time, the dashboard has a median time', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/puzzles`);
    await page.waitForSelector('#puzzle-question');
    await page.selectOption('#puzzle-kind', 'challenge');
    await page.click('#puzzle-new');
    await page.waitForSelector('#puzzle-board[data-puzzle^="challenge"] .puzzle-choice');
    await page.locator('.puzzle-choice').first().click();
    await page.waitForSelector('#puzzle-verdict');
    // the verdict's explanation with the card map, as in a storm's
    assert.equal(await page.locator('#puzzle-result details.verdict-why table.cardmap td.cardmap-cell').count(), 16);
    const player = await page.evaluate(() => localStorage.getItem('onsets-puzzle-player'));
    assert.match(player ?? '', /^[0-9a-f]{24}-[0-9a-f]{32}$/, 'an issued player (only theirs is stored)');
    const d = await (await fetch(`${BASE}/api/puzzles/dashboard?player=${player}&days=1`)).json();
    assert.ok(d.themes.length >= 1, JSON.stringify(d));
    for (const t of d.themes) assert.notEqual(t.median_ms, null, `${t.theme}: the answer's time counted`);
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});
