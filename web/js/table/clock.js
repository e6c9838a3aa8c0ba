// The table's sand timers and round clock (XI-A, XI-B): drawn by the renderer,
// their text and sand updated four times a second between updates.

import { h } from '../components/vdom.js';
import { sandTimerSvg } from '../pictures.js';
import { taskWords, who } from '../words.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */
/** @typedef {import('../types.js').Timer} Timer */

/** The time each task starts with, to draw the sand (XI-A-1). @param {Timer} t @param {MatchView} m */
export function taskTotal(t, m) {
  // The server says when the sand started; the task's limit (XI-A) otherwise.
  if (t.started_ms !== undefined && t.due_ms > t.started_ms) return t.due_ms - t.started_ms;
  if (t.stage > 0) return 60000;
  const two = m.variations.includes('two-solutions');
  switch (t.task) {
    case 'select_variation':
      return 15000;
    case 'set_goal':
      return 120000;
    case 'move':
      return m.phase.phase === 'moves' && m.phase.first ? 120000 : 60000;
    case 'write':
    case 'check':
      return two ? 180000 : 120000;
    default:
      return 60000;
  }
}

/**
 * A sand timer for a running task: due − now, less the time since the frame arrived.
 * @param {Timer} x @param {MatchView} m @param {boolean} big
 * @param {TableView} tv the table page
 */
export function timerEl(tv, x, m, big) {
  // MLAG Basic 2019-20 XI-A-1-b: one limit for rolling the cubes and setting the Goal.
  const task = x.task === 'roll' && m.edition === '2019-20' && !m.adventurous ? 'rolling the cubes and setting the Goal' : taskWords(x.task);
  return h('div', {
    class: `timer${big ? ' big' : ''}`,
    dataset: { due: x.due_ms, total: taskTotal(x, m), penal: x.penal ? '1' : '', stage: x.stage },
    role: 'timer',
    title: `${who(m, x.player)}: ${task}`,
  }, h('span', { class: 'sand-box' }), h('span', { class: 'timer-text' }, ''), big ? h('span', { class: 'timer-task' }, ` ${who(m, x.player)}: ${task}`) : null);
}

/**
 * @param {TableView} tv the table page
 */
export function tick(tv) {
  const m = tv.m;
  if (!m) return;
  const now = m.now_ms + (performance.now() - tv.receivedAt);
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (tv.root.querySelectorAll('.timer'))) {
    const due = Number(el.dataset.due);
    const total = Number(el.dataset.total) || 60000;
    const left = due - now;
    const text = /** @type {HTMLElement} */ (el.querySelector('.timer-text'));
    const box = /** @type {HTMLElement} */ (el.querySelector('.sand-box'));
    let words;
    if (left > 0) {
      const s = Math.ceil(left / 1000);
      words = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}${el.dataset.stage === '1' ? ' (extra minute)' : ''}`;
    } else if (el.dataset.penal) {
      words = `Time! ${Math.max(0, Math.ceil((left + 10000) / 1000))}…`;
    } else words = 'Time!';
    if (text.textContent !== words) text.textContent = words;
    const frac = Math.round((Math.max(0, left) / total) * 20) / 20;
    if (box.dataset.frac !== String(frac)) {
      box.dataset.frac = String(frac);
      box.replaceChildren(sandTimerSvg(frac, left < 10000));
    }
    el.classList.toggle('urgent', left < 10000);
  }
  const rc = document.getElementById('round-clock');
  if (rc) {
    const left = m.round_ms - now;
    const s = Math.max(0, Math.ceil(left / 1000));
    rc.textContent = m.match_points ? 'Match over' : m.round_up ? (m.stop_at ? `Round over · finish in ${Math.max(0, Math.ceil((m.stop_at - now) / 1000))} s` : 'Round over') : `Round: ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} left`;
  }
}
