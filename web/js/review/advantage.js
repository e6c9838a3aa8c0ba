// The review chart's advantage (docs/review.md, "In the browser"): plain
// functions of the server's review, without the page's renderer, so that
// they run in node as well (web/tests/explain.test.mjs).

/** @typedef {import('../types.js').Review} Review */

/**
 * The advantage of each player over one shake: after each move, the sum of
 * +1 for each safe move, −2 for each Flub and −1 for each chance missed.
 * @param {Review} r
 * @param {number} shake
 * @returns {{index: number, values: number[]}[]}
 */
export function advantage(r, shake) {
  const n = r.players.length;
  const run = new Array(n).fill(0);
  /** @type {{index: number, values: number[]}[]} */
  const out = [];
  r.moves.forEach((m, i) => {
    if (m.shake !== shake) return;
    run[m.player] += m.class === 'safe' ? 1 : -2;
    // A chance the previous move left, passed by this move: −1 to each who could have challenged.
    for (const x of r.missed_challenges) if (x.after_move === i - 1) for (const p of x.players) run[p] -= 1;
    out.push({ index: i, values: [...run] });
  });
  return out;
}
