// A clock (XI-A): the time left for a task, as text and a sand timer, with
// words for screen readers; urgent under ten seconds (XI-A-3's countdown).

import { h } from './vdom.js';
import { sandTimerSvg } from '../pictures.js';

/** `m:ss` of a time in milliseconds. @param {number} ms */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * @param {number} leftMs time left
 * @param {number} totalMs the task's whole time
 * @param {{label?: string, id?: string}} [o] `label`: what the time is for
 */
export function clockView(leftMs, totalMs, o = {}) {
  const urgent = leftMs <= 10_000;
  const text = clockText(leftMs);
  return h('span', { class: `clock-view${urgent ? ' urgent' : ''}`, id: o.id, role: 'timer', 'aria-label': `${o.label ?? 'Time left'}: ${text}` },
    sandTimerSvg(totalMs > 0 ? leftMs / totalMs : 0, urgent), h('span', { class: 'clock-text', 'aria-hidden': 'true' }, text));
}

/**
 * What a running task's clock says (XI-A): `m:ss` while the time runs (with
 * "(extra minute)" in the second stage of a limit), then "Time!", and for a
 * penal limit the ten-second countdown of XI-A-3 ("Time! 7…").
 * @param {number} leftMs
 * @param {{penal?: boolean, stage?: number}} [o]
 */
export function clockWords(leftMs, o = {}) {
  if (leftMs > 0) return `${clockText(leftMs)}${o.stage === 1 ? ' (extra minute)' : ''}`;
  if (o.penal) return `Time! ${Math.max(0, Math.ceil((leftMs + 10_000) / 1000))}…`;
  return 'Time!';
}

/**
 * @typedef {{dueMs: number, totalMs: number, now: () => number, label?: string,
 *   words?: (leftMs: number) => string, sand?: boolean, penal?: boolean, stage?: number}} Running
 */

/** The clocks on the page whose time runs between updates, each with what it shows. */
const running = new Map();
/** @type {ReturnType<typeof setInterval>|undefined} */
let ticker;

/** Draws one running clock's sand and text now (only what changed). @param {Element} el @param {Running} c */
function tickOne(el, c) {
  const left = c.dueMs - c.now();
  const words = c.words ? c.words(left) : clockWords(left, c);
  const text = /** @type {HTMLElement|null} */ (el.querySelector('.timer-text'));
  if (text && text.textContent !== words) text.textContent = words;
  const label = `${c.label ?? 'Time left'}: ${words}`;
  if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  const urgent = c.sand !== false && left < 10_000;
  el.classList.toggle('urgent', urgent);
  const box = /** @type {HTMLElement|null} */ (el.querySelector('.sand-box'));
  if (box) {
    const frac = Math.round((Math.max(0, left) / (c.totalMs || 60_000)) * 20) / 20;
    const key = `${frac}${urgent ? '!' : ''}`;
    if (box.dataset.frac !== key) {
      box.dataset.frac = key;
      box.replaceChildren(sandTimerSvg(frac, urgent));
    }
  }
}

/** Every running clock drawn again; clocks no longer on the page are dropped. */
export function tickClocks() {
  for (const [el, c] of running) {
    if (!el.isConnected) running.delete(el);
    else tickOne(el, c);
  }
  if (!running.size) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

/** @param {Element} el @param {Running} c */
function track(el, c) {
  running.set(el, c);
  tickOne(el, c);
  ticker ??= setInterval(tickClocks, 250);
}

/**
 * A clock whose time runs between the page's updates (the ticking hook): the
 * page draws it with the task's due time and its clock (`now`, the server's
 * time as this page reckons it), and the component redraws its sand and text
 * four times a second, without the page drawing itself again. Its sand and
 * text are left out of the virtual tree (the hook fills them), so a patch
 * never fights the ticker. With `words` it says what the caller words
 * (the round's clock, XI-B); `sand: false` leaves the sand timer out.
 * @param {Running & {tag?: string, id?: string, class?: string, title?: string,
 *   dataset?: Record<string, string|number>, after?: import('./vdom.js').VChild}} o
 */
export function runningClockView(o) {
  const c = { dueMs: o.dueMs, totalMs: o.totalMs, now: o.now, label: o.label, words: o.words, sand: o.sand, penal: o.penal, stage: o.stage };
  return h(o.tag ?? 'div', {
    class: `clock-view running ${o.class ?? ''}`.trim(), id: o.id, role: 'timer', title: o.title, dataset: o.dataset,
    hook: {
      insert: (/** @type {import('./vdom.js').VNode} */ v) => track(/** @type {Element} */ (v.elm), c),
      postpatch: (/** @type {import('./vdom.js').VNode} */ _old, /** @type {import('./vdom.js').VNode} */ v) => track(/** @type {Element} */ (v.elm), c),
      destroy: (/** @type {import('./vdom.js').VNode} */ v) => { running.delete(/** @type {Element} */ (v.elm)); },
    },
  }, o.sand === false ? null : h('span', { class: 'sand-box' }), h('span', { class: 'timer-text' }), o.after ?? null);
}
