// The judge's assistant at `/judge` (docs/web-client.md, "The judge's
// assistant"): the position comes from a table on this server (its current
// position or a chosen moment of its log), from a match log file, or is built
// on the mat editor by clicks (cards into the Universe, cubes into Resources,
// Required, Permitted and Forbidden, a Goal from digit cubes, variations as
// checkboxes); only the fields the dispute needs are shown. The server
// (POST /api/judge, docs/protocol.md) rules with the checker, the solver or
// the engine; the page shows its `plain` answer: one verdict, who scores what
// and why, each line linked to its rule's plain words (rules.js).

import { h, mount, withRules } from './components/vdom.js';
import { cardView } from './components/card.js';
import { cubeView } from './components/cube.js';
import { goalView } from './components/goal.js';
import { matView, matOfPosition } from './components/mat.js';
import { lettersToggle } from './components/letters.js';
import { layoutPicture } from './table/goal-builder.js';
import { renderExplanation } from './explain.js';
import { ruleLink } from './rules.js';
import { LAYOUTS } from './notation.js';
import { faceWords, cardWords } from './pictures.js';
import { VARIATIONS, selectable, plainText } from './words.js';
import { getText, postJson } from './api.js';

/** @typedef {import('./types.js').Ruling} Ruling */
/**
 * A ruling with the fields every edition adds and its plain words (docs/protocol.md).
 * @typedef {{text: string, section: string}} PlainLine
 * @typedef {{headline: string, outcome: string, verdict: string, scores: PlainLine[], why: PlainLine[], totals?: string}} Plain
 * @typedef {Ruling & {edition?: string, decided?: boolean, claim?: string,
 *   alternative_text?: string, plain?: Plain}} EditionRuling
 */

/** The tournament's challenges (2026-27, 2019-20: V-A, III-D-2). */
export const TOURNAMENT_CHALLENGES = [['now', 'Now'], ['impossible', 'Impossible'], ['no_goal', '“no Goal”']];
/** The 1969 manual's claims (M69 3.5): there is no Now or Impossible in 1969. */
export const CLAIMS_1969 = [['a', 'A-claim'], ['p', 'P-claim'], ['c_from_a', 'C-claim stemming from A'],
  ['c_from_p', 'C-claim stemming from P'], ['no_goal', '“No Goal”']];

/** The 16 cards of the kit (I-B-1), in the chart's order. */
export const CARDS = ['blank', 'B', 'R', 'G', 'Y', 'BR', 'BG', 'BY', 'RG', 'RY', 'GY', 'BRG', 'BRY', 'BGY', 'RGY', 'BRGY'];
/** The cube faces the editor offers (I-B-2): colors, operations, Restrictions, digits. */
export const FACES = ['B', 'R', 'G', 'Y', '∪', '∩', '−', '′', 'V', 'Λ', '=', '⊆', '1', '2', '3', '4', '5'];
const SECTION_NAMES = /** @type {Record<string, string>} */ ({ resources: 'Resources', required: 'Required', permitted: 'Permitted', forbidden: 'Forbidden' });

/**
 * Whether the chosen position or log is of the 1969 game: a position with
 * `"edition": "1969"`, or a log whose header's format is `onsets-1969/1`.
 * @param {string} source @param {string} position @param {string} log
 * @returns {boolean}
 */
export function is1969(source, position, log) {
  try {
    if (source === 'position') return JSON.parse(position)?.edition === '1969';
    if (source === 'log' || source === 'table') {
      const first = log.split('\n').find((l) => l.trim() !== '');
      return first ? JSON.parse(first)?.format === 'onsets-1969/1' : false;
    }
  } catch {
    return false;
  }
  return false;
}

/** The editor's first mat: a Middle shake after a Now challenge. */
function exampleState() {
  return {
    edition: '2026-27', division: 'middle', adventurous: true,
    universe: new Set(['B', 'R', 'G', 'Y', 'BR', 'BG', 'RG', 'BRG']),
    cubes: /** @type {Record<string, string[]>} */ ({ resources: ['∪', 'Y', 'G', '′', '=', '∩'], required: ['B'], permitted: ['R'], forbidden: [] }),
    target: 'resources',
    goal: { layout: 'single', digits: /** @type {number[]} */ ([5]), flips: [false] },
    variations: /** @type {Record<string, string>} */ ({ 'shift-from-permitted': '' }),
  };
}

/** The page's state: what the judge chose and typed, kept across redraws. */
function initialState() {
  return {
    source: 'mat', ...exampleState(),
    position: '', table: '', log: '', logName: '', loaded: '', loadError: '', moment: 'end',
    dispute: 'solution', solution: 'B ∪ R ∪ G', situation: 'now', challenge: 'now', player: '',
    act: 'charge', actPlayer: '0', actText: '{"type": "charge_illegal_procedure", "player": 0}',
    busy: false, answer: /** @type {EditionRuling|null} */ (null), error: '',
  };
}
/** @typedef {ReturnType<typeof initialState>} JudgeState */

/** The Goal text of the editor's Goal (`3*(~1+2)`), or '' while slots are empty. @param {JudgeState} s */
export function goalText(s) {
  const layout = LAYOUTS.find((l) => l.id === s.goal.layout) ?? LAYOUTS[0];
  const d = s.goal.digits.slice(0, layout.slots);
  if (d.length < layout.slots) return '';
  return layout.text(d.map((x, i) => `${s.goal.flips[i] ? '~' : ''}${x}`));
}

/** The situation a position is judged in for the dispute (docs/notation.md). @param {JudgeState} s */
function situationOf(s) {
  if (s.dispute === 'challenge') return ['now', 'a', 'c_from_a'].includes(s.challenge) ? 'now' : 'impossible';
  if (s.edition === '1969' && !['now', 'impossible'].includes(s.situation)) return 'impossible';
  return s.situation;
}

/**
 * The position built on the mat editor, as notation JSON (docs/notation.md).
 * @param {JudgeState} s
 */
export function matPosition(s) {
  const m69 = s.edition === '1969';
  const face = (/** @type {string} */ f) => (m69 ? f.replace('Y', 'O') : f);
  const list = (/** @type {string} */ sec) => s.cubes[sec].map(face).join(' ');
  let goal = goalText(s);
  if (s.dispute === 'challenge' && s.challenge === 'no_goal') goal = s.cubes.resources.find((f) => /^[1-5]$/.test(f)) ?? '1';
  /** @type {Record<string, any>} */
  const p = {
    universe: CARDS.filter((c) => s.universe.has(c)).map(face).join(' '), goal,
    required: list('required'), permitted: list('permitted'), forbidden: list('forbidden'), resources: list('resources'),
    situation: situationOf(s),
  };
  if (m69) return { edition: '1969', ...p };
  const variations = s.adventurous ? Object.entries(s.variations)
    .filter(([k]) => selectable(k, s.division))
    .map(([k, v]) => (v.trim() ? `${k} ${v.trim()}` : k)) : [];
  return { ...(s.edition === '2019-20' ? { edition: '2019-20' } : {}), division: s.division, adventurous: s.adventurous, ...p, variations };
}

/** The log's lines (header first), blank lines left out. @param {string} log */
function logLines(log) {
  return log.split('\n').filter((l) => l.trim() !== '');
}

/** The players' names of a log's header (`seat N` when it has none). @param {string} log */
export function seatNames(log) {
  try {
    const head = JSON.parse(logLines(log)[0] ?? '{}');
    if (Array.isArray(head.players) && head.players.length) return head.players.map((/** @type {string} */ n, /** @type {number} */ i) => n || `seat ${i + 1}`);
  } catch {
    // Not a log: seats by number.
  }
  return ['seat 1', 'seat 2', 'seat 3'];
}

/**
 * A log's moments in words: one per act, `3. Ann moves a cube to Required`.
 * @param {string} log
 * @returns {string[]}
 */
export function moments(log) {
  const names = seatNames(log);
  return logLines(log).slice(1).map((l, i) => {
    let a;
    try {
      a = JSON.parse(l);
    } catch {
      return `${i + 1}. (a line that is not an act)`;
    }
    const who = typeof a.player === 'number' ? `${names[a.player] ?? `seat ${a.player + 1}`} ` : '';
    const what = String(a.type ?? 'act').replace(/_/g, ' ');
    const where = a.to ? ` to ${SECTION_NAMES[a.to] ?? a.to}` : '';
    const goal = a.goal && typeof a.goal === 'string' ? ` ${a.goal}` : '';
    const kind = a.kind ? ` ${a.kind}` : a.claim ? ` ${a.claim}` : '';
    return `${i + 1}. ${who}${what}${kind}${goal}${where}`.replace(/\s+/g, ' ');
  });
}

/**
 * The request body (docs/protocol.md, `POST /api/judge`) from the page's state.
 * @param {JudgeState} s
 * @returns {Record<string, any>}
 */
export function judgeRequest(s) {
  /** @type {Record<string, any>} */
  const body = {};
  if (s.source === 'mat') body.position = matPosition(s);
  else if (s.source === 'position') {
    try {
      body.position = JSON.parse(s.position);
    } catch (e) {
      throw new Error(`the position is not notation JSON: ${/** @type {Error} */ (e).message}`);
    }
  } else if (s.source === 'table' && s.moment === 'end') {
    if (!s.table.trim()) throw new Error('give the table’s id (the part after /t/ in its link)');
    body.table = s.table.trim();
  } else {
    const lines = logLines(s.log);
    if (!lines.length) throw new Error(s.source === 'table' ? 'load the table’s log first' : 'choose a match log file');
    body.log = (s.moment === 'end' ? lines : lines.slice(0, Number(s.moment) + 1)).join('\n');
  }
  if (s.dispute === 'solution') body.dispute = { kind: 'solution', solution: s.solution };
  else if (s.dispute === 'challenge') {
    body.dispute = { kind: 'challenge', challenge: s.challenge };
    if (s.source !== 'mat' && s.source !== 'position' && s.player !== '') body.dispute.player = Number(s.player);
  } else if (s.act === 'charge') {
    body.dispute = { kind: 'act', act: { type: 'charge_illegal_procedure', player: Number(s.actPlayer) } };
  } else {
    try {
      body.dispute = { kind: 'act', act: JSON.parse(s.actText) };
    } catch (e) {
      throw new Error(`the act is not in the log’s notation: ${/** @type {Error} */ (e).message}`);
    }
  }
  return body;
}

/** @param {object} body @returns {Promise<EditionRuling>} */
async function ask(body) {
  try {
    return await postJson('/api/judge', body);
  } catch (e) {
    throw new Error(plainText(e instanceof Error ? e.message : String(e)));
  }
}

/** A table's log as anyone may read it (a 1969 table's from its own route). @param {string} id */
async function fetchLog(id) {
  for (const path of [`/api/tables/${encodeURIComponent(id)}/log`, `/api/tables1969/${encodeURIComponent(id)}/log`]) {
    const text = await getText(path);
    if (text !== null) return text;
  }
  throw new Error(`there is no table “${id}” on this server`);
}

/** A line of a plain ruling with its rule linked. @param {PlainLine} l */
function plainLine(l) {
  return h('li', null, l.text, l.section ? [' ', ruleLink(l.section)] : null);
}

/** The ruling drawn from its plain words. @param {EditionRuling} r */
export function rulingView(r) {
  const p = r.plain;
  const undecided = r.decided === false;
  const tone = undecided ? '' : r.upheld ? 'good' : 'bad';
  const by = /** @type {Record<string, string>} */ ({ checker: 'the Solution checker', solver: 'the solver (every Solution tried)', engine: 'the rules engine replaying the match' })[r.decided_by] ?? r.decided_by;
  const edition = r.edition && r.edition !== '2026-27' ? ` Rules of ${r.edition === '1969' ? 'the 1969 manual' : `the ${r.edition} tournament rules`}.` : '';
  return h('div', { class: 'ruling', id: 'ruling' },
    h('p', { class: `big-line ${tone}`, id: 'ruling-headline' }, p?.headline ?? (r.upheld ? 'Upheld' : 'Not upheld')),
    h('p', { id: 'ruling-text' }, p ? p.verdict : withRules(r.ruling)),
    h('p', { class: 'small', id: 'ruling-by' }, undecided ? `Not decided: ${by} settles only part of it.` : `Settled by ${by}.`, edition),
    r.alternative_text ? h('p', { id: 'ruling-alternative' }, 'The alternative play: ', h('code', null, r.alternative_text)) : null,
    p?.scores.length ? [h('h3', null, 'Who scores what'), h('ul', { id: 'ruling-scores' }, ...p.scores.map(plainLine))] : null,
    p?.totals ? h('p', { id: 'ruling-totals' }, p.totals) : null,
    p?.why.length ? [h('h3', null, 'Why'), h('ul', { id: 'ruling-reasons' }, ...p.why.map(plainLine))]
      : r.reasons.length ? [h('h3', null, 'Why'), h('ul', { id: 'ruling-reasons' }, ...r.reasons.map((x) => h('li', null, withRules(x.text), ' ', ruleLink(x.section))))] : null,
    r.witness ? h('p', { id: 'ruling-witness' }, 'A correct Solution: ', h('code', null, r.witness)) : null,
    r.situations.length ? [h('h3', null, 'Like situations in the judges’ manual'),
      h('ul', { id: 'ruling-situations' }, ...r.situations.map((s) => h('li', null, ruleLink(s.id), ' ', plainText(s.summary))))] : null,
    r.explanation ? [h('h3', null, 'The Solution explained'), renderExplanation(r.explanation, /** @type {any} */ (r.position))] : null,
    r.position ? h('details', { class: 'ruling-position' }, h('summary', null, 'The position judged'),
      matView(matOfPosition(r.position), { id: 'ruling-mat' })) : null);
}

/**
 * The mat editor: the Universe's cards, the cube palette and the mat, the
 * Goal from digit cubes, the division and the variations.
 * @param {JudgeState} s @param {() => void} redraw
 */
function matEditor(s, redraw) {
  const m69 = s.edition === '1969';
  const noGoal = s.dispute === 'challenge' && s.challenge === 'no_goal';
  const shown = (/** @type {string} */ f) => (m69 ? f.replace('Y', 'O') : f);
  return h('div', { class: 'mat-editor', id: 'mat-editor' },
    h('div', { class: 'field-row' },
      h('label', { class: 'field' }, 'Rules ', h('select', { id: 'judge-edition', value: s.edition, onchange: (/** @type {Event} */ e) => { s.edition = /** @type {HTMLSelectElement} */ (e.target).value; s.challenge = s.edition === '1969' ? 'p' : 'now'; redraw(); } },
        h('option', { value: '2026-27', selected: s.edition === '2026-27' }, 'Tournament 2026-27'),
        h('option', { value: '2019-20', selected: s.edition === '2019-20' }, 'Tournament 2019-20'),
        h('option', { value: '1969', selected: s.edition === '1969' }, 'The 1969 manual'))),
      m69 ? null : h('label', { class: 'field' }, 'Division ', h('select', { id: 'judge-division', value: s.division, onchange: (/** @type {Event} */ e) => { s.division = /** @type {HTMLSelectElement} */ (e.target).value; redraw(); } },
        ...['elementary', 'middle', 'junior', 'senior'].map((d) => h('option', { value: d, selected: s.division === d }, d[0].toUpperCase() + d.slice(1))))),
      m69 ? null : h('label', { class: 'field check' }, h('input', { type: 'checkbox', id: 'judge-adventurous', checked: s.adventurous, onchange: (/** @type {Event} */ e) => { s.adventurous = /** @type {HTMLInputElement} */ (e.target).checked; redraw(); } }), ' Adventurous (variations)'),
      lettersToggle(redraw),
      h('button', { type: 'button', id: 'judge-clear', onclick: () => {
        s.universe = new Set();
        s.cubes = { resources: [], required: [], permitted: [], forbidden: [] };
        s.goal = { layout: 'single', digits: [], flips: [] };
        s.variations = {};
        redraw();
      } }, 'Start from an empty mat')),
    h('fieldset', { class: 'universe-editor' }, h('legend', null, `The Universe: click the cards dealt (${s.universe.size}) `, ruleLink('II-B')),
      h('div', { class: 'card-list', id: 'judge-cards' }, ...CARDS.map((c) => cardView(shown(c), {
        key: c, pressed: s.universe.has(c), label: `${cardWords(shown(c))}${s.universe.has(c) ? ', in the Universe' : ''}`,
        onclick: () => { if (s.universe.has(c)) s.universe.delete(c); else s.universe.add(c); redraw(); },
      })))),
    h('fieldset', { class: 'cube-editor' }, h('legend', null, 'The cubes: pick a section, then click cubes into it; click a cube on the mat to take it back'),
      h('div', { class: 'sections-pick', role: 'radiogroup', 'aria-label': 'Where the cubes you click go' },
        ...Object.entries(SECTION_NAMES).map(([k, name]) => h('label', { class: `section-pick${s.target === k ? ' picked' : ''}` },
          h('input', { type: 'radio', name: 'judge-target', id: `judge-target-${k}`, value: k, checked: s.target === k, onchange: () => { s.target = k; redraw(); } }), ` ${name}`))),
      h('div', { class: 'cube-palette', id: 'judge-palette' }, ...FACES.map((f) => cubeView(shown(f), {
        key: `pal-${f}`, label: `Put ${faceWords(shown(f))} in ${SECTION_NAMES[s.target]}`,
        onclick: () => { s.cubes[s.target].push(f); redraw(); },
      }))),
      matView({ universe: CARDS.filter((c) => s.universe.has(c)).map(shown), goal: noGoal ? '' : goalText(s), resources: s.cubes.resources.map(shown),
        required: s.cubes.required.map(shown), permitted: s.cubes.permitted.map(shown), forbidden: s.cubes.forbidden.map(shown) }, {
        id: 'judge-mat', hideGoal: true,
        onCube: (sec, i) => { s.cubes[sec].splice(i, 1); redraw(); },
        cubeLabel: (sec, f) => `${faceWords(f)} in ${SECTION_NAMES[sec]}: take it back`,
      })),
    noGoal ? h('p', { class: 'small', id: 'judge-nogoal-note' }, 'For “no Goal”, put the rolled digit cubes in Resources: the solver tries every Goal they can make ', ruleLink('III-D-2'), '.')
      : goalEditor(s, redraw),
    m69 || !s.adventurous ? null : variationsEditor(s, redraw));
}

/** The Goal from digit cubes (III-B-1): a layout, digits clicked into it, each may be upside-down. @param {JudgeState} s @param {() => void} redraw */
function goalEditor(s, redraw) {
  const layout = LAYOUTS.find((l) => l.id === s.goal.layout) ?? LAYOUTS[0];
  const text = goalText(s);
  return h('fieldset', { class: 'goal-editor', id: 'judge-goal' }, h('legend', null, 'The Goal: pick its layout, then click its digit cubes ', ruleLink('III-B-1')),
    h('div', { class: 'layouts', role: 'radiogroup', 'aria-label': 'Goal layout' }, ...LAYOUTS.map((l) => h('label', { class: `layout${l.id === layout.id ? ' picked' : ''}` },
      h('input', { type: 'radio', name: 'judge-layout', value: l.id, id: `judge-layout-${l.id}`, checked: l.id === layout.id, onchange: () => { s.goal.layout = l.id; s.goal.digits = s.goal.digits.slice(0, l.slots); redraw(); } }),
      layoutPicture(l.cells), h('span', null, h('b', null, l.name), h('br'), h('small', null, l.help))))),
    h('div', { class: 'goal-digits' }, ...['1', '2', '3', '4', '5'].map((d) => cubeView(d, {
      key: `goal-${d}`, label: `Add the digit ${d} to the Goal`,
      onclick: () => { if (s.goal.digits.length >= layout.slots) s.goal.digits = []; s.goal.digits.push(Number(d)); s.goal.flips = s.goal.flips.slice(0, s.goal.digits.length - 1).concat(false); redraw(); },
    })),
    h('button', { type: 'button', id: 'judge-goal-clear', onclick: () => { s.goal.digits = []; s.goal.flips = []; redraw(); } }, 'Clear the Goal')),
    h('div', { class: 'goal-slots' }, ...Array.from({ length: layout.slots }, (_, i) => h('label', { class: 'slot' },
      h('b', null, 'ABC'[i]), ` ${s.goal.digits[i] ?? '—'} `,
      h('input', { type: 'checkbox', id: `judge-flip-${i}`, checked: !!s.goal.flips[i], onchange: (/** @type {Event} */ e) => { s.goal.flips[i] = /** @type {HTMLInputElement} */ (e.target).checked; redraw(); } }),
      ' upside-down (negative)'))),
    h('div', { class: 'goal-preview', id: 'judge-goal-preview' }, text ? goalView(text, { id: 'judge-goal-view', strict: true })
      : h('span', { class: 'small' }, `Click ${layout.slots - s.goal.digits.length} more digit cube${layout.slots - s.goal.digits.length === 1 ? '' : 's'}.`)));
}

/** The variations in force (XIII) as checkboxes, with their blanks. @param {JudgeState} s @param {() => void} redraw */
function variationsEditor(s, redraw) {
  const list = VARIATIONS.filter((v) => selectable(v.key, s.division));
  return h('fieldset', { class: 'variations-editor', id: 'judge-variations' }, h('legend', null, 'The variations chosen for the shake ', ruleLink('XIII')),
    h('ul', { class: 'plain-list' }, ...list.map((v) => {
      const on = v.key in s.variations;
      return h('li', { key: v.key },
        h('label', null, h('input', { type: 'checkbox', id: `judge-var-${v.key}`, checked: on, onchange: (/** @type {Event} */ e) => {
          if (/** @type {HTMLInputElement} */ (e.target).checked) s.variations[v.key] = s.variations[v.key] ?? '';
          else delete s.variations[v.key];
          redraw();
        } }), ` ${v.name} `), ruleLink(v.rule), ' ', h('small', null, v.help),
        on && v.blank ? h('label', { class: 'blank' }, ` ${v.blank}: `, h('input', { id: `judge-var-${v.key}-blank`, size: 6, value: s.variations[v.key], oninput: (/** @type {Event} */ e) => { s.variations[v.key] = /** @type {HTMLInputElement} */ (e.target).value; } })) : null);
    })));
}

/** Where the position comes from: a table, a log file, or typed notation (advanced). @param {JudgeState} s @param {() => void} redraw */
function sourceFields(s, redraw) {
  if (s.source === 'mat') return matEditor(s, redraw);
  if (s.source === 'position') {
    return h('label', { class: 'field' }, 'The position in the notation (advanced) ',
      h('textarea', { id: 'judge-position', rows: 10, value: s.position, oninput: (/** @type {Event} */ e) => { s.position = /** @type {HTMLTextAreaElement} */ (e.target).value; redraw(); } }));
  }
  const load = async () => {
    s.loadError = '';
    try {
      s.log = await fetchLog(s.table.trim());
      s.loaded = s.table.trim();
      s.moment = 'end';
    } catch (e) {
      s.loadError = /** @type {Error} */ (e).message;
    }
    redraw();
  };
  const pick = s.source === 'table'
    ? h('div', { class: 'field-row' },
      h('label', { class: 'field' }, 'Table id ', h('input', { id: 'judge-table', value: s.table, maxlength: 64, placeholder: 'the part after /t/ in its link', autocomplete: 'off',
        oninput: (/** @type {Event} */ e) => { s.table = /** @type {HTMLInputElement} */ (e.target).value; }, onkeydown: (/** @type {KeyboardEvent} */ e) => { if (e.key === 'Enter') { e.preventDefault(); load(); } } })),
      h('button', { type: 'button', id: 'judge-load', onclick: load }, 'Load its moves'))
    : h('label', { class: 'field' }, 'A match log file (.jsonl) ', h('input', { type: 'file', id: 'judge-file', accept: '.jsonl,.json,.txt', onchange: async (/** @type {Event} */ e) => {
      const f = /** @type {HTMLInputElement} */ (e.target).files?.[0];
      if (!f) return;
      s.log = await f.text();
      s.logName = f.name;
      s.moment = 'end';
      redraw();
    } }));
  const list = s.log ? moments(s.log) : [];
  return h('div', { class: 'source-fields' }, pick,
    s.loadError ? h('p', { class: 'bad', role: 'alert', id: 'judge-load-error' }, s.loadError) : null,
    s.source === 'log' ? h('details', null, h('summary', null, 'or paste the log'),
      h('textarea', { id: 'judge-log', rows: 5, 'aria-label': 'The match log, one act per line', value: s.log, oninput: (/** @type {Event} */ e) => { s.log = /** @type {HTMLTextAreaElement} */ (e.target).value; s.moment = 'end'; redraw(); } })) : null,
    list.length || s.source === 'table' ? h('label', { class: 'field' }, 'The moment disputed ',
      h('select', { id: 'judge-moment', value: s.moment, onchange: (/** @type {Event} */ e) => { s.moment = /** @type {HTMLSelectElement} */ (e.target).value; redraw(); } },
        h('option', { value: 'end', selected: s.moment === 'end' }, s.source === 'table' ? 'now (the table’s current position)' : 'the end of the log'),
        ...list.map((text, i) => h('option', { value: String(i + 1), selected: s.moment === String(i + 1) }, `right after ${text}`)))) : null);
}

/** The dispute and only the fields it needs. @param {JudgeState} s @param {() => void} redraw */
function disputeFields(s, redraw) {
  const fromMatch = s.source === 'table' || s.source === 'log';
  const m69 = s.source === 'mat' ? s.edition === '1969' : is1969(s.source, s.position, s.log);
  const challenges = m69 ? CLAIMS_1969 : TOURNAMENT_CHALLENGES;
  if (!challenges.some(([v]) => v === s.challenge)) s.challenge = challenges[0][0];
  const names = seatNames(s.log);
  const seats = (/** @type {string} */ id, /** @type {string} */ value, /** @type {(v: string) => void} */ set, /** @type {string|null} */ none) => h('select', { id, value, onchange: (/** @type {Event} */ e) => { set(/** @type {HTMLSelectElement} */ (e.target).value); redraw(); } },
    none === null ? null : h('option', { value: '', selected: value === '' }, none),
    ...names.map((/** @type {string} */ n, /** @type {number} */ i) => h('option', { value: String(i), selected: value === String(i) }, n)));
  const kinds = [['solution', 'a Solution: is it correct?'], ['challenge', 'a challenge: who is right?'], ...(fromMatch ? [['act', 'an act or a charge of illegal procedure']] : [])];
  if (!kinds.some(([v]) => v === s.dispute)) s.dispute = 'solution';
  /** @type {any[]} */
  const fields = [];
  if (s.dispute === 'solution') {
    if (s.source === 'mat') {
      fields.push(h('label', { class: 'field' }, 'Written after ', h('select', { id: 'judge-situation', value: s.situation, onchange: (/** @type {Event} */ e) => { s.situation = /** @type {HTMLSelectElement} */ (e.target).value; redraw(); } },
        ...[['now', 'a Now challenge (at most one cube from Resources)'], ['impossible', 'an Impossible challenge (any cubes from Resources)'],
          ...(m69 ? [] : [['forceout', 'the last cube was played'], ['end-of-round', 'the round’s time ran out']])].map(([v, t]) => h('option', { value: v, selected: s.situation === v }, t)))));
    }
    fields.push(h('label', { class: 'field' }, 'The Solution as written ', h('input', { id: 'judge-solution', value: s.solution, maxlength: 1000, autocomplete: 'off', spellcheck: 'false',
      oninput: (/** @type {Event} */ e) => { s.solution = /** @type {HTMLInputElement} */ (e.target).value; } })));
  } else if (s.dispute === 'challenge') {
    fields.push(h('label', { class: 'field' }, 'The challenge ', h('select', { id: 'judge-challenge', value: s.challenge, dataset: { edition: m69 ? '1969' : 'tournament' }, onchange: (/** @type {Event} */ e) => { s.challenge = /** @type {HTMLSelectElement} */ (e.target).value; redraw(); } },
      ...challenges.map(([v, t]) => h('option', { value: v, selected: s.challenge === v }, t)))));
    if (fromMatch) fields.push(h('label', { class: 'field' }, 'Made by ', seats('judge-player', s.player, (v) => { s.player = v; }, 'nobody at the table yet: judge the claim only')));
  } else {
    fields.push(h('label', { class: 'field' }, 'What happened ', h('select', { id: 'judge-act', value: s.act, onchange: (/** @type {Event} */ e) => { s.act = /** @type {HTMLSelectElement} */ (e.target).value; redraw(); } },
      h('option', { value: 'charge', selected: s.act === 'charge' }, 'a charge of illegal procedure'),
      h('option', { value: 'raw', selected: s.act === 'raw' }, 'another act, in the log’s notation'))));
    if (s.act === 'charge') fields.push(h('label', { class: 'field' }, 'Charged by ', seats('judge-act-player', s.actPlayer, (v) => { s.actPlayer = v; }, null)));
    else fields.push(h('label', { class: 'field' }, 'The act ', h('textarea', { id: 'judge-act-text', rows: 3, value: s.actText, oninput: (/** @type {Event} */ e) => { s.actText = /** @type {HTMLTextAreaElement} */ (e.target).value; } })));
  }
  return h('fieldset', { class: 'dispute-fields' }, h('legend', null, 'What is disputed'),
    h('label', { class: 'field' }, 'The dispute ', h('select', { id: 'judge-dispute', value: s.dispute, onchange: (/** @type {Event} */ e) => { s.dispute = /** @type {HTMLSelectElement} */ (e.target).value; redraw(); } },
      ...kinds.map(([v, t]) => h('option', { value: v, selected: s.dispute === v }, t)))),
    ...fields);
}

/** The page: the form, then the ruling. @param {JudgeState} s @param {() => void} redraw @param {() => void} submit */
export function judgeView(s, redraw, submit) {
  const sources = [['mat', 'build it on the mat'], ['table', 'a table on this server'], ['log', 'a match log file'], ['position', 'typed in the notation (advanced)']];
  return h('div', { class: 'judge-page' },
    h('h1', null, 'Judge’s assistant'),
    h('p', null, 'Set up the position of the dispute, say what is disputed, and ask for a ruling: it says who scores what and why, with each rule in plain words (click a rule number).'),
    h('div', { class: 'judge-main' },
      h('form', { id: 'judge-form', class: 'panel', onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); submit(); } },
        h('h2', null, 'The position'),
        h('label', { class: 'field' }, 'Where it comes from ', h('select', { id: 'judge-source', value: s.source, onchange: (/** @type {Event} */ e) => { s.source = /** @type {HTMLSelectElement} */ (e.target).value; s.answer = null; s.error = ''; redraw(); } },
          ...sources.map(([v, t]) => h('option', { value: v, selected: s.source === v }, t)))),
        sourceFields(s, redraw),
        disputeFields(s, redraw),
        h('button', { type: 'submit', class: 'primary', id: 'judge-submit', disabled: s.busy }, s.busy ? 'Ruling…' : 'Rule')),
      h('section', { class: 'panel', id: 'judge-answer', 'aria-live': 'polite' },
        s.error ? h('p', { class: 'bad', role: 'alert', id: 'judge-error' }, s.error)
          : s.answer ? [h('h2', null, 'The ruling'), rulingView(s.answer)]
            : h('p', { class: 'small' }, s.busy ? 'Ruling…' : 'The ruling appears here.'))));
}

/** @param {HTMLElement} root */
export function showJudge(root) {
  document.title = 'On-Sets — judge’s assistant';
  const s = initialState();
  const params = new URLSearchParams(location.search);
  const t = params.get('table');
  if (t) {
    s.source = 'table';
    s.table = t;
  }
  const view = mount(root);
  const redraw = () => view.update(judgeView(s, redraw, submit));
  const submit = async () => {
    s.error = '';
    let body;
    try {
      body = judgeRequest(s);
    } catch (e) {
      s.error = /** @type {Error} */ (e).message;
      redraw();
      return;
    }
    s.busy = true;
    redraw();
    try {
      s.answer = await ask(body);
    } catch (e) {
      s.answer = null;
      s.error = /** @type {Error} */ (e).message;
    }
    s.busy = false;
    redraw();
  };
  redraw();
}
