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
