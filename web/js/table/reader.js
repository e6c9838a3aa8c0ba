// The table's screen-reader mode (docs/web-client.md, "Screen-reader mode"),
// as lichess's ui/nvui: a toggle kept in the browser (components/store.js);
// when on, the table shows first a text panel: every event announced in an
// `aria-live` log, the mat and the Universe as text, and a command box where
// moves, challenges and Solutions are typed (`move ∪ to required`, `bonus G`,
// `now`, `impossible`, `solution B ∪ R`, `goal 3+2`, `roll`, `deal`, `mat`,
// `help`). The commands send the same acts as the buttons, through the
// table's one connection.

import { h } from '../components/vdom.js';
import { KEYS, kept, keep } from '../components/store.js';
import { cardWords, faceWords } from '../pictures.js';
import { goalWords, placeWords } from '../words.js';

/** @typedef {import('../table.js').TableView} TableView */
/** @typedef {import('../types.js').MatchView} MatchView */
/** @typedef {import('../types.js').Act} Act */

/** Whether the screen-reader mode is on. */
export function readerOn() {
  return kept(KEYS.reader, '0') === '1';
}

/** ASCII and word aliases of cube faces, as the Solution editor takes them. */
const ALIASES = /** @type {Record<string, string>} */ ({
  u: '∪', union: '∪', n: '∩', intersection: '∩', '-': '−', minus: '−', "'": '′', complement: '′',
  v: 'V', universe: 'V', l: 'Λ', empty: 'Λ', '/\\': 'Λ', '=': '=', equals: '=', c: '⊆', '<=': '⊆', subset: '⊆',
  b: 'B', blue: 'B', r: 'R', red: 'R', g: 'G', green: 'G', y: 'Y', yellow: 'Y',
});

/** A typed cube name as its face (`u` → `∪`, `blue` → `B`). @param {string} word */
export function faceOf(word) {
  const w = word.trim();
  return ALIASES[w.toLowerCase()] ?? ALIASES[w] ?? w;
}

const SECTION_WORDS = /** @type {Record<string, string>} */ ({ r: 'required', required: 'required', p: 'permitted', permitted: 'permitted', f: 'forbidden', forbidden: 'forbidden' });

/** The mat in words, one line per section. @param {MatchView} m */
export function matLines(m) {
  const at = (/** @type {string} */ p) => m.cubes.filter((c) => c.place === p);
  const list = (/** @type {string} */ p) => at(p).map((c) => faceWords(c.face)).join(', ') || 'none';
  const goal = typeof m.goal === 'string' ? goalWords(m.goal) : m.goal ? `${m.goal.description} (not a legal layout)` : 'not set';
  return [
    `Goal: ${goal}.`,
    `Required: ${list('required')}.`,
    `Permitted: ${list('permitted')}.`,
    `Forbidden: ${list('forbidden')}.`,
    `Resources: ${list('resources')}.`,
    `Universe, ${m.cards.length} cards: ${m.cards.map(cardWords).join('; ') || 'none dealt'}.`,
  ];
}

const HELP = 'Commands: move CUBE to required, permitted or forbidden (m u r); bonus CUBE; shift CUBE to required or forbidden; now; impossible; '
  + 'solution TEXT (s B u R); decline; join challenger or join mover (2019-20, after a challenge); accept; '
  + 'object REASON: goal, value, ambiguous GROUPING, undefined or variation; goal TEXT (goal 3+2); roll; deal; mat; help. Cubes by symbol or name: u or union, n, minus, complement, V, empty, =, subset, B or blue.';

/**
 * The words of an objection (VII-C-5) and the reason they send.
 * @type {Record<string, 'goal_illegal'|'wrong_value'|'ambiguous'|'undefined'|'variation'>}
 */
const OBJECTIONS = {
  goal: 'goal_illegal', illegal: 'goal_illegal', value: 'wrong_value', wrong: 'wrong_value',
  ambiguous: 'ambiguous', undefined: 'undefined', meaningless: 'undefined', variation: 'variation',
};

/**
 * Reads a command into the act it sends, or a reply in words.
 * @param {MatchView} m
 * @param {string} text
 * @returns {{act?: Act, area?: string, reply?: string}}
 */
export function command(m, text) {
  const [word, ...rest] = text.trim().split(/\s+/);
  const cmd = (word ?? '').toLowerCase();
  const arg = rest.join(' ');
  const legal = (/** @type {(a: Act) => boolean} */ p) => m.legal.find(p);
  switch (cmd) {
    case '':
      return { reply: 'Type a command; help lists them.' };
    case 'help': case 'h': case '?':
      return { reply: HELP };
    case 'mat':
      return { reply: matLines(m).join(' ') };
    case 'now': case 'n': case 'impossible': case 'i': {
      const kind = cmd.startsWith('n') ? 'now' : 'impossible';
      const a = legal((x) => x.type === 'challenge' && x.kind === kind);
      return a ? { act: a, area: 'challenge' } : { reply: `You cannot challenge ${kind === 'now' ? 'Now' : 'Impossible'} at this moment.` };
    }
    case 'roll': case 'deal': {
      const a = legal((x) => x.type === cmd);
      return a ? { act: a, area: 'now' } : { reply: `You cannot ${cmd} now.` };
    }
    case 'solution': case 's': {
      if (!arg) return { reply: 'Say the Solution after the word solution.' };
      return legal((x) => x.type === 'present') ? { act: /** @type {Act} */ ({ type: 'present', solution: arg }), area: 'write' } : { reply: 'You may not present a Solution now.' };
    }
    case 'decline': case 'd': {
      const a = legal((x) => x.type === 'decline');
      return a ? { act: a, area: 'write' } : { reply: 'You have nothing to decline now.' };
    }
    case 'join': {
      // 2019-20 VII-A-3: the Third Party joins a side after a challenge.
      const side = arg.toLowerCase().startsWith('c') ? 'challenger' : arg.toLowerCase().startsWith('m') ? 'mover' : null;
      if (!side) return { reply: 'Say which side: join challenger or join mover.' };
      const a = legal((x) => x.type === 'join_side' && x.side === side);
      return a ? { act: a, area: 'write' } : { reply: `You cannot join the ${side} now.` };
    }
    case 'accept': {
      const a = legal((x) => x.type === 'accept');
      return a ? { act: a, area: 'check' } : { reply: 'There is no Solution for you to accept now.' };
    }
    case 'object': {
      // VII-C-5: the reasons a Solution is objected to.
      const checked = legal((x) => x.type === 'accept' || x.type === 'object');
      if (!checked || (checked.type !== 'accept' && checked.type !== 'object')) return { reply: 'There is no Solution for you to object to now.' };
      const [why, ...grouping] = rest;
      const reason = OBJECTIONS[(why ?? '').toLowerCase()];
      if (!reason) return { reply: 'Say why: object goal, object value, object ambiguous GROUPING, object undefined or object variation.' };
      if (reason === 'ambiguous') {
        if (!grouping.length) return { reply: 'Say the other reading with brackets after object ambiguous.' };
        return { act: { type: 'object', writer: checked.writer, reason, grouping: grouping.join(' ') }, area: 'check' };
      }
      return { act: { type: 'object', writer: checked.writer, reason }, area: 'check' };
    }
    case 'goal': {
      const a = legal((x) => x.type === 'set_goal' && x.goal === arg.replace(/\s+/g, ''));
      return a ? { act: a, area: 'goal' } : { reply: `${arg || 'That'} is not a Goal you can set now.` };
    }
    case 'move': case 'm': case 'bonus': case 'b': case 'shift': {
      const [cube, ...more] = rest;
      const to = SECTION_WORDS[(more.filter((w) => w.toLowerCase() !== 'to')[0] ?? '').toLowerCase()];
      const face = faceOf(cube ?? '');
      const bonus = cmd === 'bonus' || cmd === 'b';
      const type = cmd === 'shift' ? 'shift' : 'move';
      const a = legal((x) => x.type === type && m.cubes[/** @type {number} */ (x.cube)]?.face === face
        && (bonus ? x.type === 'move' && !!x.bonus : !(x.type === 'move' && x.bonus) && x.to === to));
      if (a) return { act: a, area: m.phase.phase === 'goal' ? 'goal' : 'mat' };
      if (!bonus && !to) return { reply: 'Say where it goes: required, permitted or forbidden.' };
      return { reply: `No ${faceWords(face)} can be ${bonus ? 'moved as a bonus' : `moved to ${placeWords(to ?? '')}`} now.` };
    }
    default:
      return { reply: `“${word}” is not a command. ${HELP}` };
  }
}

/**
 * The screen-reader panel, or only its toggle when the mode is off.
 * @param {TableView} tv the table page
 */
export function renderReader(tv) {
  const on = readerOn();
  const toggle = h('label', { class: 'reader-toggle', key: 'reader-toggle' },
    h('input', { type: 'checkbox', id: 'reader-toggle', checked: on, dataset: { key: 'reader-toggle' }, onchange: (/** @type {Event} */ e) => {
      keep(KEYS.reader, /** @type {HTMLInputElement} */ (e.target).checked ? '1' : '0');
      tv.render();
    } }), ' Screen-reader mode');
  if (!on) return h('div', { class: 'reader off', id: 'reader', key: 'reader' }, toggle);
  const m = tv.m;
  const replies = /** @type {{seq: number, text: string}[]} */ (/** @type {any} */ (tv).readerReplies ??= []);
  const lines = [...tv.log.slice(0, 15).map((l) => ({ key: `e-${l.seq}`, seq: l.seq, text: l.text })),
    ...replies.map((r) => ({ key: `r-${r.seq}`, seq: r.seq, text: r.text }))].sort((a, b) => b.seq - a.seq).slice(0, 20);
  const submit = async (/** @type {Event} */ e) => {
    e.preventDefault();
    const input = /** @type {HTMLInputElement} */ (/** @type {HTMLFormElement} */ (e.target).elements.namedItem('command'));
    const text = input.value;
    input.value = '';
    const say = (/** @type {string} */ t) => { replies.push({ seq: tv.seq + replies.length / 1000 + 0.0001, text: t }); if (replies.length > 10) replies.shift(); };
    if (!tv.m) say('The match has not started.');
    else {
      const c = command(tv.m, text);
      if (c.reply) say(c.reply);
      if (c.act && !(await tv.act(c.area ?? 'now', c.act))) say(`Refused: ${Object.values(tv.notices).find((n) => n?.tone === 'error')?.text ?? 'not allowed now'}`);
    }
    tv.render();
  };
  return h('section', { class: 'reader on panel', id: 'reader', key: 'reader', 'aria-labelledby': 'reader-title' },
    h('h2', { id: 'reader-title' }, 'Screen-reader mode'), toggle,
    h('form', { id: 'reader-form', onsubmit: submit },
      h('label', { for: 'reader-command' }, 'Command (help lists them) '),
      h('input', { id: 'reader-command', name: 'command', autocomplete: 'off', spellcheck: 'false', dataset: { key: 'reader-command' } }),
      h('button', { type: 'submit' }, 'Send')),
    h('h3', null, 'What happens'),
    h('div', { id: 'reader-log', role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions' },
      ...lines.map((l) => h('p', { key: l.key }, l.text))),
    h('h3', null, 'The mat'),
    m ? h('ul', { id: 'reader-mat' }, ...matLines(m).map((t, i) => h('li', { key: `mat-${i}` }, t))) : h('p', null, 'The match has not started.'));
}
