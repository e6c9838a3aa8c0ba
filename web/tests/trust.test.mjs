// A table a player can trust (docs/web-client.md): a draft Solution keeps the
// focus and every character while the other players act; a shake's verdicts
// and score stay readable after the next shake's cubes are rolled at once;
// a lesson's Goal is built by clicking digit cubes. Each test waits on an
// event of the table (a line in "What happened"), never on a bot's speed.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE, launch, newPage, seatPeople, toMoves } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Two people at a new Basic table judged by the server; their pages, seated. */
function twoPeople(spec = {}) {
  return seatPeople(browser, {
    division: 'middle', adventurous: false, bot_pace: 0, checking: 'judge',
    seats: [{ kind: 'human' }, { kind: 'human' }], ...spec,
  });
}

/** How many lines "What happened" has. */
const logLines = (page) => page.locator('#happenings li').count();

/** Symbols as typed in ASCII and as printed, made comparable. */
const canon = (s) => s.replace(/U/g, '∪').replace(/n/g, '∩').replace(/'/g, '′').replace(/\s+/g, '');

test('a draft Solution keeps the focus and every character while another player moves', async () => {
  const { pages } = await twoPeople({ seed: 21 });
  const { mover, other } = await toMoves(pages);
  // The other player drafts while the mover thinks.
  await other.click('#solution');
  await other.keyboard.type('(G ');
  const before = await logLines(other);
  // The mover moves a cube: the other page gets an update…
  await mover.locator('#sec-resources .cube.movable').first().click();
  await mover.locator('.move-bar button.primary').first().click();
  await other.waitForFunction((n) => document.querySelectorAll('#happenings li').length > n, before);
  // …and the draft still has the focus: "n" is typed into it, not taken as "challenge Now".
  assert.equal(await other.evaluate(() => document.activeElement?.id), 'solution', 'the focus stays in the Solution');
  await other.keyboard.type("n R') U B");
  assert.equal(await other.inputValue('#solution'), "(G n R') U B");
  assert.doesNotMatch(await other.locator('#happenings').innerText(), /challenged/, 'no shortcut fired while typing');
  // The other player challenges Now and presents the draft with Ctrl+Enter.
  await other.click('#now [data-key="ch-now"]');
  await other.waitForSelector('[data-key="present"]');
  await other.click('#solution');
  await other.keyboard.press('Control+Enter');
  // The judge's verdict quotes the Solution presented.
  const judged = other.locator('#verdicts .verdict-list li[data-writer] code').first();
  await judged.waitFor();
  assert.equal(canon(await judged.innerText()), canon("(G n R') U B"), 'the Solution presented is every character typed');
  for (const p of pages) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test('a shake\'s verdicts and score stay readable after the next shake\'s cubes are rolled at once', async () => {
  const { pages } = await twoPeople({ seed: 21 });
  const { mover, other } = await toMoves(pages);
  await mover.locator('#sec-resources .cube.movable').first().click();
  await mover.locator('.move-bar button.primary').first().click();
  await other.waitForSelector('#now [data-key="ch-imp"]:not([disabled])');
  await other.click('#now [data-key="ch-imp"]');
  await mover.waitForSelector('[data-key="present"]');
  await mover.fill('#solution', 'Λ');
  await mover.click('[data-key="present"]');
  // The shake is judged and scored: both pages show it.
  for (const p of pages) await p.waitForSelector('#happenings li:has-text("is scored")');
  // The next Goal-setter rolls at once, as a bot would (whichever page is offered the roll).
  const roller = await Promise.any(pages.map((p) => p.waitForSelector('#now [data-key="roll-0"]:not([disabled])').then(() => p)));
  const reader = roller === pages[0] ? pages[1] : pages[0];
  await roller.click('#now [data-key="roll-0"]');
  await reader.waitForSelector('#happenings li:has-text("cubes were rolled")');
  await reader.waitForFunction(() => document.querySelectorAll('#happenings li').length > 0);
  // The first shake's record is still on the reader's table, one click away.
  const record = reader.locator('#verdicts details.shake-verdicts').last();
  assert.equal(await record.count(), 1, 'the shake\'s verdicts are kept');
  if (!(await record.evaluate((d) => d.open))) await record.locator(':scope > summary').click();
  const text = await record.innerText();
  assert.match(text, /Solution Λ is not correct|Solution Λ is correct/, text);
  assert.match(text, /is scored/, text);
  assert.match(text, /\d points?/, text);
  for (const p of pages) {
    assert.deepEqual(p.errors, []);
    await p.context().close();
  }
});

test('lesson: clicking digit cubes 3 then 2 builds the Goal 3+2, drawn as cubes with its value', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/lessons/goal`);
  await page.waitForSelector('#lesson-sec-resources .cube[data-face="3"]');
  await page.click('#lesson-sec-resources .cube[data-face="3"]');
  await page.click('#lesson-sec-resources .cube[data-face="2"]');
  assert.equal(await page.inputValue('#lesson-answer'), '3+2');
  assert.match(await page.locator('#lesson-goal-preview').innerText(), /= 5/);
  assert.equal(await page.locator('#lesson-goal-preview .goal-cube').count(), 2, 'two cubes drawn');
  await page.press('#lesson-answer', 'Enter');
  await page.waitForSelector('#lesson-verdict:has-text("Correct!")');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
