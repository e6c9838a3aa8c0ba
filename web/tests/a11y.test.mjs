// Accessibility (docs/web-client.md): axe-core (WCAG 2.1 A and AA) on every
// page of the client finds no serious or critical violation. axe-core comes
// from npm (web/package.json) and is injected into each page.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import path from 'node:path';
import { BASE, SHOTS, createTable, launch } from './helpers.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A page whose Content-Security-Policy lets the test inject axe-core (the site's own CSP forbids inline scripts). */
async function newPage(b) {
  const ctx = await b.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** The serious and critical violations on the page as it is now, in words. */
async function audit(page) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    // @ts-ignore axe is the injected script's global
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  return violations;
}

/** Opens `path`, waits for `ready`, and audits it. */
async function check(page, path, ready) {
  await page.goto(`${BASE}${path}`);
  // The page's own content, drawn from its answers however loaded the machine is.
  await page.waitForSelector(ready, { timeout: 120000 });
  await page.waitForLoadState('networkidle', { timeout: 120000 });
  const v = await audit(page);
  assert.deepEqual(v, [], `${path}: ${v.join('\n')}`);
}

test('no serious or critical axe-core violation on the pages without a table', async () => {
  const page = await newPage(browser);
  await check(page, '/', '#create-form');
  await check(page, '/puzzles', '.puzzle-position');
  await check(page, '/lessons', '.lesson-link');
  await check(page, '/lessons/goal', '#lesson-sec-resources .cube');
  await check(page, '/manual', 'main h1, main h2');
  await check(page, '/judge', '#judge-form #judge-cards');
  // The judge's page with a ruling drawn, and the rules glossary.
  await page.click('#judge-submit');
  await page.waitForSelector('#ruling-headline');
  const ruled = await audit(page);
  assert.deepEqual(ruled, [], `/judge with a ruling: ${ruled.join('\n')}`);
  await check(page, '/rules', '#rules-page dl');
  await check(page, '/tournaments', 'main h1, main h2');
  await check(page, '/account', 'main h1, main h2');
  await check(page, '/players/Nobody', 'main h1, main h2, main p');
  await page.context().close();
});

test('no serious or critical axe-core violation at a table: playing, spectating, and its review', async () => {
  const t = await createTable({
    division: 'middle', adventurous: true, bot_pace: 0, seed: 7,
    seats: [{ kind: 'human' }, { kind: 'bot', level: 'club' }],
  });
  const player = await newPage(browser);
  await player.goto(`${BASE}${t.link}`);
  await player.fill('#join-name', 'Ann');
  await player.click('#join-form button[type=submit]');
  await player.waitForSelector('.player.me:has-text("Ann")');
  await player.waitForSelector('#universe .card, #now [data-key^="roll-"]');
  let v = await audit(player);
  assert.deepEqual(v, [], `table (playing): ${v.join('\n')}`);
  const watcher = await newPage(browser);
  await check(watcher, `/t/${t.id}?watch`, '#players .player');
  await watcher.goto(`${BASE}/t/${t.id}/review`);
  await watcher.waitForSelector('main h1, main h2, main p');
  v = await audit(watcher);
  assert.deepEqual(v, [], `review: ${v.join('\n')}`);
  assert.deepEqual(player.errors, []);
  await player.context().close();
  await watcher.context().close();
});

test('the table in screen-reader mode: events in a live log, the mat as text, commands typed; no serious axe violation', async () => {
  const t = await createTable({
    division: 'middle', adventurous: false, bot_pace: 0, seed: 7,
    seats: [{ kind: 'human' }, { kind: 'bot', level: 'club' }],
  });
  const player = await newPage(browser);
  await player.goto(`${BASE}${t.link}`);
  await player.fill('#join-name', 'Ann');
  await player.click('#join-form button[type=submit]');
  await player.waitForSelector('.player.me:has-text("Ann")');
  await player.check('#reader-toggle');
  await player.waitForSelector('#reader-log[aria-live="polite"]');
  // Every event so far is in the live log, in words.
  await player.waitForFunction(() => (document.querySelector('#reader-log')?.children.length ?? 0) >= 1);
  const say = async (text) => {
    const before = await player.locator('#reader-log p').count();
    await player.fill('#reader-command', text);
    await player.press('#reader-command', 'Enter');
    await player.waitForFunction((n) => document.querySelectorAll('#reader-log p').length !== n, before);
    return player.locator('#reader-log').textContent();
  };
  assert.match(await say('mat'), /Resources: /);
  assert.match(await say('help'), /Commands: move CUBE/);
  assert.match(await say('fly'), /“fly” is not a command/);
  assert.match(await player.locator('#reader-mat').textContent(), /Goal: .*Required: .*Universe/);
  // A command that acts: rolling the cubes when it is this player's task.
  if (await player.locator('#now [data-key^="roll-"]').count()) {
    const version = await player.locator('.table-page').getAttribute('data-version');
    await player.fill('#reader-command', 'roll');
    await player.press('#reader-command', 'Enter');
    await player.waitForFunction((v) => document.querySelector('.table-page')?.getAttribute('data-version') !== v, version);
  }
  assert.equal(await player.locator('#announcer').count(), 0, 'one live region, not two');
  await player.screenshot({ path: path.join(SHOTS, 'table-reader.png') });
  // The mode is kept: it is on again after a reload.
  await player.reload();
  await player.waitForSelector('#reader-log');
  const v = await audit(player);
  assert.deepEqual(v, [], `table (screen-reader mode): ${v.join('\n')}`);
  assert.deepEqual(player.errors, []);
  await player.context().close();
});

test('screen-reader commands: decline, join a side, accept and object send what their buttons send', async () => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create-form');
  const out = await page.evaluate(async () => {
    const { command } = await import('/js/table/reader.js');
    // The acts the buttons send are the view's legal ones (table.js renderWriting, table/writing.js).
    const legal = [
      { type: 'decline', player: 1 },
      { type: 'join_side', player: 1, side: 'challenger' },
      { type: 'join_side', player: 1, side: 'mover' },
      { type: 'accept', player: 1, writer: 2 },
    ];
    const m = { legal, cubes: [], phase: { phase: 'checking' }, players: ['A', 'B', 'C'] };
    const none = { ...m, legal: [] };
    const run = (/** @type {string} */ t, view = m) => command(/** @type {any} */ (view), t);
    return {
      decline: run('decline'), joinChallenger: run('join challenger'), joinMover: run('join mover'),
      accept: run('accept'), objectValue: run('object value'), objectGoal: run('object goal'),
      objectAmbiguous: run('object ambiguous (B u R) n G'), objectNoReason: run('object'),
      declineNone: run('decline', none), acceptNone: run('accept', none), help: run('help'),
    };
  });
  assert.deepEqual(out.decline, { act: { type: 'decline', player: 1 }, area: 'write' });
  assert.deepEqual(out.joinChallenger, { act: { type: 'join_side', player: 1, side: 'challenger' }, area: 'write' });
  assert.deepEqual(out.joinMover, { act: { type: 'join_side', player: 1, side: 'mover' }, area: 'write' });
  assert.deepEqual(out.accept, { act: { type: 'accept', player: 1, writer: 2 }, area: 'check' });
  assert.deepEqual(out.objectValue, { act: { type: 'object', writer: 2, reason: 'wrong_value' }, area: 'check' });
  assert.deepEqual(out.objectGoal, { act: { type: 'object', writer: 2, reason: 'goal_illegal' }, area: 'check' });
  assert.deepEqual(out.objectAmbiguous, { act: { type: 'object', writer: 2, reason: 'ambiguous', grouping: '(B u R) n G' }, area: 'check' });
  assert.match(out.objectNoReason.reply, /Say why/);
  assert.match(out.declineNone.reply, /nothing to decline/);
  assert.match(out.acceptNone.reply, /no Solution for you to accept/);
  assert.match(out.help.reply, /accept; object REASON/);
  await ctx.close();
});
