// A page at a table survives the loss of the server instance that holds the
// table (docs/scaling.md, "Failover"): two `onsets serve` instances on one
// PostgreSQL behind HAProxy with the shipped deploy/haproxy.cfg; a student
// seated at a 2026-27 table with a bot types half a Solution; the instance
// holding the table is killed (SIGKILL); the page reconnects through HAProxy
// within 5 s with its seat and its draft (text and caret) intact, and the
// match goes on at the other instance (a later act is accepted).
//
// Runs when web/ci.sh finds haproxy and PostgreSQL (it sets
// ONSETS_FAILOVER_BIN and ONSETS_FAILOVER_DB); skipped otherwise. Every wait
// is on the page's state (its connection, its table's version) or an
// instance's health, never a fixed pause.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launch, newPage } from './helpers.mjs';

const BIN = process.env.ONSETS_FAILOVER_BIN;
const DB = process.env.ONSETS_FAILOVER_DB;
const CFG = path.resolve(import.meta.dirname, '../../deploy/haproxy.cfg');
const skip = BIN && DB ? false : 'needs haproxy and PostgreSQL (web/ci.sh sets ONSETS_FAILOVER_BIN and ONSETS_FAILOVER_DB)';

/** @type {Map<string, import('node:child_process').ChildProcess>} */
const procs = new Map();
const logs = skip ? '' : mkdtempSync(path.join(os.tmpdir(), 'onsets-web-failover-'));
let browser;

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

function start(name, cmd, args, env = {}) {
  const out = openSync(path.join(logs, `${name}.log`), 'w');
  const p = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  procs.set(name, p);
  return p;
}

/** Waits until `GET /healthz` at `base` answers 200 (polling the instance's health). */
async function healthy(base, within = 60000) {
  const deadline = Date.now() + within;
  for (;;) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${base} did not become healthy (logs in ${logs})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The WebSocket connections an instance serves (its `/healthz`). */
async function connections(base) {
  const r = await fetch(`${base}/healthz`);
  return (await r.json()).connections;
}

const version = (page) => page.locator('.table-page').getAttribute('data-version');

let proxy = '';
/** @type {Record<string, string>} */
const instances = {};

before(async () => {
  if (skip) return;
  const [pa, pb, ph] = [await freePort(), await freePort(), await freePort()];
  for (const [name, port] of [['a', pa], ['b', pb]]) {
    start(name, BIN, ['serve', '--host', '127.0.0.1', '--port', String(port), '--database', DB,
      '--create-per-minute', '0', '--connect-per-minute', '0', '--trusted-proxy', '127.0.0.1']);
    instances[name] = `http://127.0.0.1:${port}`;
    await healthy(instances[name]);
  }
  // deploy/haproxy.cfg as shipped, on this test's ports.
  start('haproxy', 'haproxy', ['-db', '-n', '2000', '-f', CFG], {
    ONSETS_BIND: `127.0.0.1:${ph}`, ONSETS_A: `127.0.0.1:${pa}`, ONSETS_B: `127.0.0.1:${pb}`,
  });
  proxy = `http://127.0.0.1:${ph}`;
  await healthy(proxy, 20000);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  for (const p of procs.values()) p.kill('SIGKILL');
});

test('a seated page keeps its seat and its draft when the instance holding its table is killed', { skip }, async () => {
  const made = await fetch(`${proxy}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ division: 'junior', adventurous: false, seed: 21, bot_pace: 100,
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'beginner' }] }),
  });
  assert.equal(made.status, 201, await made.clone().text());
  const t = await made.json();
  const page = await newPage(browser);
  await page.goto(`${proxy}${t.link}`);
  await page.fill('#join-name', 'Ann');
  await page.click('#join-form button[type=submit]');
  await page.waitForSelector('.player.me:has-text("Ann")');
  await page.waitForSelector('#solution:visible');
  // Half a Solution, the caret moved back into it.
  await page.click('#solution');
  await page.keyboard.type("(Y n G') - ");
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  const draft = await page.evaluate(() => {
    const a = /** @type {HTMLTextAreaElement} */ (document.querySelector('#solution'));
    return { text: a.value, start: a.selectionStart, end: a.selectionEnd };
  });
  assert.equal(draft.text, "(Y n G') - ");
  // The instance holding the table is the one serving the page's WebSocket.
  const [ca, cb] = [await connections(instances.a), await connections(instances.b)];
  assert.equal(ca + cb, 1, `one WebSocket in all: a ${ca}, b ${cb}`);
  const holder = ca === 1 ? 'a' : 'b';
  const before = Number(await version(page));
  // Every state of the page's connection, as the page shows it (#conn).
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.connSeen = [];
    const note = () => {
      const c = document.querySelector('#conn')?.className ?? '';
      if (w.connSeen.at(-1) !== c) w.connSeen.push(c);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  procs.get(holder).kill('SIGKILL');
  const killed = Date.now();
  // Lost, then open again (through HAProxy, to the other instance).
  await page.waitForFunction(() => {
    const seen = /** @type {string[]} */ (/** @type {any} */ (window).connSeen);
    const lost = seen.findIndex((c) => !c.includes('conn-open'));
    return lost >= 0 && seen.slice(lost).some((c) => c.includes('conn-open'));
  }, null, { timeout: 5000 });
  const back = Date.now() - killed;
  assert.ok(back < 5000, `reconnected in ${back} ms`);
  const kept = await page.evaluate(() => {
    const a = /** @type {HTMLTextAreaElement} */ (document.querySelector('#solution'));
    return { text: a.value, start: a.selectionStart, end: a.selectionEnd };
  });
  assert.deepEqual(kept, draft, 'the draft and its caret are kept');
  // The match goes on at the other instance: the page's act or the bot's is
  // accepted (the table's version goes up past the one before the kill).
  const deadline = Date.now() + 60000;
  let acted = '';
  while (Number(await version(page)) <= before) {
    assert.ok(Date.now() < deadline, `the match went on after the failover (version ${before})`);
    for (const key of ['#now [data-key^="roll-"]', '#now [data-key="deal"]']) {
      const b = page.locator(key).first();
      if ((await b.count()) && (await b.isEnabled())) {
        await b.click();
        acted = key;
        break;
      }
    }
    await page.waitForFunction((v) => Number(document.querySelector('.table-page')?.getAttribute('data-version')) > v,
      before, { timeout: 2000 }).catch(() => {});
  }
  console.log(`failover: the page was back ${back} ms after the kill of instance ${holder}; version ${before} → ${await version(page)}${acted ? ` (the page acted: ${acted})` : ' (the bot acted)'}`);
  // Rejoined, not watching: the seat is the page's.
  await page.waitForSelector('.player.me:has-text("Ann")');
  assert.equal(await page.locator('#join-form').count(), 0, 'the page is seated, not watching');
  // The draft is still there after the updates.
  assert.equal(await page.locator('#solution').inputValue(), draft.text);
  assert.deepEqual(page.errors.filter((e) => !/WebSocket|ERR_CONNECTION|Failed to load resource/.test(e)), []);
  await page.context().close();
});
