// The lobby is patched, not rebuilt (docs/web-client.md, "A patching
// renderer"): its list of tables follows the tables other people make, and
// an update of the list leaves the form a player is filling in as it was —
// the focus in the name field, its caret and text, the choices made.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, createTable, launch, newPage } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('lobby: a table made by another client is listed while the name field keeps its focus and caret', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#table-list table, #table-list p.small');
  await page.selectOption('#division', 'junior');
  await page.click('#create-name');
  await page.fill('#create-name', '');
  await page.keyboard.type('Ana');
  await page.keyboard.press('ArrowLeft');
  // Another client makes a table; the page learns of it by itself (no click).
  const t = await createTable({
    division: 'senior',
    adventurous: false,
    seats: [{ kind: 'human' }, { kind: 'bot', level: 'club' }],
  });
  await page.waitForSelector(`#table-list tr[data-table="${t.id}"]`);
  const field = await page.evaluate(() => {
    const el = /** @type {HTMLInputElement} */ (document.activeElement);
    return { id: el?.id, value: el?.value, caret: el?.selectionStart };
  });
  assert.deepEqual(field, { id: 'create-name', value: 'Ana', caret: 2 }, 'the name field kept its focus, text and caret');
  // What is typed next goes on where the caret was.
  await page.keyboard.type('n');
  assert.equal(await page.inputValue('#create-name'), 'Anna');
  assert.equal(await page.inputValue('#division'), 'junior', 'the choices made stay');
  assert.deepEqual(page.errors, []);
});
