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
