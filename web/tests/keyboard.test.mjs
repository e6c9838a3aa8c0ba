// The whole way from the lobby to a scored shake with the keyboard alone:
// Tab, Enter, arrow keys, typing and the shortcut letters. No mouse clicks.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  BASE, answered, cubesOnMat, enabled, launch, newPage, newerOnAny, scoredShakes, tableVersion, visible,
} from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Presses Tab until the focused element matches `sel`. */
async function tabTo(page, sel, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), sel)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${sel}`);
}

/** The focused element shows a visible focus ring. */
async function focusVisible(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return false;
    const cs = getComputedStyle(el);
    return cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
  });
}

test('keyboard only: make a table, sit down, play a shake to its end', async () => {
  const page = await newPage(browser, { width: 1024, height: 768 });
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-form');
  // Basic On-Sets, bots that act at once: arrow keys on the focused selects.
  await tabTo(page, '#game');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.locator('#game').inputValue(), 'basic');
  await tabTo(page, '#bot-pace');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.locator('#bot-pace').inputValue(), '0');
  await tabTo(page, '#create-button');
  assert.ok(await focusVisible(page), 'the focused button shows its focus');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/t\//);
  await page.waitForSelector('#join-name');
  await tabTo(page, '#join-name');
  await page.keyboard.type('Kim');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.player.me:has-text("Kim")');

  // The help panel lists the shortcuts; Esc closes it.
  await page.keyboard.press('?');
  await page.waitForSelector('#help:not([hidden])');
  assert.match(await page.locator('#help').innerText(), /Challenge Impossible/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#help', { state: 'hidden' });

  const log = [];
  let marked = false;
  const deadline = Date.now() + 150000;
  while (Date.now() < deadline && (await scoredShakes(page)) < 1) {
    if (!marked && (await page.locator('#universe .card').count())) {
      await page.keyboard.press('u');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#universe .card.marked');
      marked = true;
      log.push('marked a card');
      continue;
    }
    // Each act waits for the server's answer (the table's next version with
    // the control gone), so a slow answer never makes it act twice; with
    // nothing to do (the bot's turn) the loop waits for the next version.
    const v = await tableVersion(page);
    if (await enabled(page, '#now [data-key^="roll-"]')) {
      await page.keyboard.press('d');
      await tabTo(page, '[data-key^="roll-"]');
      await page.keyboard.press('Enter');
      await answered(page, '#now [data-key^="roll-"]', v);
      log.push('rolled');
    } else if (await enabled(page, '#now [data-key="deal"]')) {
      await page.keyboard.press('d');
      await tabTo(page, '[data-key="deal"]');
      await page.keyboard.press('Enter');
      await answered(page, '#now [data-key="deal"]', v);
      log.push('dealt');
    } else if (await enabled(page, '[data-key="set-goal"]')) {
      await page.keyboard.press('d');
      await tabTo(page, '[data-key="set-goal"]');
      await page.keyboard.press('Enter');
      await answered(page, '[data-key="set-goal"]', v);
      log.push('set the Goal');
    } else if (await enabled(page, '[data-key="present"]')) {
      await page.keyboard.press('w');
      await page.keyboard.type("B U R'");
      await page.waitForSelector('#solution-feedback.good');
      await page.keyboard.press('Control+Enter');
      log.push('presented');
      await answered(page, '[data-key="present"]', v);
    } else if ((await enabled(page, '#now [data-key="ch-imp"]')) && (await cubesOnMat(page)) >= 2) {
      await page.keyboard.press('i');
      await answered(page, '#now [data-key="ch-imp"]', v);
      log.push('challenged Impossible');
    } else if (await visible(page, '#now .hint')) {
      await page.keyboard.press('m');
      await page.keyboard.press('Enter');
      await page.waitForSelector('.move-bar');
      const key = await page.locator('.move-bar button.primary kbd').first().innerText();
      await page.keyboard.press(key.toLowerCase());
      await answered(page, '.move-bar', v);
      log.push(`moved a cube (${key})`);
    } else if (await enabled(page, '[data-key="agree-no-goal"]')) {
      await page.keyboard.press('d');
      await tabTo(page, '[data-key="agree-no-goal"]');
      await page.keyboard.press('Enter');
      await answered(page, '[data-key="agree-no-goal"]', v);
      log.push('agreed no Goal');
    } else {
      await newerOnAny([page], [v]);
    }
    const refused = await page.locator('.notice.error').allInnerTexts();
    assert.deepEqual(refused, [], `refused: ${refused.join(' | ')}\n${log.join('\n')}`);
  }
  assert.ok((await scoredShakes(page)) >= 1, `not scored:\n${log.join('\n')}`);
  assert.ok(marked, 'a card was marked on the chart');
  assert.match(await page.locator('#happenings').innerText(), /is scored/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
