// The Puzzles page (docs/puzzles.md): the lobby's link, the daily puzzle (the same
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

// The Rules select (docs/editions.md) asks the server for puzzles of another
// edition; 1969 offers the Flub claims instead of Now / Impossible.
test('Puzzles page: 1969 claim and Solution puzzles under the Rules select', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/puzzles`);
    await page.waitForSelector('#puzzle-question');
    const labels = await page.locator('#puzzle-rules option').allInnerTexts();
    assert.deepEqual(labels, ['Rules 2026-27', 'MLAG 2019-20 Basic', 'MLAG 2019-20 Adventurous', '1969 Basic ON-SETS', '1969 Advanced ON-SETS']);

    await page.selectOption('#puzzle-rules', '1969-advanced');
    const kinds = await page.locator('#puzzle-kind option').evaluateAll((os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
    assert.deepEqual(kinds, ['', 'claim', 'solve', 'safe-move', 'goal'], 'no Now/Impossible in 1969');
    await page.selectOption('#puzzle-kind', 'claim');
    await page.click('#puzzle-new');
    await page.waitForSelector('#puzzle-board[data-edition="1969"] .puzzle-choice');
    assert.deepEqual(await page.locator('.puzzle-choice').allInnerTexts(), ['a', 'p', 'none']);
    assert.match(await page.locator('.puzzle-rules-words').innerText(), /1969 manual, Advanced ON-SETS/);
    // The 1969 kit is drawn in its own colors: orange, never yellow.
    const titles = await page.$$eval('#puzzle-board .puzzle-card, #puzzle-board .puzzle-cube', (els) => els.map((e) => e.getAttribute('title') ?? ''));
    assert.ok(!titles.some((t) => t.includes('yellow')), `no yellow in 1969: ${titles}`);
    await page.locator('.puzzle-choice').first().click();
    await page.waitForSelector('#puzzle-verdict');
    assert.match(await page.locator('#puzzle-verdict').innerText(), /Correct!|Not right\./);

    // a 1969 Solution: a wrong one is judged with the manual's rules
    await page.selectOption('#puzzle-rules', '1969-basic');
    await page.selectOption('#puzzle-kind', 'solve');
    await page.click('#puzzle-new');
    await page.waitForSelector('#puzzle-board[data-edition="1969"] #puzzle-answer');
    assert.match(await page.locator('#puzzle-answer').getAttribute('placeholder') ?? '', /O/);
    await page.fill('#puzzle-answer', 'B ∪');
    await page.press('#puzzle-answer', 'Enter');
    await page.waitForSelector('#puzzle-verdict');
    assert.match(await page.locator('#puzzle-verdict').innerText(), /Not right/);
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});

test('Puzzles page: MLAG Basic 2019-20 puzzles with wild cubes', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/puzzles`);
    await page.waitForSelector('#puzzle-question');
    await page.selectOption('#puzzle-rules', '2019-20-basic');
    await page.selectOption('#puzzle-kind', 'solve');
    await page.click('#puzzle-new');
    await page.waitForSelector('#puzzle-board[data-edition="2019-20"] #puzzle-answer');
    assert.match(await page.locator('.puzzle-rules-words').innerText(), /Basic On-Sets \(MLAG 2019-20\)/);
    assert.match(await page.locator('#puzzle-answer').getAttribute('placeholder') ?? '', /@=/);
    await page.fill('#puzzle-answer', 'Λ');
    await page.press('#puzzle-answer', 'Enter');
    await page.waitForSelector('#puzzle-verdict');
    assert.match(await page.locator('#puzzle-verdict').innerText(), /Not right/);
    assert.ok((await page.locator('#puzzle-reasons li').count()) >= 1);

    // a challenge puzzle of MLAG Adventurous 2019-20
    await page.selectOption('#puzzle-rules', '2019-20-adventurous');
    await page.selectOption('#puzzle-kind', 'challenge');
    await page.click('#puzzle-new');
    await page.waitForSelector('#puzzle-board[data-edition="2019-20"] .puzzle-choice');
    assert.deepEqual(await page.locator('.puzzle-choice').allInnerTexts(), ['now', 'impossible', 'neither']);
    assert.match(await page.locator('.puzzle-rules-words').innerText(), /Adventurous On-Sets \(MLAG 2019-20\)/);
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});
