// The judge's assistant at `/judge` (docs/web.md, "Judge"): pick a
// position (a live table by id, a match log, or typed as notation JSON) and
// a disputed Solution, challenge or act; the server (POST /api/judge) rules
// with the checker, the solver or the engine, and names the rule sections
// and the judges'-manual situations that match.

import { h, fill, withRules } from './dom.js';
import { renderExplanation, cubeRow, cardRow } from './explain.js';

/** @typedef {import('./types.js').Ruling} Ruling */
/**
 * A ruling with the fields every edition adds (docs/protocol.md): the
 * edition, whether it was decided, and for a 1969 claim the alternative play.
 * @typedef {Ruling & {edition?: string, decided?: boolean, claim?: string,
 *   alternative_text?: string}} EditionRuling
 */

/** The tournament's challenges (2026-27, 2019-20: V-A, III-D-2). */
export const TOURNAMENT_CHALLENGES = [['now', 'Now'], ['impossible', 'Impossible'], ['no_goal', '“no Goal”']];
/** The 1969 manual's claims (M69 3.5): there is no Now or Impossible in 1969. */
export const CLAIMS_1969 = [['a', 'A-claim'], ['p', 'P-claim'], ['c_from_a', 'C-claim stemming from A'],
  ['c_from_p', 'C-claim stemming from P'], ['no_goal', '“No Goal”']];

/**
 * Whether the chosen position or log is of the 1969 game: a position with
 * `"edition": "1969"`, or a log whose header's format is `onsets-1969/1`.
 * (A table on this server is a 2026-27 or 2019-20 match.)
 * @param {string} source @param {string} position @param {string} log
 * @returns {boolean}
 */
export function is1969(source, position, log) {
  try {
    if (source === 'position') return JSON.parse(position)?.edition === '1969';
    if (source === 'log') {
      const first = log.split('\n').find((l) => l.trim() !== '');
      return first ? JSON.parse(first)?.format === 'onsets-1969/1' : false;
    }
  } catch {
    return false;
  }
  return false;
}

const EXAMPLE = JSON.stringify({
  division: 'middle',
  adventurous: true,
  universe: 'B R G Y BR BG RG BRG',
  goal: '5',
  required: 'B',
  permitted: 'R',
  resources: '∪ Y G ′ = ∩',
  variations: ['shift-from-permitted'],
  situation: 'now',
}, null, 2);

/**
 * The request body from the form's values.
 * @param {{source: string, table: string, log: string, position: string,
 *   dispute: string, solution: string, challenge: string, player: string, act: string}} f
 * @returns {object}
 */
export function judgeRequest(f) {
  /** @type {Record<string, any>} */
  const body = {};
  if (f.source === 'table') body.table = f.table.trim();
  else if (f.source === 'log') body.log = f.log;
  else {
    try {
      body.position = JSON.parse(f.position);
    } catch (e) {
      throw new Error(`the position is not JSON: ${/** @type {Error} */ (e).message}`);
    }
  }
  if (f.dispute === 'solution') body.dispute = { kind: 'solution', solution: f.solution };
  else if (f.dispute === 'challenge') {
    body.dispute = { kind: 'challenge', challenge: f.challenge };
    if (f.player.trim() !== '') body.dispute.player = Number(f.player);
  } else {
    try {
      body.dispute = { kind: 'act', act: JSON.parse(f.act) };
    } catch (e) {
      throw new Error(`the act is not JSON: ${/** @type {Error} */ (e).message}`);
    }
  }
  return body;
}

/** @param {object} body @returns {Promise<Ruling>} */
async function ask(body) {
  const r = await fetch('/api/judge', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const out = await r.json().catch(() => ({}));
  if (!r.ok) {
    const e = out.error || {};
    throw new Error(e.message || `the server answered ${r.status}`);
  }
  return out;
}

/** The ruling drawn. @param {EditionRuling} r */
export function renderRuling(r) {
  const p = r.position;
  const undecided = r.decided === false;
  return h('div', { class: 'ruling', id: 'ruling' },
    h('p', { class: `big-line ${undecided ? '' : r.upheld ? 'good' : 'bad'}`, id: 'ruling-text' }, withRules(r.ruling)),
    h('p', { class: 'small', id: 'ruling-by' }, undecided ? `Not decided: the ${r.decided_by} settles only part of it.` : `Settled by the ${r.decided_by}.`,
      r.edition && r.edition !== '2026-27' ? ` Rules of ${r.edition === '1969' ? 'the 1969 manual' : `MLAG ${r.edition}`}.` : ''),
    r.alternative_text ? h('p', { id: 'ruling-alternative' }, 'The alternative play: ', h('code', null, r.alternative_text)) : null,
    r.reasons.length ? [h('h3', null, 'Reasons'), h('ul', { id: 'ruling-reasons' }, ...r.reasons.map((x) => h('li', null, withRules(x.text), ' ', h('small', { class: 'rule' }, x.section))))] : null,
    r.witness ? h('p', null, 'A correct Solution: ', h('code', null, r.witness)) : null,
    r.totals_before && r.totals_after ? h('p', null, `Totals before: ${r.totals_before.join(', ')} · after: ${r.totals_after.join(', ')}`) : null,
    r.situations.length ? [h('h3', null, 'The judges’ manual'),
      h('ul', { id: 'ruling-situations' }, ...r.situations.map((s) => h('li', null, h('b', null, s.id), ': ', s.summary)))] : null,
    r.explanation ? [h('h3', null, 'The Solution explained'), renderExplanation(r.explanation)] : null,
    p ? h('details', { class: 'ruling-position' }, h('summary', null, 'The position judged'),
      h('p', null, `Goal ${p.goal} · ${p.situation}`),
      h('p', null, 'Required ', cubeRow(p.required ?? ''), ' Permitted ', cubeRow(p.permitted ?? ''), ' Forbidden ', cubeRow(p.forbidden ?? '')),
      h('p', null, 'Resources ', cubeRow(p.resources ?? '')),
      h('p', null, 'Universe ', cardRow((p.universe ?? '').split(/\s+/).filter(Boolean)))) : null,
    r.events?.length ? h('details', null, h('summary', null, 'The engine’s events'), h('pre', null, r.events.map((e) => JSON.stringify(e)).join('\n'))) : null);
}

/** @param {HTMLElement} root */
export function showJudge(root) {
  document.title = 'On-Sets — judge’s assistant';
  const table = h('input', { id: 'judge-table', name: 'table', placeholder: 'table id, e.g. 3f9a0c2b1d', maxlength: 64 });
  const log = h('textarea', { id: 'judge-log', name: 'log', rows: 6, placeholder: 'a match log (JSON lines), or load a file below' });
  const file = h('input', { type: 'file', id: 'judge-file', accept: '.jsonl,.json,.txt', 'aria-label': 'A match log file (.jsonl) to load' });
  const position = h('textarea', { id: 'judge-position', name: 'position', rows: 12 });
  position.value = EXAMPLE;
  const source = h('select', { id: 'judge-source', name: 'source' },
    h('option', { value: 'position' }, 'a position typed as JSON'),
    h('option', { value: 'table' }, 'a table on this server'),
    h('option', { value: 'log' }, 'a match log'));
  const dispute = h('select', { id: 'judge-dispute', name: 'dispute' },
    h('option', { value: 'solution' }, 'a Solution'),
    h('option', { value: 'challenge' }, 'a challenge'),
    h('option', { value: 'act' }, 'an act or procedure (table or log)'));
  const solution = h('input', { id: 'judge-solution', name: 'solution', value: 'B ∪ R ∪ G', maxlength: 1000, autocomplete: 'off', spellcheck: 'false' });
  const challenge = h('select', { id: 'judge-challenge', name: 'challenge' });
  const player = h('input', { id: 'judge-player', name: 'player', type: 'number', min: 0, max: 5, placeholder: 'seat (0, 1, …): only for a table or log' });
  const act = h('textarea', { id: 'judge-act', name: 'act', rows: 3 });
  act.value = '{"type": "charge_illegal_procedure", "player": 0}';
  const answer = h('section', { class: 'panel', id: 'judge-answer', 'aria-live': 'polite' }, h('p', { class: 'small' }, 'The ruling appears here.'));
  const rows = {
    position: h('label', { class: 'field' }, 'Position (notation JSON, docs/notation.md)', position),
    table: h('label', { class: 'field' }, 'Table', table),
    log: h('div', { class: 'field' }, h('label', null, 'Match log', log), file),
    solution: h('label', { class: 'field' }, 'Solution', solution),
    challenge: h('div', { class: 'field' }, h('label', null, 'Challenge ', challenge), h('label', null, ' by ', player)),
    act: h('label', { class: 'field' }, 'Act (log notation, docs/engine.md)', act),
  };
  /** The challenges offered: the 1969 claims for a 1969 position or log. */
  let offered = '';
  const offer = () => {
    const m69 = is1969(source.value, position.value, log.value);
    const kind = m69 ? '1969' : 'tournament';
    if (kind === offered) return;
    offered = kind;
    const keep = challenge.value;
    const list = m69 ? CLAIMS_1969 : TOURNAMENT_CHALLENGES;
    challenge.replaceChildren(...list.map(([v, label]) => h('option', { value: v }, label)));
    if (list.some(([v]) => v === keep)) challenge.value = keep;
    challenge.dataset.edition = kind;
  };
  const show = () => {
    for (const k of ['position', 'table', 'log']) rows[/** @type {'position'|'table'|'log'} */ (k)].hidden = source.value !== k;
    for (const k of ['solution', 'challenge', 'act']) rows[/** @type {'solution'|'challenge'|'act'} */ (k)].hidden = dispute.value !== k;
    offer();
  };
  source.addEventListener('change', show);
  dispute.addEventListener('change', show);
  position.addEventListener('input', offer);
  log.addEventListener('input', offer);
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (f) {
      log.value = await f.text();
      offer();
    }
  });
  const form = h('form', { id: 'judge-form', class: 'panel' },
    h('h2', null, 'The dispute'),
    h('label', { class: 'field' }, 'The position: ', source), rows.position, rows.table, rows.log,
    h('label', { class: 'field' }, 'What is disputed: ', dispute), rows.solution, rows.challenge, rows.act,
    h('button', { type: 'submit', class: 'primary', id: 'judge-submit' }, 'Rule'));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    fill(answer, h('p', null, 'Ruling…'));
    try {
      const body = judgeRequest({ source: source.value, table: table.value, log: log.value, position: position.value,
        dispute: dispute.value, solution: solution.value, challenge: challenge.value, player: player.value, act: act.value });
      fill(answer, h('h2', null, 'The ruling'), renderRuling(await ask(body)));
    } catch (err) {
      fill(answer, h('p', { class: 'bad', role: 'alert', id: 'judge-error' }, /** @type {Error} */ (err).message));
    }
  });
  const params = new URLSearchParams(location.search);
  const t = params.get('table');
  if (t) {
    source.value = 'table';
    table.value = t;
  }
  show();
  fill(root, h('div', { class: 'judge-page' },
    h('h1', null, 'Judge’s assistant'),
    h('p', null, h('a', { href: '/' }, '← Lobby'), ' · The checker judges Solutions, the solver the claim of a challenge, and the engine whether a challenge or an act is allowed and what it scores. Rule sections and the judges’ manual situations (OS-A…OS-E) that match come with the ruling. A 1969 position or game log is ruled by the manual’s claims (A, P, C, “No Goal”) instead of Now and Impossible.'),
    h('div', { class: 'judge-main' }, form, answer)));
}
