// The 1969 game in the browser (Allen's manual, M69 §§2–3; docs/editions.md,
// "1969 (Allen)"): a lobby panel that makes a 1969 table (`POST /api/tables`
// with `"edition": "1969"`), and the table at `/t69/{id}` with the 1969
// turn — a move (with an optional bonus move to Forbidden), a challenge
// naming the Flub (A-, P-, C-claim, No Goal), the assertion of a Solution
// with one more cube, "stall" — the joining Third Party and the written
// proofs. The page plays over the one WebSocket protocol of every table
// (`/ws`: join, rejoin, spectate, act; docs/protocol.md "1969 tables"),
// whichever way the table was made.

import { review1969Link } from './review/links.js';
import { h } from './dom.js';
import { cardRow } from './explain.js';
import { TableConnection, createTable, postJson, savedSeat } from './api.js';
import { KEYS, keep, kept, tableKey } from './components/store.js';

/** @typedef {{id: number, family: string, face: string, place: string}} Cube69 */
/** @typedef {{player: number, solution?: string, reasons?: string[], event: string, [k: string]: any}} Event69 */
/**
 * @typedef {{id: string, link: string, form: string, players: string[], humans: boolean[],
 *   open: boolean[], waiting: boolean, play: number,
 *   plays_in_game: number, shaker: number, dealer: number, phase: {phase: string, [k: string]: any},
 *   universe: string[], goal: string|null, cubes: Cube69[], plays: {mover: number, goal_play: boolean}[],
 *   last_mover: number|null, awaiting: boolean[], penalties: number[],
 *   history: {play: number, shaker: number, points: number[], penalties: number[], note: string}[],
 *   totals: number[], over: boolean, bots_waiting: boolean, events: Event69[]}} State69
 */

const CLAIMS = /** @type {const} */ ([
  ['a', 'A-claim', 'The move allowed a Solution with at most one more cube, and another move would not have (3.5 A)'],
  ['p', 'P-claim', 'After the move no Solution can be built however the Resources are played (3.5 P)'],
  ['c_from_a', 'C-claim (from A)', 'The Mover failed to challenge an A-claim Flub (3.5 C)'],
  ['c_from_p', 'C-claim (from P)', 'The Mover failed to challenge a P-claim Flub (3.5 C)'],
]);

/** @param {string} table */
function tokensKey(table) {
  return tableKey('t69', table);
}

/** @param {string} table @returns {(string|null)[]} */
function savedTokens(table) {
  try {
    return JSON.parse(kept(tokensKey(table), '[]'));
  } catch {
    return [];
  }
}

/** Keeps the seats' tokens of table `id` in this browser. @param {string} id @param {(string|null)[]} tokens */
function keepTokens(id, tokens) {
  sessionTokens.set(id, tokens);
  keep(tokensKey(id), JSON.stringify(tokens));
}

/** Whether this browser holds a seat of 1969 table `id`. @param {string} id */
export function holds1969Seat(id) {
  return (sessionTokens.get(id) ?? savedTokens(id)).some((t) => t);
}

/** The name this browser plays under (the lobby's name box), if any. */
function savedName() {
  return kept(KEYS.name);
}

/**
 * Takes the first open seat of 1969 table `id` (as `name`, if given) and
 * keeps its token: the server's answer (`seat`, `token`, `state`).
 * @param {string} id @param {string} [name]
 * @returns {Promise<{seat: number, token: string, link: string, state: State69}>}
 */
export async function join1969(id, name = savedName()) {
  const body = await postJson(`/api/tables1969/${id}/join`, name.trim() ? { name: name.trim() } : {});
  const tokens = sessionTokens.get(id) ?? savedTokens(id);
  tokens[body.seat] = body.token;
  keepTokens(id, tokens);
  if (name.trim()) keep(KEYS.name, name.trim());
  return body;
}

/** Names to join with as soon as the page of a table made here opens. @type {Map<string, string>} */
const joinOnOpen = new Map();

/** The lobby's panel that makes a 1969 table. @param {(path: string) => void} go */
export function lobby1969Panel(go) {
  const err = h('p', { class: 'notice error', role: 'alert', hidden: true });
  const form = h('select', { id: 'm69-form' },
    h('option', { value: 'basic' }, 'Basic ON-SETS (10 cubes, no blue symbols)'),
    h('option', { value: 'advanced' }, 'Advanced ON-SETS (all 18 cubes, Restrictions)'));
  const seats = h('input', { id: 'm69-seats', type: 'number', min: 2, max: 6, value: 3 });
  const bots = h('select', { id: 'm69-bots' },
    h('option', { value: 'expert' }, 'careful bots'),
    h('option', { value: 'club' }, 'careless bots (they make Flubs to challenge)'),
    h('option', { value: 'open' }, 'open seats: people join from the lobby'));
  const plays = h('input', { id: 'm69-plays', type: 'number', min: 1, max: 30, placeholder: 'one per player', 'aria-label': 'Plays in the game' });
  const claimWindow = h('input', { id: 'm69-window-s', type: 'number', min: 0, max: 30, step: 0.5, value: 3, 'aria-label': 'Seconds to challenge a bot’s play' });
  const panel = h('form', { class: 'panel', id: 'm69-create', 'aria-labelledby': 'm69-title' },
    h('h2', { id: 'm69-title' }, 'A 1969 game (Allen’s manual)'),
    h('p', { class: 'small' }, 'The first edition’s rules: challenge a Flub of the C-A-P claims, assert a Solution with one more cube, call “stall”. You sit at seat 1 under your name; the other seats are bots, or open for people who join from the list of tables (the game begins when every seat is taken).'),
    h('label', null, 'Form ', form),
    h('label', null, 'Players (2 to 6) ', seats),
    h('label', null, 'The other seats ', bots),
    h('label', null, 'Plays ', plays),
    h('label', null, 'Seconds to challenge a bot’s play (3.6) ', claimWindow),
    h('button', { type: 'submit', class: 'primary', id: 'm69-create-button' }, 'Make the 1969 table'),
    err);
  panel.addEventListener('submit', async (e) => {
    e.preventDefault();
    err.hidden = true;
    const n = Math.max(2, Math.min(6, Number(seats.value) || 3));
    /** @type {Record<string, any>} */
    const spec = {
      edition: '1969',
      form: form.value,
      seats: [{ kind: 'human' }, ...Array.from({ length: n - 1 }, () => (bots.value === 'open' ? { kind: 'human' } : { kind: 'bot', level: bots.value }))],
      challenge_window_ms: Math.round(Math.max(0, Math.min(30, Number(claimWindow.value) || 0)) * 1000),
    };
    if (plays.value.trim()) spec.plays = Number(plays.value);
    try {
      const t = await createTable(spec);
      const box = /** @type {HTMLInputElement|null} */ (document.getElementById('create-name'));
      joinOnOpen.set(t.id, (box?.value ?? '').trim() || savedName());
      go(t.link);
    } catch (x) {
      err.textContent = `The table could not be made: ${x instanceof Error ? x.message : x}`;
      err.hidden = false;
    }
  });
  return panel;
}

/** Tokens of tables made in this page (when storage is off). @type {Map<string, (string|null)[]>} */
const sessionTokens = new Map();

/** @param {string} phase @param {State69} s */
function phaseWords(phase, s) {
  const name = (/** @type {number} */ p) => s.players[p] ?? `seat ${p + 1}`;
  switch (phase) {
    case 'deal': return `${name(s.dealer)} builds the Universe (at least six cards, 2.2)`;
    case 'roll': return `${name(s.shaker)} shakes the cubes (2.5)`;
    case 'goal': return `${name(s.shaker)} sets a Goal or says “No Goal” (3.1)`;
    case 'no_goal': return `${name(s.shaker)} said “No Goal”: challenge it or let it stand (3.10 B)`;
    case 'moves': return `${name(s.phase.turn)}’s turn: move, challenge, or assert (3.2)`;
    case 'challenge': {
      const ph = s.phase;
      const joining = ph.sides.some((/** @type {string|null} */ x) => x === null);
      return `${name(ph.challenger)} challenges ${name(ph.mover)}: ${ph.claim.replace(/_/g, ' ')}${joining ? ' — Third Parties join a side (3.9 A)' : ' — the side with the burden writes (3.7)'}`;
    }
    case 'assertion': return `${name(s.phase.asserter)} asserted a Solution with one more cube: everyone may write (3.10 A)`;
    case 'over': return 'The game is over';
    default: return phase;
  }
}

/**
 * The table as the page draws it: the game of the last `state` or
 * `update` frame (the engine's view for this connection's seat), the seats
 * from the frame's table, and the events heard so far.
 * @param {Record<string, any>} view @param {Record<string, any>} info @param {Event69[]} events
 * @returns {State69}
 */
function stateOf(view, info, events) {
  const seats = /** @type {{kind: string, taken: boolean}[]} */ (info.seats ?? []);
  return /** @type {State69} */ ({
    ...view,
    id: info.id,
    link: info.link,
    humans: seats.map((x) => x.kind === 'human'),
    open: seats.map((x) => x.kind === 'human' && !x.taken),
    waiting: info.status === 'waiting',
    events,
  });
}

/** The events a page keeps for "What happened". */
const EVENTS_KEPT = 60;

/**
 * The events kept after a change's `incoming` ones: a game made anew (a
 * seat taken while the table waits: its first play starts again) starts the
 * list again.
 * @param {Event69[]} kept @param {Event69[]} incoming @returns {Event69[]}
 */
function heard(kept, incoming) {
  const fresh = incoming.some((e) => e.event === 'play_started' && e.play === 1);
  return [...(fresh ? [] : kept), ...incoming].slice(-EVENTS_KEPT);
}

/**
 * The 1969 table at `/t69/{id}`, over the table's WebSocket.
 * @param {HTMLElement} root @param {string} id
 * @returns {{destroy: () => void}}
 */
export function show1969(root, id) {
  document.title = 'On-Sets — 1969 table';
  let tokens = sessionTokens.get(id) ?? savedTokens(id);
  const kept = savedSeat(id);
  if (kept && !tokens[kept.seat]) tokens[kept.seat] = kept.token;
  let mySeats = tokens.map((t, i) => (t ? i : -1)).filter((i) => i >= 0);
  let me = mySeats[0] ?? -1;
  /** @type {State69|null} */
  let state = null;
  /** @type {Record<string, any>|null} */
  let info = null;
  /** @type {Event69[]} */
  let events = [];
  /** @type {number|null} */
  let selected = null;
  /** Whether the next drawing keeps the typed text (not after one's own act). */
  let keepTyped = true;
  const err = h('p', { class: 'notice error', role: 'alert', id: 'm69-error', hidden: true });
  const body = h('div', { id: 'm69-table' }, 'Loading the 1969 table…');
  root.replaceChildren(h('section', { class: 'panel' }, h('h1', null, 'ON-SETS, 1969 rules'), err, body));

  /** @param {string} text */
  const fail = (text) => {
    err.textContent = text;
    err.hidden = false;
  };

  const conn = new TableConnection(id, (msg) => {
    const m = /** @type {Record<string, any>} */ (msg);
    if (m.type === 'joined') {
      tokens[m.seat] = m.token;
      keepTokens(id, tokens);
      mySeats = tokens.map((t, i) => (t ? i : -1)).filter((i) => i >= 0);
      me = m.seat;
    } else if (m.type === 'state' && m.match) {
      // The maker of the table sits at once, under the lobby's name.
      const pending = joinOnOpen.get(id);
      if (pending !== undefined && me < 0) {
        joinOnOpen.delete(id);
        conn.join(pending, undefined);
      }
      info = m.table;
      events = m.recent.reduce((/** @type {Event69[]} */ kept, /** @type {{events: Event69[]}} */ r) => heard(kept, r.events), []);
      render(stateOf(m.match, m.table, events));
    } else if (m.type === 'update' && m.match) {
      info = m.table;
      events = heard(events, m.events);
      render(stateOf(m.match, m.table, events));
    } else if (m.type === 'error') {
      if (m.code === 'no-such-table') body.textContent = 'There is no such 1969 table.';
      else fail(m.message);
    }
  }, () => {});
  conn.token = me >= 0 ? tokens[me] ?? null : null;
  conn.mode = conn.token ? 'join' : 'spectate';
  conn.connect();

  /** @param {Record<string, any>} act */
  async function send(act) {
    if (me < 0) return;
    err.hidden = true;
    const r = await conn.act(/** @type {any} */ (act));
    if (!r.ok) {
      fail(`${r.message}${r.rule && r.rule !== '-' ? ` (${r.rule})` : ''}`);
      return;
    }
    selected = null;
    keepTyped = false;
  }

  /** Acts for seat `p` of this browser's seats (a hot seat): the connection sits there. @param {number} p */
  function actAs(p) {
    me = p;
    conn.token = tokens[p] ?? null;
    if (conn.token) conn.send({ type: 'rejoin', table: id, token: conn.token });
  }

  async function takeSeat(/** @type {string} */ name) {
    err.hidden = true;
    keep(KEYS.name, name.trim());
    conn.join(name.trim(), undefined);
  }

  /** @param {State69} s */
  function render(s) {
    state = s;
    const ph = s.phase.phase;
    const mine = me >= 0 && s.awaiting[me];
    const name = (/** @type {number} */ p) => `${s.players[p]}${p === me ? ' (you)' : ''}`;

    const cube = (/** @type {Cube69} */ c) => h('button', {
      type: 'button',
      class: `m69-cube fam-${c.family}${selected === c.id ? ' selected' : ''}`,
      id: `m69-cube-${c.id}`,
      'data-face': c.face,
      'aria-pressed': selected === c.id ? 'true' : 'false',
      disabled: c.place !== 'resources',
      onclick: () => { selected = selected === c.id ? null : c.id; render(s); },
    }, c.face);
    const section = (/** @type {string} */ place, /** @type {string} */ title) => h('div', { class: 'm69-section', id: `m69-${place}` },
      h('h3', null, title), ...s.cubes.filter((c) => c.place === place).map(cube));

    const actions = h('div', { class: 'm69-actions', id: 'm69-actions' });
    const btn = (/** @type {string} */ idName, /** @type {string} */ label, /** @type {Record<string, any>} */ act, /** @type {string} */ title = '') =>
      h('button', { type: 'button', id: idName, title, onclick: () => send(act) }, label);

    if (me >= 0 && !s.over) {
      if (ph === 'deal' && s.dealer === me) {
        const count = h('input', { id: 'm69-count', type: 'number', min: 6, max: 16, value: 8, 'aria-label': 'Cards in the Universe' });
        actions.append(h('label', null, 'Cards ', count),
          h('button', { type: 'button', id: 'm69-deal', onclick: () => send({ type: 'deal', count: Number(count.value) }) }, 'Deal the Universe'));
      }
      if (ph === 'roll' && s.shaker === me) actions.append(btn('m69-roll', 'Shake the cubes', { type: 'roll' }));
      if (ph === 'goal' && s.shaker === me) {
        const goal = h('input', { id: 'm69-goal-input', placeholder: 'Goal: 4+2, 2*3, 1+~1', 'aria-label': 'Goal' });
        actions.append(goal,
          h('button', { type: 'button', id: 'm69-set-goal', onclick: () => send({ type: 'set_goal', goal: goal.value }) }, 'Set the Goal'),
          btn('m69-no-goal', 'No Goal', { type: 'declare_no_goal' }));
      }
      if ((ph === 'goal' && s.shaker === me) || (ph === 'moves' && s.phase.turn === me)) {
        const moveTo = (/** @type {string} */ to, /** @type {boolean} */ bonus) => {
          if (selected === null) {
            err.textContent = 'Pick a cube in Resources first.';
            err.hidden = false;
            return;
          }
          send({ type: 'move', cube: selected, to, bonus });
        };
        actions.append(h('div', { class: 'm69-move' },
          h('span', null, 'Selected cube to: '),
          ph === 'moves' ? h('button', { type: 'button', id: 'm69-to-required', onclick: () => moveTo('required', false) }, 'Required') : null,
          ph === 'moves' ? h('button', { type: 'button', id: 'm69-to-permitted', onclick: () => moveTo('permitted', false) }, 'Permitted') : null,
          ph === 'moves' ? h('button', { type: 'button', id: 'm69-to-forbidden', onclick: () => moveTo('forbidden', false) }, 'Forbidden') : null,
          s.phase.bonus === null ? h('button', { type: 'button', id: 'm69-bonus', title: '“Bonus”: a cube to Forbidden before your move (3.3)', onclick: () => moveTo('forbidden', true) }, 'Bonus to Forbidden') : null));
      }
      if (ph === 'moves' && s.phase.turn === me && s.phase.bonus === null) {
        actions.append(btn('m69-assert', 'Assert: a Solution with one more cube', { type: 'assert' }, 'No Flub to challenge, and a Solution can be built with one more cube from Resources (3.10 A)'));
      }
      if (ph === 'moves' && s.last_mover !== null && s.last_mover !== me && s.phase.bonus === null) {
        actions.append(h('div', { class: 'm69-challenges', role: 'group', 'aria-label': 'Challenge the last move' },
          h('span', null, `Challenge ${name(s.last_mover)}: `),
          ...CLAIMS.filter(([k]) => s.plays.length > 1 || !k.startsWith('c_'))
            .map(([k, label, title]) => btn(`m69-challenge-${k}`, label, { type: 'challenge', claim: k }, title)),
          s.bots_waiting && s.phase.turn !== me ? btn('m69-pass', 'No challenge', { type: 'pass' }, 'Let the bots go on without waiting') : null));
      }
      if (ph === 'no_goal' && s.shaker !== me && !s.phase.accepted.includes(me)) {
        actions.append(btn('m69-challenge-no_goal', 'Challenge “No Goal”', { type: 'challenge', claim: 'no_goal' }, 'A Goal could have been set with a Solution (3.5 A)'),
          btn('m69-accept', 'Let it stand', { type: 'accept_no_goal' }));
      }
      if (ph === 'challenge' && s.phase.sides[me] === null) {
        actions.append(h('div', { class: 'm69-join', role: 'group', 'aria-label': 'Join a side' },
          h('span', null, 'You are a Third Party: join a side (3.9 A). '),
          btn('m69-join-challenger', `Join ${name(s.phase.challenger)} (Challenger)`, { type: 'join', side: 'challenger' }),
          btn('m69-join-mover', `Join ${name(s.phase.mover)} (Mover)`, { type: 'join', side: 'mover' })));
      }
      const writing = (ph === 'challenge' && s.phase.pens[me]?.state === 'due') || (ph === 'assertion' && s.phase.pens[me]?.state === 'due');
      if (writing) actions.append(writeForm(s));
      for (let p = 0; p < s.players.length; p++) {
        if (p !== me && s.awaiting[p]) {
          actions.append(btn(`m69-stall-${p}`, `“Stall” on ${s.players[p]}`, { type: 'stall', on: p }, 'A limited time begins; each missed period costs a point (3.11)'));
        }
      }
    }

    /** @param {State69} st */
    function writeForm(st) {
      const claim = st.phase.phase === 'challenge' ? st.phase.claim : null;
      const sol = h('input', { id: 'm69-solution', placeholder: 'Solution, e.g. (G ∪ B) ∪ R', 'aria-label': 'Solution' });
      const goal = claim === 'no_goal' ? h('input', { id: 'm69-write-goal', placeholder: 'Goal', 'aria-label': 'Goal you set' }) : null;
      const alt = claim === 'a' || claim === 'c_from_a';
      const altPlay = alt ? h('input', { id: 'm69-alt-play', type: 'number', min: 0, value: st.plays.length - 1, 'aria-label': 'Play the alternative replaces (0: the Goal)' }) : null;
      const altCube = alt ? h('input', { id: 'm69-alt-cube', type: 'number', min: 0, placeholder: 'cube id', 'aria-label': 'Cube of the alternative move' }) : null;
      const altTo = alt ? h('select', { id: 'm69-alt-to', 'aria-label': 'Section of the alternative move' },
        h('option', { value: 'forbidden' }, 'Forbidden'), h('option', { value: 'permitted' }, 'Permitted'), h('option', { value: 'required' }, 'Required')) : null;
      const altGoal = alt ? h('input', { id: 'm69-alt-goal', placeholder: 'or another Goal', 'aria-label': 'Alternative Goal' }) : null;
      const submit = () => {
        /** @type {Record<string, any>} */
        const act = { type: 'write', solution: sol.value };
        if (goal) act.goal = goal.value;
        if (alt && altPlay && altCube && altTo && altGoal) {
          /** @type {Record<string, any>} */
          const a = { play: Number(altPlay.value) };
          if (altGoal.value.trim()) a.goal = altGoal.value.trim();
          else { a.cube = Number(altCube.value); a.to = altTo.value; }
          act.alternative = a;
        }
        send(act);
      };
      return h('div', { class: 'm69-write', role: 'group', 'aria-label': 'Write your Solution' },
        h('p', null, claim === null ? 'Write a Solution with at most one more cube from Resources (3.10 A).' : 'Your side has the burden of proof: write your Solution (3.7).'),
        sol, goal,
        alt ? h('p', { class: 'small' }, 'And the alternative play that keeps the A- and P-claims (3.7 comment 3): ', altPlay, altCube, altTo, altGoal) : null,
        h('button', { type: 'button', class: 'primary', id: 'm69-write', onclick: submit }, 'Write'),
        btn('m69-decline', 'I cannot', { type: 'decline' }));
    }

    const seatPick = mySeats.length > 1 ? h('label', null, 'Acting as ', (() => {
      const sel = h('select', { id: 'm69-me' }, ...mySeats.map((p) => h('option', { value: p }, s.players[p])));
      sel.value = String(me);
      sel.addEventListener('change', () => { actAs(Number(sel.value)); render(s); });
      return sel;
    })()) : null;

    const events = h('ol', { class: 'm69-events', id: 'm69-events', 'aria-live': 'polite' },
      ...s.events.map((e, k) => h('li', null, eventWords(e, s, facesAt(s, k)))).slice(-12));
    const sheet = h('table', { id: 'm69-scores' },
      h('thead', null, h('tr', null, h('th', null, 'Play'), ...s.players.map((p) => h('th', null, p)), h('th', null, ''))),
      h('tbody', null,
        ...s.history.map((l) => h('tr', null, h('td', null, l.play), ...l.points.map((x, i) => h('td', null, x + l.penalties[i])), h('td', { class: 'small' }, named(l.note, s.players)))),
        h('tr', { class: 'total' }, h('td', null, 'Total'), ...s.totals.map((t) => h('td', null, t)), h('td', null, ''))));

    const openSeats = (s.open ?? []).filter((o) => o).length;
    const joinBox = me < 0 && openSeats > 0 ? (() => {
      const nameInput = h('input', { id: 'm69-join-name', autocomplete: 'nickname', placeholder: 'Your name', 'aria-label': 'Your name', value: savedName() });
      return h('div', { class: 'm69-join-seat', role: 'group', 'aria-label': 'Take an open seat' },
        nameInput,
        h('button', { type: 'button', class: 'primary', id: 'm69-take-seat', onclick: () => takeSeat(nameInput.value) }, 'Take the open seat'));
    })() : null;

    /** @type {(Node|null)[]} */
    const parts = [
      h('p', { id: 'm69-phase', class: 'notice info' }, s.waiting
        ? `Waiting for players: ${openSeats} open seat${openSeats === 1 ? '' : 's'} (${s.form}; the game begins when every seat is taken)`
        : `Play ${s.play} of ${s.plays_in_game} (${s.form}) — ${phaseWords(ph, s)}`),
      h('p', { id: 'm69-seat-list', class: 'small' }, 'Seats: ', s.players.map((p, i) => `${i + 1}. ${s.open?.[i] ? '(open)' : p}${s.humans[i] ? '' : ' (bot)'}${i === me ? ' (you)' : ''}`).join(' · ')),
      me < 0 ? h('p', { class: 'small', id: 'm69-watching' }, 'You are watching: no seat of this table is yours.') : null,
      joinBox,
      seatPick,
      mine ? h('p', { id: 'm69-yours', class: 'notice' }, 'Your decision.') : null,
      s.bots_waiting && !mine ? h('p', { id: 'm69-window', class: 'small' }, 'The bots wait a moment: you may challenge the last play.') : null,
      h('p', { id: 'm69-universe', 'data-cards': s.universe.join(' ') }, 'Universe: ', s.universe.length ? cardRow(s.universe) : '(not dealt)'),
      h('p', { id: 'm69-goal' }, 'Goal: ', s.goal ?? '(not set)'),
      h('div', { class: 'm69-mat' },
        section('resources', 'Resources'), section('forbidden', 'Forbidden'), section('permitted', 'Permitted'), section('required', 'Required')),
      actions,
      h('h3', null, 'What happened'), events,
      h('h3', null, 'Scores (3.9, 3.10)'), sheet,
      s.over ? review1969Link(id) : null];
    // A pushed state must not wipe what the person is typing: the text of
    // every box that is drawn again is kept, and the focus with it.
    /** @type {Map<string, string>} */
    const typed = new Map();
    for (const el of body.querySelectorAll('input[id], select[id]')) {
      typed.set(el.id, /** @type {HTMLInputElement} */ (el).value);
    }
    const focused = document.activeElement?.id ?? '';
    body.replaceChildren(...parts.filter((x) => x !== null));
    const keepTypedNow = keepTyped;
    keepTyped = true;
    if (keepTypedNow) {
      for (const [k, v] of typed) {
        const el = /** @type {HTMLInputElement|null} */ (document.getElementById(k));
        if (el && body.contains(el)) el.value = v;
      }
    }
    if (focused) {
      const el = document.getElementById(focused);
      if (el && body.contains(el) && el instanceof HTMLInputElement) el.focus();
    }
  }

  return {
    destroy: () => {
      conn.close();
      void state;
      void info;
    },
  };
}

/**
 * The faces of the cubes when event `k` happened: those of the last roll
 * before it (a move of an earlier play is told with that play's faces, not
 * the current ones); the current faces when no roll is among the events
 * kept; `null` when the roll of its play is no longer kept.
 * @param {State69} s @param {number} k @returns {string[]|null}
 */
export function facesAt(s, k) {
  for (let j = k; j >= 0; j--) {
    const e = s.events[j];
    if (e.event === 'rolled') return e.faces;
  }
  return s.events.some((e) => e.event === 'rolled') ? null : s.cubes.map((c) => c.face);
}

/** A note of the game with the seats' names for `player N` (M69 3.8). @param {string} note @param {string[]} names */
export function named(note, names) {
  return String(note).replace(/player (\d+)/g, (w, p) => names[Number(p)] ?? w);
}

/** @param {Event69} e @param {State69} s @param {string[]|null} faces the faces at the time (facesAt) */
function eventWords(e, s, faces) {
  const n = (/** @type {number} */ p) => s.players[p] ?? `seat ${p + 1}`;
  // A cube by its face at the time, as a player at the table says it ("the O cube").
  const face = (/** @type {number} */ id) => {
    const f = faces?.[id];
    return f ? `the ${f} cube` : `cube ${id}`;
  };
  switch (e.event) {
    case 'play_started': return `Play ${e.play}: ${n(e.shaker)} shakes, ${n(e.dealer)} deals.`;
    case 'dealt': return `Universe: ${e.cards.join(' ')}.`;
    case 'rolled': return `Rolled: ${e.faces.join(' ')}.`;
    case 'bonus_move': return `${n(e.player)}: “Bonus”, ${face(e.cube)} to Forbidden.`;
    case 'moved': return `${n(e.player)} moved ${face(e.cube)} to ${e.to}.`;
    case 'goal_set': return `${n(e.player)} set the Goal ${e.goal}.`;
    case 'no_goal_declared': return `${n(e.player)}: “No Goal”.`;
    case 'no_goal_accepted': return `${n(e.player)} lets “No Goal” stand.`;
    case 'coin_tossed': return `Simultaneous challenges: the coin picks ${n(e.winner)}.`;
    case 'challenged': return `${n(e.player)} challenges ${n(e.against)}: ${String(e.claim).replace(/_/g, ' ')}.`;
    case 'asserted': return `${n(e.player)} asserts a Solution with one more cube.`;
    case 'joined': return `${n(e.player)} joins the ${e.side}.`;
    case 'written': if (e.hidden) return `${n(e.player)} has written a Solution (shown when everyone is done).`;
      return `${n(e.player)} wrote ${e.solution}: ${e.sustained ? 'sustained' : `not sustained — ${(e.reasons ?? []).join('; ')}`}.`;
    case 'declined': return `${n(e.player)} cannot write a Solution.`;
    case 'stall_called': return `${n(e.player)} calls “stall” on ${n(e.on)}.`;
    case 'stall_missed': return `${n(e.player)} missed ${e.periods} stall period(s): −${e.periods} (3.11).`;
    case 'play_scored': return `Scored: ${e.scores.join(' / ')} — ${named(e.note, s.players)}`;
    case 'game_over': return `Game over: ${e.totals.join(' / ')}.`;
    default: return e.event;
  }
}
