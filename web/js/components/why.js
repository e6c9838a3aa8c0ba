// The "Why?" next to a judged Solution, as a component of a patched page
// (docs/web-client.md): the explanation is asked of the server's checker
// when opened (explain.js) and drawn when it arrives. Kept apart from
// explain.js, which also runs in node (web/tests/explain.test.mjs).

import { h as vh, requestRedraw } from './vdom.js';
import { asked, fetchExplanation, renderExplanation } from '../explain.js';

/** @typedef {import('../types.js').PositionJson} PositionJson */

/**
 * The "Why?" disclosure as part of a patched page (js/components/vdom.js):
 * the same `details` element on every update, so it stays open while the
 * table moves on; the answer is drawn when it arrives.
 * @param {PositionJson|null|undefined} position
 * @param {string} solution
 * @param {string} key a stable identity among its siblings
 */
export function whyView(position, solution, key) {
  if (!position || !solution) return null;
  const id = JSON.stringify([position, solution]);
  if (asked.size > 200) asked.clear();
  const memo = asked.get(id) ?? { open: false, pending: false, answer: null, error: '' };
  asked.set(id, memo);
  const ask = () => {
    if (memo.answer || memo.pending) return;
    memo.error = '';
    memo.pending = true;
    fetchExplanation(position, solution).then(
      (e) => { memo.answer = e; memo.pending = false; requestRedraw(); },
      (err) => { memo.error = err.message; memo.pending = false; requestRedraw(); },
    );
  };
  if (memo.open) ask();
  const body = memo.answer ? renderExplanation(memo.answer, position)
    : memo.error ? vh('p', { class: 'bad' }, `No explanation: ${memo.error}`) : 'Asking the checker…';
  return vh('details', {
    class: 'why', key, open: memo.open,
    ontoggle: (/** @type {Event} */ e) => {
      memo.open = /** @type {HTMLDetailsElement} */ (e.target).open;
      if (memo.open) ask();
    },
  }, vh('summary', null, 'Why?'), vh('div', { class: 'why-body', key: memo.answer ? 'answer' : 'asking' }, body));
}
