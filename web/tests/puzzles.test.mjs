// The Puzzles page (issue 15): the lobby's link, the daily puzzle (the same
// as GET /api/puzzles/daily), an answer checked by the server with the rating
// and streak shown, a written Solution judged with its rule sections.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { BASE, SHOTS, launch, newPage } from './helpers.mjs';

test('Puzzles page: daily puzzle, an attempt rated, a Solution judged', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/`);
    await page.click('#puzzles-link');
    await page.waitForURL(`${BASE}/puzzles`);
    await page.waitForSelector('#puzzle-question');

    // the daily puzzle is the server's, the same for everyone today
    const daily = await (await fetch(`${BASE}/api/puzzles/daily`)).json();
    assert.equal(await page.locator('#puzzle-board').getAttribute('data-puzzle'), daily.puzzle.id);
    assert.match(await page.locator('#puzzle-board h2').innerText(), /Daily puzzle/);
    assert.ok((await page.locator('.puzzle-card svg').count()) >= 6, 'the cards are drawn');
    assert.ok((await page.locator('.puzzle-cube svg').count()) >= 3, 'the cubes are drawn');
    await page.screenshot({ path: path.join(SHOTS, 'puzzles.png'), fullPage: true });

    // a challenge puzzle: choose an answer, the server judges and rates it
    await page.selectOption('#puzzle-kind', 'challenge');
    await page.click('#puzzle-new');
    await page.waitForSelector('.puzzle-choice');
    await page.locator('.puzzle-choice').first().click();
    await page.waitForSelector('#puzzle-verdict');
    const verdict = await page.locator('#puzzle-verdict').innerText();
    assert.match(verdict, /Correct!|Not right\./);
    assert.match(verdict, /Rating [+-]?\d+/);
    assert.match(await page.locator('#puzzle-player').innerText(), /Your puzzle rating: \d+/);

    // a Solution puzzle: a wrong Solution is judged with rule sections
    await page.selectOption('#puzzle-kind', 'solve');
    await page.click('#puzzle-new');
    await page.waitForSelector('#puzzle-answer');
    await page.fill('#puzzle-answer', 'Λ');
    await page.press('#puzzle-answer', 'Enter');
    await page.waitForSelector('#puzzle-verdict');
    assert.match(await page.locator('#puzzle-verdict').innerText(), /Not right/);
    assert.ok((await page.locator('#puzzle-reasons li').count()) >= 1);
    assert.match(await page.locator('#puzzle-reasons').innerText(), /[IVX]+-[A-Z]/);
    assert.match(await page.locator('#puzzle-player').innerText(), /streak 0/);
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});
