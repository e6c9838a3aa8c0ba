// Shared helpers of the end-to-end tests: the browser, tables, and a simple
// player policy that acts through the page the way a person would.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const BASE = process.env.ONSETS_URL ?? 'http://127.0.0.1:18080';
export const SHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** Debian's Chromium, never a downloaded browser. */
export async function launch() {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A page in its own browser context (its own localStorage: its own seat). */
export async function newPage(browser, viewport = { width: 1366, height: 900 }) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  // Every wait ends on its event; on a loaded machine the event may be slow.
  page.setDefaultTimeout(LOADED);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  return page;
}

export async function createTable(spec) {
  const r = await fetch(`${BASE}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  if (r.status !== 201) throw new Error(`POST /api/tables: ${r.status} ${await r.text()}`);
  return r.json();
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether a selector is on the page and visible. */
export async function visible(page, sel) {
  const l = page.locator(sel).first();
  return (await l.count()) > 0 && (await l.isVisible());
}

/** Whether a button is there and enabled. */
export async function enabled(page, sel) {
  const l = page.locator(sel).first();
  return (await l.count()) > 0 && (await l.isVisible()) && (await l.isEnabled());
}

/** How many rows the scoresheet has (scored shakes). */
export async function scoredShakes(page) {
  return page.locator('#scoresheet-table tbody tr:not(.current)').count();
}

/** Cubes on the mat (not Resources, not the Goal). */
export async function cubesOnMat(page) {
  return page.locator('#sec-required .cube, #sec-permitted .cube, #sec-forbidden .cube').count();
}

/**
 * How long a wait on the server may take on a loaded machine (docs/web.md,
 * "Five runs in a row"): long enough for a debug server and Chromium sharing
 * two cores with several builds; a wait ends as soon as its event comes.
 */
export const LOADED = 90000;

/** The table's version as the page shows it (`.table-page[data-version]`); -1 before its first state. */
export function tableVersion(page) {
  return page.evaluate(() => {
    const v = document.querySelector('.table-page')?.getAttribute('data-version');
    return v ? Number(v) : -1;
  });
}

/** Waits until `page` shows at least version `v` of its table. */
export async function untilVersion(page, v) {
  await page.waitForFunction(
    (n) => Number(document.querySelector('.table-page')?.getAttribute('data-version') || -1) >= n, v, { timeout: LOADED });
}

/** Waits until `page` shows at least what `ahead` shows (both pages at one table). */
export async function caughtUp(page, ahead) {
  await untilVersion(page, await tableVersion(ahead));
}

/**
 * Clicks a button that sends an act and waits for the server's answer as the
 * page shows it: a newer version of the table with the button gone or disabled
 * (the act was taken), or a refusal. So a policy loop never presses the same
 * button twice because the answer was slow (a refused second roll or deal).
 * The button is the one on the page now: when an update takes it away before
 * the click lands (another player acted), nothing is sent and this answers
 * false, instead of waiting for such a button to come back.
 * @returns {Promise<boolean>} whether the act was sent
 */
export async function press(page, sel) {
  const before = await tableVersion(page);
  const button = await page.$(sel);
  if (!button) return false;
  try {
    await button.click();
  } catch (e) {
    if (/not attached|detached/i.test(String(e))) return false;
    throw e;
  }
  await answered(page, sel, before);
  return true;
}

/**
 * Waits for the answer to an act sent from the control `sel` (by a click or
 * a key) when the table was at version `before`: a newer version with the
 * control gone or disabled, or a refusal shown.
 */
export async function answered(page, sel, before) {
  await page.waitForFunction(([s, v]) => {
    const version = Number(document.querySelector('.table-page')?.getAttribute('data-version') || -1);
    const b = /** @type {HTMLButtonElement|null} */ (document.querySelector(s));
    return (version > v && (!b || b.disabled)) || !!document.querySelector('.notice.error');
  }, [sel, before], { timeout: LOADED });
}

/** Versions of the table as each page shows it. */
export function versions(pages) {
  return Promise.all(pages.map(tableVersion));
}

/**
 * Waits until one of the pages shows a newer version than `vs` (from
 * `versions(pages)` read before the pages were looked at): a policy with
 * nothing to do waits on the table's next event, not a fixed time. Ends
 * after `LOADED` without one (the caller's loop has its own deadline).
 */
export async function newerOnAny(pages, vs) {
  await Promise.race(pages.map((p, k) => untilVersion(p, vs[k] + 1).catch(() => {})));
}

/** People seated at a new table made over HTTP with `spec`; their pages, in seat order. */
export async function seatPeople(browser, spec, names = ['Ann', 'Bob']) {
  const t = await createTable(spec);
  const pages = [];
  for (const name of names) {
    const page = await newPage(browser);
    await page.goto(`${BASE}${t.link}`);
    await page.fill('#join-name', name);
    await page.click('#join-form button[type=submit]');
    await page.waitForSelector(`.player.me:has-text("${name}")`);
    pages.push(page);
  }
  return { t, pages };
}

/**
 * Rolls (no set-out), deals and sets the simplest Goal through the pages until
 * one page has the turn: `{mover, other}`; with `noGoal`, stops where the
 * Goal-setter may declare "no Goal": `{setter, other}`. Each act waits for its
 * answer (`press`); the loop otherwise waits on the pages' next version.
 */
export async function toMoves(pages, { noGoal = false } = {}) {
  const deadline = Date.now() + 4 * LOADED;
  while (Date.now() < deadline) {
    const vs = await versions(pages);
    let acted = false;
    for (const [i, page] of pages.entries()) {
      const other = pages[1 - i];
      if (await visible(page, '#now .hint')) {
        await caughtUp(other, page);
        return { mover: page, other };
      }
      if (await enabled(page, '#now [data-key="roll-0"]')) await press(page, '#now [data-key="roll-0"]');
      else if (await enabled(page, '#now [data-key="deal"]')) await press(page, '#now [data-key="deal"]');
      else if (noGoal && (await enabled(page, '[data-key="no-goal"]'))) {
        await caughtUp(other, page);
        return { setter: page, other };
      } else if (await enabled(page, '[data-key="set-goal"]')) await press(page, '[data-key="set-goal"]');
      else continue;
      acted = true;
    }
    // Nobody could act: wait for a newer state on either page.
    if (!acted) await newerOnAny(pages, vs);
  }
  throw new Error('the shake never reached the moves');
}
