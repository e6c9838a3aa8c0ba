// Lessons (docs/lessons.md): the nav entry, the list, and a lesson taken
// through to its end in the browser (the last-cube lesson, Basic VII): a
// challenge, a move made on the mat, a wrong Solution with its reasons and
// its step-by-step explanation, the right one, the points of a shake the
// engine played; progress kept in localStorage. Also a cube dragged onto the
// mat and a Goal built by clicking digit cubes.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { BASE, SHOTS, launch, newPage } from './helpers.mjs';

test('Lessons: a lesson through to its end, with a wrong attempt explained', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/`);
    await page.click('#nav-lessons');
    await page.waitForURL(`${BASE}/lessons`);
    await page.waitForSelector('.lesson-link');
    assert.equal(await page.locator('.lesson-part').first().locator('li').count(), 7, 'the seven Basic rules');
    assert.match(await page.locator('main').innerText(), /Restrictions[\s\S]*Adventurous variations/);

    // Basic VII, the last cube
    await page.click('li[data-lesson="last-cube"] .lesson-link');
    await page.waitForURL(`${BASE}/lessons/last-cube`);
    await page.waitForSelector('#lesson-text');
    assert.match(await page.locator('#lesson-step-count').innerText(), /Step 1 of 4/);
    assert.ok((await page.locator('.lesson-mat .card-svg').count()) === 8, 'the eight cards drawn');

    // step 1: Now is not allowed with one cube left (a wrong attempt), then neither
    await page.click('.lesson-challenge[data-challenge="now"]');
    await page.waitForSelector('#lesson-verdict');
    assert.match(await page.locator('#lesson-verdict').innerText(), /Not right/);
    assert.match(await page.locator('#lesson-reasons').innerText(), /V-A-2/);
    await page.click('#lesson-hint-button');
    assert.ok(await page.locator('#lesson-hint').isVisible());
    await page.click('.lesson-challenge[data-challenge="neither"]');
    await page.waitForSelector('#lesson-verdict:has-text("Correct!")');
    await page.click('#lesson-next');

    // step 2: the last cube to Forbidden is refused; to Permitted, by clicking the cube then the section
    await page.waitForSelector('#lesson-step-count:has-text("Step 2 of 4")');
    await page.click('#lesson-sec-resources .cube[data-face="G"]');
    await page.click('#lesson-sec-forbidden button.put');
    await page.waitForSelector('#lesson-verdict');
    assert.match(await page.locator('#lesson-reasons').innerText(), /Basic VII/);
    await page.click('#lesson-sec-resources .cube[data-face="G"]');
    await page.click('#lesson-sec-permitted button.put');
    await page.waitForSelector('#lesson-verdict:has-text("Correct!")');
    assert.ok((await page.locator('.lesson-after #lesson-sec-permitted .cube[data-face="G"]').count()) === 1, 'the mat after the move');
    await page.click('#lesson-next');

    // step 3: a wrong Solution, its reasons and explanation; then the right one written by clicking cubes
    await page.waitForSelector('#lesson-step-count:has-text("Step 3 of 4")');
    await page.fill('#lesson-answer', 'B ∪ R');
    await page.press('#lesson-answer', 'Enter');
    await page.waitForSelector('#lesson-verdict');
    assert.match(await page.locator('#lesson-verdict').innerText(), /Not right/);
    assert.match(await page.locator('#lesson-reasons').innerText(), /VII-B-4/);
    assert.ok(await page.locator('#lesson-explanation').evaluate((d) => d.open), 'the explanation is open');
    assert.match(await page.locator('#lesson-explanation').innerText(), /Step by step|What is wrong/);
    await page.screenshot({ path: path.join(SHOTS, 'lesson.png'), fullPage: true });
    await page.fill('#lesson-answer', '');
    await page.click('#lesson-sec-required .cube[data-face="B"]');
    await page.click('#lesson-sec-permitted .cube[data-face="∪"]');
    await page.click('#lesson-sec-permitted .cube[data-face="G"]');
    assert.equal(await page.inputValue('#lesson-answer'), 'B ∪ G');
    await page.press('#lesson-answer', 'Enter');
    await page.waitForSelector('#lesson-verdict:has-text("Correct!")');
    await page.click('#lesson-next');

    // step 4: the points of a shake the engine played; show me gives the engine's answer
    await page.waitForSelector('#lesson-step-count:has-text("Step 4 of 4")');
    assert.match(await page.locator('#lesson-shake').innerText(), /Ann presents B ∪ G/);
    const points = page.locator('.lesson-points');
    await points.nth(0).fill('2');
    await points.nth(1).fill('2');
    await page.click('#lesson-form button[type="submit"]');
    await page.waitForSelector('#lesson-verdict');
    assert.match(await page.locator('#lesson-verdict').innerText(), /Not right/);
    assert.match(await page.locator('#lesson-reasons').innerText(), /Ann .* scores 4, not 2/);
    await page.click('#lesson-show');
    await page.waitForSelector('#lesson-shown:visible');
    assert.match(await page.locator('#lesson-shown').innerText(), /Ann .*scores 4.*Bob .*scores 2/);
    await points.nth(0).fill('4');
    await page.click('#lesson-form button[type="submit"]');
    await page.waitForSelector('#lesson-complete');
    assert.match(await page.locator('#lesson-complete').innerText(), /Lesson complete/);

    // progress is kept in this browser
    await page.goto(`${BASE}/lessons`);
    await page.waitForSelector('li[data-lesson="last-cube"] .lesson-done.complete');

    // a cube dragged onto the mat (Basic II)
    await page.goto(`${BASE}/lessons/move`);
    await page.waitForSelector('#lesson-sec-resources .cube[data-face="Y"]');
    await page.locator('#lesson-sec-resources .cube[data-face="Y"]').dragTo(page.locator('#lesson-sec-required'));
    await page.waitForSelector('#lesson-verdict:has-text("Correct!")');

    // a Goal built by clicking digit cubes (Basic I)
    await page.goto(`${BASE}/lessons/goal`);
    await page.waitForSelector('#lesson-sec-resources .cube[data-face="3"]');
    await page.click('#lesson-sec-resources .cube[data-face="3"]');
    await page.click('#lesson-form button:has-text("side by side")');
    await page.click('#lesson-sec-resources .cube[data-face="2"]');
    assert.equal(await page.inputValue('#lesson-answer'), '3+2');
    await page.press('#lesson-answer', 'Enter');
    await page.waitForSelector('#lesson-verdict:has-text("Correct!")');
    assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
  }
});

test('Lessons: a half-typed answer keeps its focus and caret while the step is drawn again (a symbol put in, a hint opened, a verdict)', async () => {
  // The lesson page is patched (components/vdom.js, docs/web.md): the answer box
  // is the same element after every change of the step's state.
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/lessons/last-cube`);
    await page.waitForSelector('#lesson-step-count');
    // Step 3 of Basic VII asks for a Solution.
    while (!/Step 3 of/.test(await page.locator('#lesson-step-count').innerText())) await page.click('#lesson-skip');
    await page.click('#lesson-answer');
    await page.keyboard.type('B ∪ G');
    const caret = () => page.evaluate(() => {
      const a = /** @type {HTMLInputElement} */ (document.activeElement);
      return { id: a?.id, at: a?.selectionStart, value: a?.value };
    });
    // A symbol from the palette at the caret: the caret stays after it.
    await page.keyboard.press('Home');
    await page.click('#lesson-form button.sym:text-is("(")');
    assert.deepEqual(await caret(), { id: 'lesson-answer', at: 1, value: '(B ∪ G' });
    // The hint opens: the focus and the caret stay in the answer, and typing goes on there.
    await page.click('#lesson-hint-button');
    assert.ok(await page.locator('#lesson-hint').isVisible(), 'the hint is shown');
    assert.deepEqual(await caret(), { id: 'lesson-answer', at: 1, value: '(B ∪ G' });
    await page.keyboard.type('R ∪ ');
    assert.deepEqual(await caret(), { id: 'lesson-answer', at: 5, value: '(R ∪ B ∪ G' });
    // A verdict arrives: the answer, its focus and caret are still there.
    await page.keyboard.press('End');
    await page.keyboard.type(')');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#lesson-verdict');
    assert.deepEqual(await caret(), { id: 'lesson-answer', at: 11, value: '(R ∪ B ∪ G)' });
    assert.deepEqual(page.errors, []);

    // On a phone (390 px): a Goal built by clicking 3 then 2 is two cubes, 3+2 = 5,
    // and the page is no wider than the window.
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.goto(`${BASE}/lessons/goal`);
    await phone.click('#lesson-sec-resources .cube[data-face="3"]');
    await phone.click('#lesson-sec-resources .cube[data-face="2"]');
    assert.equal(await phone.inputValue('#lesson-answer'), '3+2');
    assert.equal(await phone.locator('#lesson-goal-preview .goal-cube').count(), 2, 'two cubes, not "32"');
    await phone.click('#lesson-hint-button');
    const f = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
    assert.ok(f.scroll <= f.window, `the lesson is ${f.scroll} px wide in a ${f.window} px window`);
    await phone.screenshot({ path: path.join(SHOTS, 'lesson-phone.png'), fullPage: true });
    assert.deepEqual(phone.errors, []);
  } finally {
    await browser.close();
  }
});
