// The Review view at `/t/{id}/review` (issue 16; docs/web.md, "Review"):
// a finished or archived match move by move (← → or the buttons), the mat
// after each move with its verdict, missed and incorrect challenges, the
// Goal judged, per-player accuracy, and a chart of the advantage over the
// shake. The server's review (GET /api/tables/{id}/review, computed by the
// engine and the solver) decides everything; this only draws it.

import { h, fill, withRules } from './dom.js';
import { cardRow, cubeRow } from './explain.js';

/** @typedef {import('./types.js').Review} Review */
/** @typedef {import('./types.js').MoveReview} MoveReview */

const SVG = 'http://www.w3.org/2000/svg';
/** Line colors of the players in the chart. */
const INK = ['#1d63c9', '#d3262f', '#1f8f3a'];

/**
 * @param {string} tag
 * @param {Record<string, string|number>} attrs
 * @param {(SVGElement|string)[]} [children]
 */
function s(tag, attrs, children = []) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

/** A link to a table's review. @param {string} id */
export function reviewLink(id) {
  return h('p', { class: 'review-link' }, h('a', { href: `/t/${encodeURIComponent(id)}/review`, id: 'review-link' }, 'Review this match move by move →'));
}

/** Words for a move's class. @param {MoveReview} m */
function classWords(m) {
  if (m.class === 'safe') return 'A safe move: no challenge could win after it.';
  if (m.class === 'now-wins') return 'A Flub: it let the next player win a Now challenge.';
  return 'A Flub: it let the next player win an Impossible challenge.';
}

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

export class ReviewView {
  /**
   * @param {HTMLElement} root
   * @param {string} id
   */
  constructor(root, id) {
    this.root = root;
    this.id = id;
    /** @type {Review|null} */
    this.r = null;
    this.i = 0;
    this.keys = (/** @type {KeyboardEvent} */ e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
    document.title = `On-Sets — review of table ${id}`;
    fill(root, h('div', { class: 'review-page' }, h('h1', null, 'Review'), h('p', null, 'The engine and the solver are judging every move…')));
    this.load();
  }

  destroy() {
    document.removeEventListener('keydown', this.keys);
  }

  async load() {
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(this.id)}/review`);
      const body = await r.json().catch(() => ({}));
      if (!r.ok) throw new Error(body.error?.message || `the server answered ${r.status}`);
      this.r = body;
      this.render();
    } catch (e) {
      fill(this.root, h('div', { class: 'review-page' }, h('h1', null, 'Review'),
        h('p', { class: 'bad', role: 'alert' }, `No review: ${/** @type {Error} */ (e).message}`),
        h('p', null, h('a', { href: `/t/${encodeURIComponent(this.id)}` }, 'Back to the table'))));
    }
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    if (!this.r || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = /** @type {HTMLElement} */ (e.target);
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA')) return;
    const last = this.r.moves.length - 1;
    if (e.key === 'ArrowLeft') this.step(this.i - 1);
    else if (e.key === 'ArrowRight') this.step(this.i + 1);
    else if (e.key === 'Home') this.step(0);
    else if (e.key === 'End') this.step(last);
    else return;
    e.preventDefault();
  }

  /** @param {number} i */
  step(i) {
    if (!this.r || !this.r.moves.length) return;
    this.i = Math.max(0, Math.min(this.r.moves.length - 1, i));
    this.render();
  }

  /** @param {number} p */
  name(p) {
    return this.r?.players[p] ?? `player ${p + 1}`;
  }

  render() {
    const r = this.r;
    if (!r) return;
    const page = h('div', { class: 'review-page' },
      h('h1', null, 'Review ', h('small', null, `table ${this.id}`)),
      h('p', null, h('a', { href: `/t/${encodeURIComponent(this.id)}` }, '← Back to the table'), ' · Use ← and → to step through the moves. · ',
        h('a', { href: `/judge?table=${encodeURIComponent(this.id)}` }, 'Ask the judge’s assistant about this match')),
      this.summary(r));
    if (!r.moves.length) {
      page.append(h('p', null, 'No cube was moved in this match: there is nothing to step through.'));
      fill(this.root, page);
      return;
    }
    const m = r.moves[this.i];
    page.append(
      h('div', { class: 'review-nav', role: 'group', 'aria-label': 'Step through the moves' },
        h('button', { id: 'review-first', onclick: () => this.step(0), disabled: this.i === 0 }, 'First'),
        h('button', { id: 'review-prev', onclick: () => this.step(this.i - 1), disabled: this.i === 0, 'aria-label': 'Previous move' }, '← Previous'),
        h('span', { id: 'review-pos', 'aria-live': 'polite' }, `Move ${this.i + 1} of ${r.moves.length} · shake ${m.shake}`),
        h('button', { id: 'review-next', onclick: () => this.step(this.i + 1), disabled: this.i === r.moves.length - 1, 'aria-label': 'Next move' }, 'Next →'),
        h('button', { id: 'review-last', onclick: () => this.step(r.moves.length - 1), disabled: this.i === r.moves.length - 1 }, 'Last')),
      h('div', { class: 'review-main' },
        h('div', { class: 'review-col' }, this.verdict(r, m), this.mat(m)),
        h('div', { class: 'review-col' }, this.chart(r, m.shake), this.goal(r, m.shake), this.challenges(r, m.shake))));
    fill(this.root, page);
  }

  /** @param {Review} r */
  summary(r) {
    return h('section', { class: 'panel', id: 'review-summary' },
      h('h2', null, 'Players'),
      h('table', { class: 'scoresheet' },
        h('tr', null, h('th', null, ''), h('th', null, 'accuracy'), h('th', null, 'moves'), h('th', null, 'flubs'), h('th', null, 'missed chances'), h('th', null, 'challenges right'), h('th', null, 'challenges wrong')),
        ...r.summary.map((x, p) => h('tr', null,
          h('th', { style: { color: INK[p % INK.length] } }, x.name),
          h('td', { class: 'num' }, x.accuracy === null ? '–' : `${Math.round(x.accuracy)}%`),
          h('td', { class: 'num' }, String(x.moves)), h('td', { class: 'num' }, String(x.flubs)),
          h('td', { class: 'num' }, String(x.missed_chances)), h('td', { class: 'num' }, String(x.correct_challenges)),
          h('td', { class: 'num' }, String(x.incorrect_challenges))))),
      h('p', { class: 'small' }, 'Accuracy: safe moves and correct challenges, out of every move, challenge and missed chance.'));
  }

  /** @param {Review} r @param {MoveReview} m */
  verdict(r, m) {
    const missed = r.missed_challenges.filter((x) => x.after_move === this.i);
    return h('section', { class: `panel verdict-${m.class}`, id: 'review-verdict' },
      h('h2', null, `${this.name(m.player)}: ${m.mv}`),
      h('p', { class: m.class === 'safe' ? 'good' : 'bad', id: 'review-class' }, classWords(m)),
      h('ul', null,
        h('li', null, 'A Now challenge right after it would have been ', h('b', null, m.now_correct ? 'correct' : 'incorrect'), '. ', h('small', { class: 'rule' }, 'V-A-2')),
        h('li', null, 'An Impossible challenge right after it would have been ', h('b', null, m.impossible_correct ? 'correct' : 'incorrect'), '. ', h('small', { class: 'rule' }, 'V-A-1')),
        m.witness ? h('li', null, 'A Solution the next player could have written: ', h('code', null, m.witness)) : null,
        m.class !== 'safe' ? h('li', null, m.best_alternative ? ['A safe move instead: ', h('b', null, m.best_alternative)] : 'No safe move was left.') : null,
        ...missed.map((x) => h('li', { class: 'bad missed' }, `Missed: a ${x.kind === 'now' ? 'Now' : 'Impossible'} challenge would have won here, and ${x.players.map((p) => this.name(p)).join(' and ')} did not challenge.`))));
  }

  /** The mat after the move, with the cards. @param {MoveReview} m */
  mat(m) {
    const p = m.position_after;
    return h('section', { class: 'panel', id: 'review-mat' },
      h('h2', null, 'The mat after the move'),
      h('p', null, 'Goal: ', h('b', { class: 'goal-text' }, p.goal)),
      h('dl', { class: 'mat-rows' },
        h('dt', null, 'Required'), h('dd', null, cubeRow(p.required ?? '')),
        h('dt', null, 'Permitted'), h('dd', null, cubeRow(p.permitted ?? '')),
        h('dt', null, 'Forbidden'), h('dd', null, cubeRow(p.forbidden ?? '')),
        h('dt', null, 'Resources'), h('dd', null, cubeRow(p.resources ?? ''))),
      p.variations?.length ? h('p', { class: 'small' }, 'Variations: ', p.variations.join(', ')) : null,
      h('p', null, 'The Universe: ', cardRow((p.universe ?? '').split(/\s+/).filter(Boolean))));
  }

  /**
   * The advantage over the shake as an inline SVG chart, one line a player,
   * the current move marked.
   * @param {Review} r @param {number} shake
   */
  chart(r, shake) {
    const pts = advantage(r, shake);
    const W = 420, H = 160, pad = 24;
    const all = pts.flatMap((x) => x.values).concat([0, 1, -1]);
    const lo = Math.min(...all), hi = Math.max(...all);
    const x = (/** @type {number} */ k) => pad + (pts.length > 1 ? (k * (W - 2 * pad)) / (pts.length - 1) : (W - 2 * pad) / 2);
    const y = (/** @type {number} */ v) => H - pad - ((v - lo) * (H - 2 * pad)) / (hi - lo || 1);
    const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'advantage-chart', role: 'img', 'aria-label': `Advantage over shake ${shake}` });
    svg.append(s('rect', { x: 0, y: 0, width: W, height: H, class: 'chart-bg' }));
    svg.append(s('line', { x1: pad, x2: W - pad, y1: y(0), y2: y(0), class: 'chart-zero' }));
    const cur = pts.findIndex((q) => q.index === this.i);
    if (cur >= 0) svg.append(s('line', { x1: x(cur), x2: x(cur), y1: pad / 2, y2: H - pad / 2, class: 'chart-now' }));
    for (let p = 0; p < r.players.length; p++) {
      const d = pts.map((q, k) => `${k ? 'L' : 'M'}${x(k).toFixed(1)} ${y(q.values[p]).toFixed(1)}`).join(' ');
      if (d) svg.append(s('path', { d, fill: 'none', stroke: INK[p % INK.length], 'stroke-width': 2.5 }));
      pts.forEach((q, k) => {
        const mv = r.moves[q.index];
        if (mv.player !== p) return;
        const dot = s('circle', { cx: x(k), cy: y(q.values[p]), r: mv.class === 'safe' ? 3.5 : 6, fill: mv.class === 'safe' ? INK[p % INK.length] : '#fff', stroke: INK[p % INK.length], 'stroke-width': 2, class: 'chart-dot' });
        dot.append(s('title', {}, [`Move ${q.index + 1}: ${this.name(p)} ${mv.mv} (${mv.class})`]));
        dot.addEventListener('click', () => this.step(q.index));
        svg.append(dot);
      });
    }
    return h('section', { class: 'panel', id: 'review-chart' },
      h('h2', null, `Advantage over shake ${shake}`), svg,
      h('p', { class: 'small' }, ...r.players.map((n, p) => h('span', { class: 'legend', style: { color: INK[p % INK.length] } }, `● ${n} `)),
        ' +1 a safe move, −2 a Flub (hollow dot), −1 a missed chance. Click a dot to go to its move.'));
  }

  /** The Goal-setter's choice, judged. @param {Review} r @param {number} shake */
  goal(r, shake) {
    const gs = r.goals.filter((g) => g.shake === shake);
    if (!gs.length) return null;
    return h('section', { class: 'panel', id: 'review-goal' }, h('h2', null, 'The Goal ', h('small', { class: 'rule' }, 'III-B')),
      ...gs.map((g) => h('div', null,
        h('p', { class: g.goal === 'no Goal' ? (g.solvable_count === 0 ? 'good' : 'bad') : g.solvable ? 'good' : 'bad' },
          g.goal === 'no Goal'
            ? `${this.name(g.player)} declared no Goal: ${g.solvable_count === 0 ? 'right, no Goal could be solved' : 'wrong, a Goal could be solved'}.`
            : `${this.name(g.player)} set the Goal ${g.goal}: ${g.solvable ? 'it can be solved' : 'it cannot be solved'}.`),
        h('p', { class: 'small' }, `${g.solvable_count} of the ${g.allowed.length} Goals the digit cubes allowed could be solved.`),
        g.allowed.length ? h('details', null, h('summary', null, 'Every Goal the digits allowed'),
          h('ul', { class: 'goal-list' }, ...g.allowed.map((a) => h('li', { class: a.solvable ? 'good' : 'bad' }, `${a.goal} (${a.values.join(' or ')}): ${a.solvable ? 'solvable' : 'not solvable'}`)))) : null)));
  }

  /** The challenges made in the shake, judged. @param {Review} r @param {number} shake */
  challenges(r, shake) {
    const cs = r.challenges.filter((c) => c.shake === shake);
    const word = (/** @type {string} */ k) => (k === 'now' ? 'Now' : k === 'impossible' ? 'Impossible' : '“no Goal”');
    return h('section', { class: 'panel', id: 'review-challenges' }, h('h2', null, 'Challenges ', h('small', { class: 'rule' }, 'V-A')),
      cs.length ? h('ul', null, ...cs.map((c) => h('li', { class: c.correct ? 'good' : 'bad' },
        withRules(`${this.name(c.player)} challenged ${word(c.kind)}: ${c.correct ? 'correct' : 'incorrect'}.`),
        c.witness ? [' A Solution: ', h('code', null, c.witness)] : null)))
        : h('p', { class: 'small' }, 'No challenge in this shake.'));
  }
}
