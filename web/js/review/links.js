// The link from a finished 1969 table to its review (docs/review.md), as DOM:
// the 1969 table draws DOM, and its module also runs in node
// (web/tests/history1969.test.mjs), where the renderer cannot load.

import { h } from '../dom.js';

/** A link to a finished 1969 table's review. @param {string} id */
export function review1969Link(id) {
  return h('p', { class: 'review-link' },
    h('a', { href: `/t69/${encodeURIComponent(id)}/review`, id: 'm69-review-link' }, 'Review this game play by play →'));
}
