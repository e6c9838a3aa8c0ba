// The 1969 games page (docs/manual-1969.md): the nav entry, a solitaire game
// (GO-THROUGH) played through the page to its end with the page's own hints,
// every Set-Name judged by the server; and an introductory game opened and
// one throw named.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { BASE, SHOTS, launch, newPage } from './helpers.mjs';

test('1969 games: GO-THROUGH played to its end, CUBE FISH opened', async () => {
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${BASE}/`);
    await page.click('#nav-manual');
    await page.waitForURL(`${BASE}/manual`);
    await page.waitForSelector('#manual-intro');
    assert.equal(await page.locator('#manual-intro tbody tr').count(), 28);
    assert.equal(await page.locator('#manual-solitaire li').count(), 3);

    // GO-THROUGH on a fixed deal, through the page.
    await page.goto(`${BASE}/manual?game=go-through&seed=5`);
    await page.waitForSelector('#manual-status');
    assert.match(await page.locator('#manual-title').innerText(), /GO-THROUGH/);
    assert.ok((await page.locator('.manual-card svg').count()) >= 1, 'the cards are drawn');
    assert.equal(await page.locator('.manual-cube svg').count(), 8, 'eight cubes are thrown');
    // A cube that was not thrown is refused by the server, and said so.
    for (let turn = 0; turn < 60; turn += 1) {
      const status = await page.locator('#manual-status').getAttribute('data-status');
      if (status !== 'playing') break;
      await page.click('#manual-hint');
      await page.waitForFunction(() => /^Hint/.test(document.querySelector('#manual-last')?.textContent ?? ''));
      const hint = (await page.locator('#manual-last').innerText()).replace(/^Hint:\s*/, '');
      // The status counts hints: read it after the hint, so that the wait
      // below is for the Set-Name's answer, not the hint's.
      const before = await page.locator('#manual-status').innerText();
      await page.fill('#manual-input', hint);
      await page.click('#manual-submit');
      await page.waitForFunction((b) => document.querySelector('#manual-status')?.textContent !== b, before);
      assert.equal(await page.locator('#manual-error').innerText(), '');
    }
    const final = await page.locator('#manual-status').getAttribute('data-status');
    assert.ok(final === 'won' || final === 'lost', `the game ended (${final})`);
    const text = await page.locator('#manual-status').innerText();
    const score = Number(/score (\d+) of 16/.exec(text)?.[1]);
    assert.ok(score > 0 && score <= 16, text);
    if (final === 'won') assert.equal(score, 16);
    else assert.match(await page.locator('#manual-answer').innerText(), /No Set-Name|could have been/);
    assert.ok(await page.locator('#manual-again').isVisible());
    await page.screenshot({ path: path.join(SHOTS, 'solitaire.png'), fullPage: true });
    // A reload replays the same game from the acts the tab kept.
    await page.reload();
    await page.waitForSelector('#manual-again');
    assert.equal(await page.locator('#manual-status').innerText(), text);

    // ONE: a Set-Name using a cube that was not thrown is refused with the reason.
    await page.goto(`${BASE}/manual?game=one&seed=3`);
    await page.waitForSelector('#manual-form');
    await page.fill('#manual-input', 'B ∪ B ∪ B ∪ B ∪ B');
    await page.click('#manual-submit');
    await page.waitForFunction(() => (document.querySelector('#manual-error')?.textContent ?? '').length > 0);
    assert.match(await page.locator('#manual-error').innerText(), /cube/);

    // An introductory game from the list: CUBE FISH, one throw named.
    await page.goto(`${BASE}/manual`);
    await page.waitForSelector('#open-cube-fish');
    await page.click('#open-cube-fish');
    await page.waitForSelector('.manual-option');
    assert.match(await page.locator('#manual-title').innerText(), /CUBE FISH/);
    assert.match(await page.locator('#manual-status').innerText(), /Player 2 to play/);
    // The student picks the cards the color fishes out (the page never lists them).
    const color = (await page.locator('.manual-option').first().innerText()).trim();
    for (const c of await page.locator('.manual-pick .manual-card').all()) {
      if ((await c.getAttribute('data-card') ?? '').includes(color)) await c.click();
    }
    await page.locator('.manual-option').first().click();
    await page.waitForFunction(() => /Right: .* fishes out/.test(document.querySelector('#manual-last')?.textContent ?? ''));
    assert.match(await page.locator('#manual-status').innerText(), /Player 1 to play/);
    // The one refused Set-Name above is a 422 the browser logs; nothing else.
    assert.deepEqual(page.errors.filter((e) => !/status of 422/.test(e)), []);
  } finally {
    await browser.close();
  }
});
