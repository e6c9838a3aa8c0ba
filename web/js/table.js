// The table: seats, the Universe, the mat, the Goal builder, the variation
// sheet, the challenge block, the Solution editor, checking, verdicts, timers
// and the scoresheet. Every button comes from `match.legal` where the server
// lists the act; every refusal is shown next to where the player acted.

import { positionFromView } from './explain.js';
import { whyView } from './components/why.js';
import { reviewLink } from './review.js';
import { TableConnection, savedSeat } from './api.js';
import { h, mount, onRedraw, raw, ruleNote, withRules } from './components/vdom.js';
import { fill as fillDom, h as dh } from './dom.js';
import { cap, seatName } from './lobby.js';
import { LAYOUTS, goalValue, readGoal } from './notation.js';
import { goalPicture } from './components/goal.js';
import { cardOrder, cardSvg, cardWords, cubeSvg, faceWords, sandTimerSvg } from './pictures.js';
import { VARIATIONS, eventWords, goalWords, placeWords, scoreReasons, selectable, taskWords, variationShort, variationWords, who, whom } from './words.js';

/** @typedef {import('./types.js').MatchView} MatchView */
/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').ServerMsg} ServerMsg */
/** @typedef {import('./types.js').Act} Act */
/** @typedef {import('./types.js').Cube} Cube */
/** @typedef {import('./types.js').Timer} Timer */
/** @typedef {{text: string, rule?: string, tone?: string}} Notice */
/** @typedef {{writer: number, correct: boolean, reasons: string[], text: string, position?: import('./types.js').PositionJson|null}} Verdict */
/** @typedef {{player: number, points: number, penalty: number, why: string, rule: string}} ScoreLine */
/** @typedef {{shake: number, items: Verdict[], score: {shake: number, lines: ScoreLine[]}|null}} ShakeRecord */

const SECTIONS = /** @type {const} */ ([
  ['required', 'Required', 'Every Solution must use these cubes.', 'VII-B-4-b'],
  ['permitted', 'Permitted', 'Solutions may use these cubes.', 'VII-B-4-c'],
  ['forbidden', 'Forbidden', 'No Solution may use these cubes.', 'VII-B-4-d'],
]);

/** The page's sections: tag and attributes. @type {Record<string, [string, Record<string, string>]>} */
const SECTION = {
  head: ['header', { class: 'table-head' }],
  global: ['div', { id: 'global-notice', role: 'alert' }],
  players: ['section', { id: 'players', 'aria-label': 'Players and scores' }],
  now: ['section', { id: 'now', class: 'panel', 'aria-labelledby': 'now-title' }],
  universe: ['section', { id: 'universe', class: 'panel', 'aria-labelledby': 'universe-title' }],
  mat: ['section', { id: 'mat', class: 'panel', 'aria-labelledby': 'mat-title' }],
  writing: ['section', { id: 'writing', class: 'panel', 'aria-labelledby': 'writing-title' }],
  verdictsEl: ['section', { id: 'verdicts', class: 'panel', 'aria-labelledby': 'verdicts-title' }],
  happenings: ['section', { id: 'happenings', class: 'panel', 'aria-labelledby': 'happenings-title' }],
  scores: ['section', { id: 'scoresheet', class: 'panel', 'aria-labelledby': 'scores-title' }],
};

const PALETTE = [
  ['B', 'B', 'blue'], ['R', 'R', 'red'], ['G', 'G', 'green'], ['Y', 'Y', 'yellow'],
  ['∪', 'U', 'union'], ['∩', 'n', 'intersection'], ['−', '-', 'minus'], ['′', "'", 'complement'],
  ['V', 'V', 'the Universe'], ['Λ', '^', 'the empty set'], ['=', '=', 'equals'], ['⊆', '<', 'subset'],
  ['(', '(', 'open bracket'], [')', ')', 'close bracket'], ['@', '@', 'this cube stands for…'], ['; ', ';', 'new part'],
  [' || ', '||', 'between Two Solutions (XIII-D-14)'], ['\nblank: ', 'blank:', 'the colors on the blank card (XIII-C-12)'],
];

/** The time each task starts with, to draw the sand (XI-A-1). @param {Timer} t @param {MatchView} m */
function taskTotal(t, m) {
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

export class TableView {
  /**
   * @param {HTMLElement} root
   * @param {string} tableId
   * @param {boolean} watch open as a spectator
   * @param {(path: string) => void} go
   */
  constructor(root, tableId, watch, go) {
    this.root = root;
    this.id = tableId;
    this.watch = watch;
    this.go = go;
    /** @type {TableInfo|null} */
    this.info = null;
    /** @type {MatchView|null} */
    this.m = null;
    this.receivedAt = performance.now();
    /** @type {number|null} */
    this.mySeat = savedSeat(tableId)?.seat ?? null;
    /** @type {Record<string, Notice|undefined>} */
    this.notices = {};
    /** @type {{text: string, rule?: string, tone: string, shake: number, seq: number}[]} */
    this.log = [];
    /** Events seen so far (keys of the live region's lines). */
    this.seq = 0;
    /** Whether this shake's Goal has been set (a "Bonus" before it is the Goal-setter's, III-C). */
    this.goalSeen = true;
    /** @type {number|null} */
    this.selected = null;
    /** @type {string|null} where the picked cube was when it was picked */
    this.selectedFrom = null;
    /** @type {Set<string>} */
    this.marks = new Set();
    this.marksShake = -1;
    /** @type {Record<number, string>} texts of presented Solutions seen, by writer */
    this.shown = {};
    /** @type {{shake: number, items: {writer: number, correct: boolean, reasons: string[], text: string, position?: import('./types.js').PositionJson|null}[]}} */
    /** @type {Map<number, ShakeRecord>} each recent shake's verdicts and score, kept on the table (docs/web-client.md) */
    this.shakes = new Map();
    /** @type {Record<number, boolean>} a shake's record opened or closed by the player */
    this.shakeOpen = {};
    /** @type {Record<number, boolean>} whether a shake's record was last drawn open */
    this.shakeDrawn = {};
    this.lastPhase = '';
    this.lastSelections = '';
    /** @type {number|null} the cube being dragged */
    this.dragging = null;
    /** The text of the Solution this page presented last. */
    this.mineSent = '';
    this.connStatus = 'connecting';
    this.helpOpen = false;
    /** @type {string|undefined} the name typed in the join form */
    this.joinName = undefined;
    /** @type {string} the seat picked in the join form ('' for any) */
    this.joinSeat = '';
    /** @type {string} the number of cards picked to deal */
    this.dealCount = '';
    // The Goal builder.
    this.gb = { layout: 'single', slots: /** @type {(number|null)[]} */ ([null, null, null]), flips: [false, false, false] };
    // The variation sheet.
    this.vs = { key: '', param: '' };
    // Checking an opponent's Solution.
    this.ck = { reason: 'wrong_value', grouping: '' };
    /** @type {ReturnType<typeof setTimeout>|undefined} the debounce of the draft's preview */
    this.previewTimer = undefined;
    /** @type {{shake: number, kind: string, challenger: number|null, mover: number|null, presented: Set<number>, correct: Record<number, boolean>, joined: Record<number, string>}} what the shake's score is explained from */
    this.shakeCtx = { shake: -1, kind: '', challenger: null, mover: null, presented: new Set(), correct: {}, joined: {} };
    /** @type {{shake: number, lines: {player: number, points: number, penalty: number, why: string, rule: string}[]}|null} the last scored shake, with reasons */
    this.score = null;
    // Whoever made the table sits down at once (`?sit` from the lobby).
    this.autoSit = !watch && new URLSearchParams(location.search).has('sit');
    if (this.autoSit) history.replaceState(null, '', location.pathname);
    /** Whether the first `state` has been drawn (the name box takes the focus then). */
    this.firstState = true;
    this.editor = this.makeEditor();
    this.page = mount(root);
    this.stopRedraw = onRedraw(() => this.render());
    this.conn = new TableConnection(tableId, (msg) => this.onMessage(msg), (s) => {
      this.connStatus = s;
      this.render();
    });
    if (watch && !savedSeat(tableId)) this.conn.mode = 'spectate';
    this.build();
    this.conn.connect();
    this.ticker = setInterval(() => this.tick(), 250);
    this.keys = (/** @type {KeyboardEvent} */ e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
  }

  destroy() {
    this.stopRedraw();
    clearInterval(this.ticker);
    clearTimeout(this.previewTimer);
    document.removeEventListener('keydown', this.keys);
    this.conn.close();
  }

  // ---------------------------------------------------------------- layout

  build() {
    document.title = `On-Sets — table ${this.id}`;
    this.render();
  }

  /**
   * One of the page's sections with its children.
   * @param {string} name
   * @param {...any} children
   */
  sec(name, ...children) {
    const [tag, props] = SECTION[name];
    return h(tag, { ...props, key: name }, ...children);
  }

  // ---------------------------------------------------------------- messages

  /** @param {ServerMsg} msg */
  onMessage(msg) {
    switch (msg.type) {
      case 'joined':
        this.mySeat = msg.seat;
        this.notices.join = undefined;
        break;
      case 'presence': {
        // Who is connected: the seats' flags and the spectators; the clock
        // is set again from the server's time.
        if (this.info) {
          for (const p of msg.seats ?? []) {
            const seat = this.info.seats[p.seat];
            if (seat) seat.connected = p.connected;
          }
          this.info.spectators = msg.spectators ?? this.info.spectators;
        }
        if (this.m && typeof msg.now_ms === 'number') {
          this.m.now_ms = msg.now_ms;
          this.receivedAt = performance.now();
        }
        this.render();
        break;
      }
      case 'state':
      case 'update': {
        this.info = msg.table;
        if (msg.type === 'update' && msg.events?.length) this.notices.global = undefined;
        const before = this.m;
        /** The view before this message: the mat a verdict in it was judged on (explain.js). */
        this.viewBefore = before;
        this.m = msg.match;
        this.receivedAt = performance.now();
        if (msg.type === 'update' && this.m) for (const e of msg.events ?? []) this.takeEvent(e);
        if (msg.type === 'state' && this.m) this.takeHistory(msg.recent ?? []);
        if (this.m && before && this.m.shake !== before.shake) this.selected = null;
        this.afterState();
        this.render();
        if (this.firstState && this.info) {
          this.firstState = false;
          this.sitDown(this.info);
        }
        break;
      }
      case 'error':
        if (msg.code === 'table-archived') {
          // The table left memory (finished or abandoned): watch its replay.
          this.notices.global = { text: 'This table is finished or was abandoned: you are watching its replay.', tone: 'info' };
          this.conn.token = null;
          this.conn.mode = 'spectate';
          this.conn.send({ type: 'spectate', table: this.id });
          this.render();
          break;
        }
        if (msg.code === 'seat-taken' || msg.code === 'table-full' || msg.code === 'bad-name' || msg.code === 'name-taken' || msg.code === 'no-such-seat' || (msg.code === 'too-long' && msg.field === 'name')) {
          this.notices.join = { text: msg.message, tone: 'error' };
        } else {
          this.notices.global = { text: msg.message, tone: 'error' };
        }
        this.render();
        break;
      default:
        break;
    }
  }

  /**
   * The history a `state` frame carries (after a reload, a reconnect, or for
   * a late spectator): "What happened" and the verdicts are built again
   * from it, oldest first.
   * @param {{version: number, shake: number, events: import('./types.js').GameEvent[]}[]} recent
   */
  takeHistory(recent) {
    this.log = [];
    this.shakes = new Map();
    this.shown = {};
    for (const r of recent) {
      // Events before a `shake_started` in the same action belong to the shake before.
      let shake = r.shake - r.events.filter((e) => e.event === 'shake_started').length;
      for (const e of r.events) {
        if (e.event === 'shake_started') shake = e.shake;
        this.takeEvent(e, shake);
      }
    }
  }

  /**
   * @param {import('./types.js').GameEvent} e
   * @param {number} [inShake] the shake the event belongs to (history), else worked out from the view
   */
  takeEvent(e, inShake) {
    const m = /** @type {MatchView} */ (this.m);
    if (e.event === 'presented' && e.solution) this.shown[e.player] = e.solution;
    if (e.event === 'solution_judged') {
      const shake = inShake ?? (m.history.length && m.phase.phase !== 'checking' ? m.history[m.history.length - 1].shake : m.shake);
      const text = e.solution || (e.writer === m.you ? this.mineSent || this.shown[e.writer] : this.shown[e.writer]);
      this.shakeRecord(shake).items.push({ writer: e.writer, correct: e.correct, reasons: e.reasons ?? [], text: text ?? '', position: positionFromView(m) ?? positionFromView(this.viewBefore ?? null) });
      delete this.shown[e.writer];
    }
    this.trackShake(e, m);
    let w = eventWords(e, m);
    // The Goal-setter's "Bonus" before the Goal is III-C; a Mover's is IV-C.
    if (e.event === 'shake_started') this.goalSeen = false;
    if (e.event === 'goal_set' || e.event === 'goal_set_by_time') this.goalSeen = true;
    if (w && e.event === 'bonus_move' && !this.goalSeen) w = { ...w, rule: 'III-C' };
    const sc = this.score;
    if (e.event === 'shake_scored' && sc && sc.shake === e.shake) {
      const lines = sc.lines.map((l) => `${who(m, l.player)} ${l.points}${l.penalty ? ` (penalties ${l.penalty})` : ''}${l.why ? `: ${l.why}` : ''}`);
      w = { text: `Shake ${e.shake} is scored. ${lines.join('; ')}.`, rule: sc.lines[0]?.rule ?? 'X', tone: 'big' };
    }
    this.seq += 1;
    if (w) this.log.unshift({ ...w, shake: inShake ?? m.shake, seq: this.seq });
    if (this.log.length > 80) this.log.length = 80;
  }

  /**
   * Follows the shake to explain its score (X-B, X-C): the challenge, who
   * presented, and each Solution's verdict.
   * @param {import('./types.js').GameEvent} e
   * @param {MatchView} m
   */
  trackShake(e, m) {
    const c = this.shakeCtx;
    switch (e.event) {
      case 'shake_started':
        this.shakeCtx = { shake: e.shake, kind: '', challenger: null, mover: null, presented: new Set(), correct: {}, joined: {} };
        break;
      case 'challenged':
        c.kind = e.kind;
        c.challenger = e.player;
        c.mover = e.kind === 'no_goal' ? null : e.against;
        break;
      case 'challenge_set_aside':
        if (c.challenger === e.player) {
          c.kind = '';
          c.challenger = null;
          c.mover = null;
        }
        break;
      case 'forceout':
        if (!c.kind) {
          c.kind = 'forceout';
          c.mover = e.mover;
        }
        break;
      case 'stop':
        if (!c.kind) c.kind = 'end_of_round';
        break;
      case 'joined_side':
        c.joined[e.player] = e.side;
        break;
      case 'presented':
        c.presented.add(e.player);
        break;
      case 'solution_judged':
        c.presented.add(e.writer);
        c.correct[e.writer] = e.correct;
        break;
      case 'shake_scored': {
        const rec = m.history.find((r) => r.shake === e.shake);
        const points = rec ? rec.points : e.scores;
        this.score = {
          shake: e.shake,
          lines: scoreReasons(m, c, points).map((l) => ({ ...l, penalty: rec?.penalties[l.player] ?? 0 })),
        };
        this.shakeRecord(e.shake).score = this.score;
        break;
      }
      default:
    }
  }

  /**
   * The record of one shake's verdicts and score, made when first needed;
   * the six most recent shakes are kept.
   * @param {number} shake
   * @returns {ShakeRecord}
   */
  shakeRecord(shake) {
    let r = this.shakes.get(shake);
    if (!r) {
      r = { shake, items: [], score: null };
      this.shakes.set(shake, r);
      const old = [...this.shakes.keys()].sort((a, b) => b - a).slice(6);
      for (const k of old) this.shakes.delete(k);
    }
    return r;
  }

  afterState() {
    const m = this.m;
    if (!m) return;
    if (m.you !== null) this.mySeat = m.you;
    if (m.phase.phase === 'checking') {
      m.phase.writers.forEach((w, p) => {
        if (w.presented?.solution) this.shown[p] = w.presented.solution;
      });
    }
    const phase = `${m.shake}:${m.phase.phase}`;
    if (phase !== this.lastPhase) {
      // A new task: old refusals no longer apply.
      for (const k of Object.keys(this.notices)) if (k !== 'global') this.notices[k] = undefined;
      if (m.phase.phase === 'goal' || m.phase.phase === 'writing') this.gb = { layout: 'single', slots: [null, null, null], flips: [false, false, false] };
      if (m.phase.phase === 'checking') this.ck = { reason: 'wrong_value', grouping: '' };
      if (m.phase.phase === 'writing' && this.lastPhase.endsWith(':checking') === false && this.lastPhase.split(':')[0] !== String(m.shake)) {
        this.editor.area.value = '';
      }
      this.lastPhase = phase;
    }
    const selKey = `${m.shake}:${m.selections.length}`;
    if (selKey !== this.lastSelections) {
      // A new shake or a new selection: nothing stays picked on the sheet.
      this.vs = { key: '', param: '' };
      this.lastSelections = selKey;
    }
    if (m.shake !== this.marksShake) {
      this.marks.clear();
      this.marksShake = m.shake;
      this.editor.area.value = '';
      this.updateFeedback();
    }
    if (this.selected !== null) {
      const c = m.cubes[this.selected];
      // A cube that has moved is no longer the one picked (issue 19).
      if (!c || c.place !== this.selectedFrom || (c.place !== 'resources' && c.place !== 'permitted')) this.selected = null;
    }
  }

  // ---------------------------------------------------------------- acting

  /**
   * Sends an act; a refusal is shown in `area`, next to where the player acted.
   * @param {string} area
   * @param {Act} act
   */
  async act(area, act) {
    this.notices[area] = undefined;
    const r = await this.conn.act(act);
    if (!r.ok) this.notices[area] = { text: r.message, rule: r.rule, tone: 'error' };
    else {
      // A success: the refusals shown before it no longer apply.
      for (const k of Object.keys(this.notices)) if (this.notices[k]?.tone === 'error') this.notices[k] = undefined;
    }
    this.render();
    return r.ok;
  }

  /** @param {(a: Act) => boolean} pred */
  legal(pred) {
    return this.m?.legal.find(pred);
  }

  /** @param {string} type */
  has(type) {
    return !!this.m?.legal.some((a) => a.type === type);
  }

  /** @param {string} area */
  notice(area) {
    const n = this.notices[area];
    if (!n) return null;
    return h('p', { class: `notice ${n.tone ?? 'error'}`, role: 'alert', dataset: { area } },
      h('strong', null, n.tone === 'error' ? 'Not allowed: ' : ''),
      withRules(n.text),
      n.rule ? h('small', { class: 'rule' }, `rule ${n.rule}`) : null,
    );
  }

  /**
   * @param {string} label
   * @param {() => void} onclick
   * @param {{key: string, kbd?: string, cls?: string, disabled?: boolean, title?: string}} o
   */
  btn(label, onclick, o) {
    return h('button', { type: 'button', class: o.cls ?? '', dataset: { key: o.key }, disabled: o.disabled, title: o.title, onclick },
      label, o.kbd ? h('kbd', null, o.kbd) : null);
  }

  // ---------------------------------------------------------------- render

  render() {
    const active = /** @type {HTMLElement|null} */ (document.activeElement);
    const key = active?.dataset?.key;
    // The table's version is on the page: tests (and players' tools) wait on it (docs/protocol.md).
    this.page.update(h('div', { class: 'table-page', dataset: { version: this.m?.version ?? '' } },
      this.renderHead(),
      this.sec('global', this.notices.global ? this.notice('global') : null),
      this.renderPlayers(),
      h('div', { class: 'table-main' },
        h('div', { class: 'col-main' }, this.renderNow(), this.renderMat(), this.renderUniverse()),
        h('div', { class: 'col-side' }, this.renderWriting(), this.renderVerdicts(), this.renderHappenings(), this.renderScores()),
      ),
      this.renderHelp(),
      this.announcer(),
    ));
    if (key && active && !document.body.contains(active)) {
      const again = /** @type {HTMLElement|null} */ (this.root.querySelector(`[data-key="${CSS.escape(key)}"]`));
      if (again) again.focus();
      else /** @type {HTMLElement|null} */ (this.root.querySelector('#now button'))?.focus();
    }
    this.tick();
  }

  renderHead() {
    const t = this.info;
    const status = { connecting: 'connecting…', open: 'connected', closed: 'reconnecting…' }[this.connStatus] ?? this.connStatus;
    const m = this.m;
    return this.sec('head', h('a', { href: '/', class: 'home', onclick: (/** @type {Event} */ e) => { e.preventDefault(); this.go('/'); } }, '← Lobby'),
      h('h1', null, 'On-Sets', h('span', { class: 'sub' }, t ? ` · ${cap(t.division)} · ${t.adventurous ? 'Adventurous' : 'Basic'}${t.edition && t.edition !== '2026-27' ? ` · ${t.edition} rules` : ''} · ${t.checking === 'players' ? 'players check' : 'judge checks'}` : '')),
      h('span', { class: 'head-info' },
        m ? h('span', { class: 'round-clock', id: 'round-clock', title: 'Time left in the round (XI-B)' }, '') : null,
        h('span', { class: `conn conn-${this.connStatus}`, id: 'conn' }, status),
        t && (t.status === 'over' || t.status === 'abandoned') ? h('a', { href: `/t/${encodeURIComponent(this.id)}/review`, id: 'review-head-link' }, 'Review') : null,
        h('button', { type: 'button', class: 'copy-link', dataset: { key: 'copy' }, onclick: () => { navigator.clipboard?.writeText(`${location.origin}/t/${this.id}`); } }, `Link: /t/${this.id}`),
        h('button', { type: 'button', dataset: { key: 'help' }, 'aria-expanded': String(this.helpOpen), onclick: () => this.toggleHelp() }, 'Help ', h('kbd', null, '?')),
      ),
    );
  }

  renderPlayers() {
    const m = this.m;
    const t = this.info;
    if (!m) {
      return this.sec('players', ...(t?.seats ?? []).map((s) => h('div', { class: `player${s.seat === this.mySeat ? ' me' : ''}` },
          h('div', { class: 'pname' }, s.kind === 'bot' ? seatName(s.name || `${cap(s.level ?? '')} bot`, true) : s.taken ? seatName(s.name, false) : 'free seat', s.seat === this.mySeat ? ' (you)' : ''),
          h('div', { class: 'small' }, s.kind === 'human' ? (s.connected ? 'here' : s.taken ? 'away' : 'waiting…') : 'bot'),
        )),
      );
    }
    const turn = m.phase.phase === 'moves' ? m.phase.turn : null;
    return this.sec('players', ...m.players.map((name, p) => {
        const seat = t?.seats[p];
        const badges = [];
        if (p === m.goal_setter) badges.push(h('span', { class: 'badge setter' }, 'Goal-setter'));
        if (p === m.dealer && m.phase.phase === 'setup') badges.push(h('span', { class: 'badge' }, 'Dealer'));
        if (p === turn) badges.push(h('span', { class: 'badge turn' }, 'Turn'));
        if (p === m.last_mover && m.phase.phase === 'moves') badges.push(h('span', { class: 'badge' }, 'Last Mover'));
        if (m.block === p) badges.push(h('span', { class: 'badge block' }, 'Holds the block'));
        if (!m.present[p]) badges.push(h('span', { class: 'badge' }, 'absent'));
        if (seat && seat.kind === 'human' && !seat.connected) badges.push(h('span', { class: 'badge away' }, 'offline'));
        const timers = m.timers.filter((x) => x.player === p);
        return h('div', { class: `player${p === m.you ? ' me' : ''}${p === turn ? ' active' : ''}`, dataset: { seat: p } },
          h('div', { class: 'pname' }, seatName(name, seat?.kind === 'bot'), p === m.you ? ' (you)' : '', seat?.kind === 'bot' && seat.level ? h('span', { class: 'small' }, ` ${seat.level}`) : null),
          h('div', { class: 'pscore', title: 'Running total (XII-B)' }, h('span', { class: 'total' }, String(m.totals[p])), ' points',
            m.penalties[p] ? h('span', { class: 'pen', title: 'Penalties this shake' }, ` (${m.penalties[p]} this shake)`) : null),
          h('div', { class: 'badges' }, ...badges),
          ...timers.map((x) => this.timerEl(x, m, false)),
        );
      }),
    );
  }

  /**
   * A sand timer for a running task: due − now, less the time since the frame arrived.
   * @param {Timer} x @param {MatchView} m @param {boolean} big
   */
  timerEl(x, m, big) {
    // MLAG Basic 2019-20 XI-A-1-b: one limit for rolling the cubes and setting the Goal.
    const task = x.task === 'roll' && m.edition === '2019-20' && !m.adventurous ? 'rolling the cubes and setting the Goal' : taskWords(x.task);
    return h('div', {
      class: `timer${big ? ' big' : ''}`,
      dataset: { due: x.due_ms, total: taskTotal(x, m), penal: x.penal ? '1' : '', stage: x.stage },
      role: 'timer',
      title: `${who(m, x.player)}: ${task}`,
    }, h('span', { class: 'sand-box' }), h('span', { class: 'timer-text' }, ''), big ? h('span', { class: 'timer-task' }, ` ${who(m, x.player)}: ${task}`) : null);
  }

  tick() {
    const m = this.m;
    if (!m) return;
    const now = m.now_ms + (performance.now() - this.receivedAt);
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (this.root.querySelectorAll('.timer'))) {
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

  // ------------------------------------------------------------ what to do now

  renderNow() {
    const m = this.m;
    const t = this.info;
    /** @type {any[]} */
    const out = [h('h2', { id: 'now-title' }, 'What to do now')];
    if (!t) {
      out.push(h('p', null, 'Connecting to the table…'));
      return this.sec('now', ...out);
    }
    if (this.mySeat === null) out.push(...this.joinPanel(t));
    if (!m) {
      if (this.mySeat !== null) {
        const free = t.seats.filter((s) => s.kind === 'human' && !s.taken).length;
        out.push(h('p', { class: 'big-line' }, `You have seat ${this.mySeat + 1}. The match starts when every seat is taken (${free} free).`),
          h('p', null, 'Share this link with the other players: ', h('code', null, `${location.origin}/t/${this.id}`)));
      } else if (t.status !== 'waiting') out.push(h('p', null, 'Waiting for the match…'));
      return this.sec('now', ...out);
    }
    const timers = m.timers.filter((x) => x.player === m.you).concat(m.timers.filter((x) => x.player !== m.you));
    if (timers.length) out.push(this.timerEl(timers[0], m, true));
    out.push(...this.phasePanel(m));
    // Things any player may do in any phase.
    const extra = [];
    const arrive = this.legal((a) => a.type === 'arrive');
    if (arrive) extra.push(this.btn('I am at the table (arrive)', () => this.act('now', arrive), { key: 'arrive', cls: 'primary' }));
    // IV-C comment b: two cubes went to Forbidden without "Bonus"; after the
    // charge the offender chooses which one goes back.
    const returns = (m.legal ?? []).filter((a) => a.type === 'return_cube');
    if (returns.length) {
      extra.push(h('p', { class: 'big-line' }, 'You moved two cubes to Forbidden without saying “Bonus”. Choose the cube that goes back to Resources ', h('small', { class: 'rule' }, 'IV-C'), '.'));
      for (const a of returns) {
        const c = m.cubes[a.cube];
        extra.push(this.btn(`Return ${c ? faceWords(c.face) : `cube ${a.cube}`}`, () => this.act('now', a), { key: `return-${a.cube}`, cls: 'primary' }));
      }
    }
    const others = m.pending.filter((p) => p.offender !== m.you);
    if (m.you !== null && others.length && !m.match_points) {
      extra.push(h('p', { class: 'small' }, `${who(m, others[others.length - 1].offender)} may have broken a rule of procedure (${others[others.length - 1].rule}). You may charge it before it stands `, h('small', { class: 'rule' }, 'IX-A'), '.'),
        this.btn('Charge illegal procedure', () => this.act('now', { type: 'charge_illegal_procedure' }), { key: 'charge', kbd: 'C' }));
    }
    if (extra.length) out.push(h('div', { class: 'extra' }, ...extra));
    out.push(this.notice('now'));
    return this.sec('now', ...out);
  }

  /**
   * On opening: whoever made the table is seated with the name given in the
   * lobby; otherwise a player without a seat finds the cursor in the name box.
   * @param {TableInfo} t
   */
  sitDown(t) {
    if (this.mySeat !== null || this.watch) return;
    const free = t.seats.find((s) => s.kind === 'human' && !s.taken);
    if (!free) return;
    let name = '';
    try {
      name = localStorage.getItem('onsets:name') ?? '';
    } catch { /* no storage */ }
    if (this.autoSit && name.trim()) {
      this.autoSit = false;
      this.conn.join(name.trim(), free.seat);
    }
    this.autoSit = false;
    /** @type {HTMLInputElement|null} */ (this.root.querySelector('#join-name'))?.focus();
  }

  /** @param {TableInfo} t */
  joinPanel(t) {
    const free = t.seats.filter((s) => s.kind === 'human' && !s.taken);
    if (!free.length) return [h('p', { class: 'small' }, 'You are watching this table.')];
    if (this.joinName === undefined) {
      try {
        this.joinName = localStorage.getItem('onsets:name') ?? '';
      } catch {
        this.joinName = '';
      }
    }
    // The form is drawn again on every update: what was typed is kept here.
    const name = h('input', { id: 'join-name', required: true, 'aria-describedby': 'join-name-hint', autocomplete: 'nickname', placeholder: 'Your name', 'aria-label': 'Your name', dataset: { key: 'join-name' }, value: this.joinName,
      oninput: (/** @type {Event} */ e) => { this.joinName = /** @type {HTMLInputElement} */ (e.target).value; } });
    const seat = h('select', { id: 'join-seat', 'aria-label': 'Seat', dataset: { key: 'join-seat' }, onchange: (/** @type {Event} */ e) => { this.joinSeat = /** @type {HTMLSelectElement} */ (e.target).value; } },
      h('option', { value: '' }, 'Any free seat'),
      ...free.map((s) => h('option', { value: s.seat, selected: this.joinSeat === String(s.seat) }, `Seat ${s.seat + 1}`)));
    const submit = (/** @type {Event} */ e) => {
      e.preventDefault();
      const n = (this.joinName ?? '').trim();
      if (!n) {
        this.notices.join = { text: 'Write your name first.', tone: 'error' };
        this.render();
        return;
      }
      try {
        localStorage.setItem('onsets:name', n);
      } catch { /* no storage */ }
      if (!this.conn.send({ type: 'ping' })) {
        this.notices.join = { text: 'Not connected to the server yet; try again in a moment.', tone: 'error' };
        this.render();
        return;
      }
      this.conn.join(n, this.joinSeat === '' ? undefined : Number(this.joinSeat));
    };
    const form = h('form', { class: 'join', id: 'join-form', onsubmit: submit },
      h('p', { class: 'big-line' }, this.watch ? 'You are watching. Want to play? ' : 'Take a seat to play:'),
      name, seat, h('button', { type: 'submit', class: 'primary', dataset: { key: 'join' } }, 'Sit down'),
      h('p', { class: 'small', id: 'join-name-hint' }, 'At most 24 characters; not the name of another seat, and without the word “bot” (the bots’ seats say “bot”).'),
      this.notice('join'),
    );
    return [form];
  }

  /** @param {MatchView} m */
  phasePanel(m) {
    const me = m.you;
    const ph = m.phase;
    const W = (/** @type {number} */ p) => who(m, p);
    /** @type {any[]} */
    const out = [];
    if (m.match_points) {
      const best = Math.max(...m.match_points);
      out.push(h('p', { class: 'big-line' }, 'The match is over. ', m.match_points.map((p, i) => `${W(i)}: ${p} match point${p === 1 ? '' : 's'}`).join(' · ')),
        h('p', null, m.match_points.map((p, i) => (p === best ? `${W(i)} won` : null)).filter(Boolean).join(', '), '. See the scoresheet.'), reviewLink(this.id));
      return out;
    }
    if (m.block !== null) {
      // XI-A-1-f: 15 seconds to state a challenge after picking up the block.
      if (m.block_until !== null) {
        out.push(h('div', { class: 'timer big block-timer', id: 'block-timer', role: 'timer', title: '15 seconds to say Now or Impossible (XI-A-1-f)',
          dataset: { due: m.block_until, total: 15000, penal: '', stage: 0 } },
        h('span', { class: 'sand-box' }), h('span', { class: 'timer-text' }, ''), h('span', { class: 'timer-task' }, ` ${W(m.block)}: stating the challenge`)));
      }
      if (m.block === me) {
        out.push(h('p', { class: 'big-line' }, 'You hold the challenge block: say Now or Impossible within 15 seconds, or put it down (−1). ', h('small', { class: 'rule' }, 'V-B, XI-A-1-f')),
          h('div', { class: 'actions' },
            this.btn('Now!', () => this.act('now', { type: 'challenge', kind: 'now' }), { key: 'ch-now', kbd: 'N', cls: 'challenge' }),
            this.btn('Impossible!', () => this.act('now', { type: 'challenge', kind: 'impossible' }), { key: 'ch-imp', kbd: 'I', cls: 'challenge' }),
            this.btn('Put the block down (−1)', () => this.act('now', { type: 'put_down_block' }), { key: 'put-down' })));
      } else out.push(h('p', { class: 'big-line' }, `${W(m.block)} picked up the challenge block. Everybody waits.`, h('small', { class: 'rule' }, 'V-B')));
      return out;
    }
    switch (ph.phase) {
      case 'setup': {
        const rolls = m.legal.filter((a) => a.type === 'roll');
        const deals = m.legal.filter((a) => a.type === 'deal');
        if (!ph.rolled) {
          if (rolls.length) {
            out.push(h('p', { class: 'big-line' }, 'You are the Goal-setter: roll the cubes. ', h('small', { class: 'rule' }, 'II-A')),
              h('div', { class: 'actions' }, ...rolls.map((a, i) => this.btn(a.set_out ? (a.set_out === 'two_universe_one_empty' ? 'Set out 2 V and 1 Λ, roll the rest' : 'Set out 1 V and 2 Λ, roll the rest') : 'Roll the cubes', () => this.act('now', a), { key: `roll-${i}`, cls: 'primary' }))));
            if (rolls.some((a) => a.set_out)) out.push(h('p', { class: 'small' }, 'Here the Restriction cubes are set out, not rolled ', h('small', { class: 'rule' }, 'II-A-3'), '.'));
          } else out.push(h('p', null, `${W(m.goal_setter)} will roll the cubes.`));
        }
        if (!ph.dealt) {
          if (deals.length) {
            const [min, max] = m.division.toLowerCase() === 'senior' ? [10, 14] : [6, 12];
            const dflt = String(deals.find((a) => a.count === (m.cards.length ? deals[0].count : Math.min(max, Math.max(min, 8))))?.count ?? deals[0].count);
            if (!deals.some((a) => String(a.count) === this.dealCount)) this.dealCount = dflt;
            const sel = h('select', { id: 'deal-count', 'aria-label': 'How many cards', dataset: { key: 'deal-count' }, onchange: (/** @type {Event} */ e) => { this.dealCount = /** @type {HTMLSelectElement} */ (e.target).value; } },
              ...deals.map((a) => h('option', { value: a.count, selected: String(a.count) === this.dealCount }, `${a.count} card${a.count === 1 ? '' : 's'}`)));
            out.push(h('p', { class: 'big-line' }, `You are the dealer: deal the cards for the Universe (${min} to ${max} in all). `, h('small', { class: 'rule' }, 'II-B')),
              h('div', { class: 'actions' }, sel, this.btn('Deal', () => {
                const a = deals.find((d) => String(d.count) === this.dealCount);
                if (a) this.act('now', a);
              }, { key: 'deal', cls: 'primary' })));
          } else out.push(h('p', null, `${W(m.dealer)} will deal the cards.`));
        }
        break;
      }
      case 'variations': {
        const order = this.setterOrder(m);
        const selector = order[ph.pos];
        if (selector === me) out.push(...this.variationSheet(m));
        else out.push(h('p', { class: 'big-line' }, `${W(selector)} is choosing a variation. `, h('small', { class: 'rule' }, 'II-C')));
        if (m.selections.length) {
          out.push(h('div', { class: 'var-chart', id: 'var-chart' }, h('b', null, 'Chosen so far: '),
            h('ul', null, ...m.selections.map((x) => h('li', { class: x.withdrawn ? 'withdrawn' : '' }, `${W(x.player)}: ${variationShort(x.variation)}`, x.withdrawn ? ' (taken back)' : '')))));
        }
        break;
      }
      case 'goal':
        if (ph.arranged) {
          // 2019-20 III-B-2-b, c: the cubes in the Goal section are on the mat for everyone.
          const a = ph.arranged;
          out.push(h('p', { id: 'goal-arranged' }, `In the Goal section, not yet set: ${typeof a === 'string' ? goalWords(a) : `${a.description} (not a legal layout)`}. If the time runs out it is the Goal. `, h('small', { class: 'rule' }, 'III-B-2-c')));
        }
        if (m.goal_setter === me) {
          const line = ph.arranged ? 'Rearrange the Goal (every cube in the Goal section stays in it) or say “Goal”. ' : ph.revise.length ? 'Your Goal was not a legal layout: build it again with the same digit cubes. ' : 'Set the Goal: pick a layout and put digit cubes in it. ';
          out.push(h('p', { class: 'big-line' }, line, h('small', { class: 'rule' }, ph.arranged ? 'III-B-2-b' : ph.revise.length ? 'III-B-2' : 'III-B')));
          out.push(this.goalBuilder(m, 'goal'));
          const bonus = m.legal.filter((a) => a.type === 'move' && a.bonus);
          if (bonus.length && ph.bonus === null) out.push(h('p', { class: 'small' }, 'Before the Goal you may say “Bonus” and move one cube to Forbidden: pick it on the mat, then press ', h('kbd', null, 'X'), '. ', h('small', { class: 'rule' }, 'III-C')));
          const ng = this.legal((a) => a.type === 'declare_no_goal');
          if (ng) out.push(h('div', { class: 'actions' }, this.btn('No Goal can be made (declare “no Goal”)', () => this.act('goal', ng), { key: 'no-goal' })), h('p', { class: 'small' }, 'Only if no Goal has a correct Solution. ', h('small', { class: 'rule' }, 'III-D')));
          out.push(this.notice('goal'));
        } else out.push(h('p', { class: 'big-line' }, `${W(m.goal_setter)} is setting the Goal.`, h('small', { class: 'rule' }, 'III')));
        break;
      case 'no_goal': {
        const agree = this.legal((a) => a.type === 'agree_no_goal');
        const ch = this.legal((a) => a.type === 'challenge' && a.kind === 'no_goal');
        out.push(h('p', { class: 'big-line' }, `${W(m.goal_setter)} says no Goal can be made. `, h('small', { class: 'rule' }, 'III-D')));
        if (agree || ch) {
          out.push(h('p', null, 'Do you agree? If you think a Goal with a correct Solution exists, challenge and write it (you get 2 minutes).'),
            h('div', { class: 'actions' },
              agree ? this.btn('I agree: no Goal', () => this.act('now', agree), { key: 'agree-no-goal', cls: 'primary' }) : null,
              ch ? this.btn('Challenge “no Goal”', () => this.act('now', ch), { key: 'challenge-no-goal', cls: 'challenge' }) : null));
        } else if (ph.agreed.includes(me ?? -1)) out.push(h('p', null, 'You agreed. Waiting for the others.'));
        break;
      }
      case 'moves': {
        const mine = ph.turn === me;
        out.push(h('p', { class: 'big-line' }, mine ? 'Your turn: pick a cube in Resources, then say where it goes.' : `${W(ph.turn)}'s turn to move a cube.`, ' ', h('small', { class: 'rule' }, 'IV-A, IV-B')));
        if (mine) {
          out.push(this.moveBar(m));
          const bonus = m.legal.some((a) => a.type === 'move' && a.bonus);
          if (bonus && ph.bonus === null) out.push(h('p', { class: 'small' }, 'You may first say “Bonus” and move one cube to Forbidden, then make your regular move ', h('small', { class: 'rule' }, 'IV-C'), '.'));
          if (m.legal.some((a) => a.type === 'shift')) out.push(h('p', { class: 'small' }, 'Shift from Permitted is in force: instead of a move you may shift a cube from Permitted to Required or Forbidden ', h('small', { class: 'rule' }, 'XIII-A-7'), '.'));
          out.push(this.notice('mat'));
        }
        out.push(this.challengeBlock(m));
        break;
      }
      case 'writing':
        out.push(...this.writingPanel(m, ph));
        break;
      case 'checking':
        out.push(...this.checkingPanel(m, ph));
        break;
      case 'over':
        out.push(h('p', { class: 'big-line' }, 'The shake is over.'));
        break;
    }
    return out;
  }

  /** @param {MatchView} m */
  setterOrder(m) {
    const n = m.players.length;
    const out = [];
    for (let k = 0; k < n; k++) {
      const q = (m.goal_setter + k) % n;
      if (m.seated[q] !== false) out.push(q);
    }
    return out;
  }

  /** The challenge block's buttons (V). @param {MatchView} m */
  challengeBlock(m) {
    const now = this.legal((a) => a.type === 'challenge' && a.kind === 'now');
    const imp = this.legal((a) => a.type === 'challenge' && a.kind === 'impossible');
    const box = h('div', { class: 'block', role: 'group', 'aria-label': 'The challenge block' },
      h('div', { class: 'block-title' }, 'Challenge block'),
      h('div', { class: 'actions' },
        this.btn('Now!', () => now && this.act('challenge', now), { key: 'ch-now', kbd: 'N', cls: 'challenge', disabled: !now, title: 'A correct Solution can be written with the mat and at most one more cube (V-A-1)' }),
        this.btn('Impossible!', () => imp && this.act('challenge', imp), { key: 'ch-imp', kbd: 'I', cls: 'challenge', disabled: !imp, title: 'Nobody can write a correct Solution, however the other cubes are played (V-A-2)' }),
      ),
      h('p', { class: 'small' }, h('b', null, 'Now'), ': a correct Solution can be written with the mat and at most one more cube. ', h('b', null, 'Impossible'), ': no correct Solution can be written, whatever is played. ', h('small', { class: 'rule' }, 'V-A')),
      !now && !imp ? h('p', { class: 'small', id: 'challenge-why-not' }, ...this.noChallengeWords(m)) : null,
      m.you !== null && m.last_mover !== null && m.last_mover !== m.you
        ? h('p', { class: 'small' }, 'Need a moment? ', this.btn('Pick up the block', () => this.act('challenge', { type: 'pick_up_block' }), { key: 'pick-up', cls: 'small-btn' }),
          ' then you have 15 seconds to say Now or Impossible; putting it down or staying silent costs a point ', h('small', { class: 'rule' }, 'V-B, XI-A-1-f'), '.')
        : null,
      this.notice('challenge'),
    );
    return box;
  }

  /**
   * Why Now! and Impossible! are greyed, in words (V-A, V-B).
   * @param {MatchView} m
   * @returns {any[]}
   */
  noChallengeWords(m) {
    if (m.you === null) return ['Spectators do not challenge.'];
    if (m.last_mover === m.you) return ['Greyed: you moved last, and you may not challenge your own move ', h('small', { class: 'rule' }, 'V-B'), '.'];
    if (m.last_mover === null) return ['Greyed: a challenge answers a move, and no cube has been moved yet this shake ', h('small', { class: 'rule' }, 'V-A'), '.'];
    if (!m.present[m.you]) return ['Greyed: you are not at the table this shake ', h('small', { class: 'rule' }, 'X-D'), '.'];
    return ['Greyed: no challenge can be made at this moment.'];
  }

  /** The buttons to move the picked cube (IV-B, IV-C, XIII-A-7). @param {MatchView} m */
  moveBar(m) {
    const id = this.selected;
    if (id === null) {
      return h('p', { class: 'small hint' },
        h('span', { class: 'kbd-only' }, 'Click a cube, or Tab to it and press Enter. Then press ', h('kbd', null, 'R'), ' Required, ', h('kbd', null, 'P'), ' Permitted, ', h('kbd', null, 'F'), ' Forbidden or ', h('kbd', null, 'X'), ' Bonus to Forbidden.'),
        h('span', { class: 'touch-only' }, 'Tap a cube, then “Put here” on the section it goes to.'));
    }
    const c = m.cubes[id];
    const targets = this.targets(id);
    return h('div', { class: 'move-bar', role: 'group', 'aria-label': 'Move the chosen cube' },
      h('span', { class: 'chosen' }, cubeSvg(c.face, c.family), h('span', null, ` ${faceWords(c.face)} → `)),
      ...targets.map((tg) => this.btn(tg.label, () => this.act(m.phase.phase === 'goal' ? 'goal' : 'mat', tg.act), { key: `to-${tg.kbd}`, kbd: tg.kbd, cls: tg.act.bonus ? 'bonus' : 'primary' })),
      targets.length ? null : h('span', { class: 'small' }, 'This cube cannot be moved now.'),
      this.btn('Cancel', () => { this.selected = null; this.render(); }, { key: 'cancel', kbd: 'Esc' }),
    );
  }

  /**
   * The legal moves of one cube, with their keys.
   * @param {number} id
   * @returns {{label: string, kbd: string, act: Act}[]}
   */
  targets(id) {
    const m = this.m;
    if (!m) return [];
    const out = [];
    for (const a of m.legal) {
      if (a.cube !== id) continue;
      if (a.type === 'move' && a.bonus) out.push({ label: 'Bonus → Forbidden', kbd: 'X', act: a });
      else if (a.type === 'move') out.push({ label: `To ${placeWords(a.to)}`, kbd: a.to[0].toUpperCase(), act: a });
      else if (a.type === 'shift') out.push({ label: `Shift to ${placeWords(a.to)}`, kbd: a.to[0].toUpperCase(), act: a });
    }
    return out;
  }

  /**
   * The variation selection sheet (II-C): the division's list of XIII, and
   * for each variation only the choices the server lists as legal — those
   * with an effect that cost no point (II-C-2). A ✓ marks every variation
   * with such a choice before anything is picked.
   * @param {MatchView} m
   */
  variationSheet(m) {
    const made = m.selections.filter((s) => s.player === m.you && !s.withdrawn).length;
    const legal = m.legal.filter((a) => a.type === 'select_variation').map((a) => /** @type {string} */ (a.variation));
    /** @param {string} key */
    const choicesOf = (key) => legal.filter((s) => s.startsWith(`${key} `)).map((s) => s.slice(key.length + 1));
    const list = VARIATIONS.filter((v) => selectable(v.key, m.division));
    const open = list.filter((v) => (v.blank ? choicesOf(v.key).length > 0 : legal.includes(v.key)));
    const closed = list.filter((v) => !open.includes(v));
    const rows = [];
    for (const v of open) {
      const id = `var-${v.key}`;
      const radio = h('input', { type: 'radio', name: 'variation', id, value: v.key, checked: this.vs.key === v.key, dataset: { key: id }, onchange: () => { this.vs = { key: v.key, param: v.blank ? choicesOf(v.key)[0] ?? '' : '' }; this.render(); } });
      /** @type {any} */
      let blank = null;
      const blankId = `${id}-blank`;
      if (v.blank) {
        const choices = choicesOf(v.key);
        blank = h('select', { id: blankId, 'aria-label': `${v.name}: which ${v.blank}`, dataset: { key: blankId }, disabled: this.vs.key !== v.key,
          onchange: (/** @type {Event} */ e) => { this.vs.param = /** @type {HTMLSelectElement} */ (e.target).value; this.render(); } },
          ...choices.map((c) => h('option', { value: c, selected: this.vs.key === v.key && this.vs.param === c }, v.blank === 'card' ? `${c} (${cardWords(c)})` : v.blank === 'cube' ? faceWords(c) : c)));
      }
      rows.push(h('div', { class: `var-row${this.vs.key === v.key ? ' picked' : ''}`, key: v.key },
        radio, h('label', { for: id }, h('b', null, v.name), ' — ', v.help.replace('___', v.blank ? `(${v.blank})` : '')), blank, ' ', h('small', { class: 'rule' }, v.rule),
        h('span', { class: 'ok', title: 'This choice has an effect on this shake and costs no point' }, ' ✓')));
    }
    const choose = h('fieldset', { class: 'var-sheet' }, h('legend', null, made ? 'You may choose one more variation' : 'Choose a variation for this shake'), ...rows);
    const end = this.legal((a) => a.type === 'end_selection');
    const send = () => {
      const v = VARIATIONS.find((x) => x.key === this.vs.key);
      if (!v) {
        this.notices.variations = { text: 'Pick a variation first.', tone: 'error' };
        this.render();
        return;
      }
      if (v.blank && !this.vs.param.trim()) {
        this.notices.variations = { text: `Fill in the blank: which ${v.blank}?`, tone: 'error' };
        this.render();
        return;
      }
      this.act('variations', { type: 'select_variation', variation: v.blank ? `${v.key} ${this.vs.param.trim()}` : v.key });
    };
    const mine = m.timers.find((t) => t.player === m.you && t.task === 'select_variation');
    return [
      h('p', { class: 'big-line' }, 'Your turn to choose a variation', mine ? [': ', this.timerEl(mine, m, false), ' left. '] : '. ', h('small', { class: 'rule' }, 'II-C-1, XI-A-1-b')),
      h('p', { class: 'small' }, 'Only choices that change this shake are offered, each marked ✓: one with no effect, or that clashes with one already chosen, would cost a point ', h('small', { class: 'rule' }, 'II-C-2'), '.'),
      open.length ? choose : h('p', null, 'No variation would change this shake now.'),
      closed.length ? h('p', { class: 'small', id: 'var-closed' }, `Not offered now (no effect on this shake, or not allowed with the choices so far): ${closed.map((v) => v.name).join(', ')}.`) : null,
      h('div', { class: 'actions' },
        open.length ? this.btn('Choose this variation', send, { key: 'var-send', cls: 'primary' }) : null,
        end ? this.btn('No more variations', () => this.act('variations', end), { key: 'var-end' }) : null),
      this.notice('variations'),
    ];
  }

  /**
   * The Goal builder: only the layouts of III-B-1, digits may be turned upside-down.
   * @param {MatchView} m
   * @param {'goal'|'write'} area
   */
  goalBuilder(m, area) {
    const ph = m.phase;
    const digits = m.cubes.filter((c) => c.family === 'digit' && (c.place === 'resources' || c.place === 'goal'));
    const revise = ph.phase === 'goal' ? ph.revise : [];
    // An illegal Goal is rebuilt with the same cubes (OS-B2); a 2019-20 arrangement may grow (III-B-2).
    const grows = ph.phase === 'goal' && !!ph.arranged;
    const layouts = LAYOUTS.filter((l) => l.slots <= digits.length && (!revise.length || (grows ? l.slots >= revise.length : l.slots === revise.length)));
    if (!layouts.some((l) => l.id === this.gb.layout)) this.gb.layout = layouts[0]?.id ?? 'single';
    const layout = LAYOUTS.find((l) => l.id === this.gb.layout) ?? LAYOUTS[0];
    // Keep the slots consistent: each digit cube at most once.
    const slots = this.gb.slots.slice(0, layout.slots);
    for (let i = 0; i < layout.slots; i++) {
      if (slots[i] === null || slots[i] === undefined || !digits.some((d) => d.id === slots[i]) || slots.indexOf(slots[i]) !== i) {
        slots[i] = digits.find((d) => !slots.includes(d.id))?.id ?? null;
      }
    }
    this.gb.slots = [...slots, null, null, null].slice(0, 3);
    const text = slots.every((s) => s !== null)
      ? layout.text(slots.map((s, i) => `${this.gb.flips[i] ? '~' : ''}${m.cubes[/** @type {number} */ (s)].face}`))
      : '';
    const legalGoals = new Set(m.legal.filter((a) => a.type === 'set_goal').map((a) => a.goal));
    const read = text ? readGoal(text) : null;
    const value = read ? goalValue(read) : null;

    const shapeGroup = h('div', { class: 'layouts', role: 'radiogroup', 'aria-label': 'Goal layout' },
      ...layouts.map((l) => h('label', { class: `layout${l.id === layout.id ? ' picked' : ''}` },
        h('input', { type: 'radio', name: `layout-${area}`, value: l.id, checked: l.id === layout.id, dataset: { key: `layout-${area}-${l.id}` }, onchange: () => { this.gb.layout = l.id; this.render(); } }),
        layoutPicture(l.cells), h('span', null, h('b', null, l.name), h('br'), h('small', null, l.help)))));
    const slotRows = h('div', { class: 'slots' }, ...Array.from({ length: layout.slots }, (_, i) => {
      const sel = h('select', { 'aria-label': `Cube ${'ABC'[i]}`, dataset: { key: `slot-${area}-${i}` }, onchange: (/** @type {Event} */ e) => {
        const v = Number(/** @type {HTMLSelectElement} */ (e.target).value);
        const other = this.gb.slots.indexOf(v);
        if (other >= 0 && other !== i) this.gb.slots[other] = this.gb.slots[i];
        this.gb.slots[i] = v;
        this.render();
      } }, ...digits.map((d) => h('option', { value: d.id, selected: slots[i] === d.id }, `${d.face}${digits.filter((x) => x.face === d.face).length > 1 ? ` (cube ${d.id + 1})` : ''}`)));
      const flip = h('input', { type: 'checkbox', checked: this.gb.flips[i], dataset: { key: `flip-${area}-${i}` }, onchange: (/** @type {Event} */ e) => { this.gb.flips[i] = /** @type {HTMLInputElement} */ (e.target).checked; this.render(); } });
      return h('div', { class: 'slot' }, h('b', null, 'ABC'[i]), ' ', sel, h('label', null, flip, ' upside-down (negative)'));
    }));
    const preview = h('div', { class: 'goal-preview' },
      read ? goalPicture(read) : null,
      h('div', null, text ? h('span', { class: 'goal-text' }, goalWords(text)) : 'Not enough digit cubes.',
        value !== null && value < 0 ? h('p', { class: 'small warn' }, 'This names a negative number: a Goal must name a whole number ', h('small', { class: 'rule' }, 'III-B'), '.') : null,
        text && legalGoals.size && legalGoals.has(text) ? h('span', { class: 'ok' }, ' ✓ a legal Goal') : null));
    /** @type {any[]} */
    const more = [];
    if (area === 'goal') {
      // 2019-20 III-B-2-b: the cubes may be placed in the Goal section before saying “Goal”.
      const arranges = m.legal.some((a) => a.type === 'arrange_goal');
      more.push(h('div', { class: 'actions' }, this.btn('Set this Goal (say “Goal”)', () => {
        if (!text) return;
        this.act('goal', { type: 'set_goal', goal: text });
      }, { key: 'set-goal', cls: 'primary', disabled: !text }),
      arranges ? this.btn('Place it in the Goal section (not “Goal” yet)', () => {
        if (!text) return;
        this.act('goal', { type: 'arrange_goal', goal: text });
      }, { key: 'arrange-goal', disabled: !text }) : null));
    }
    this.goalText = text;
    return h('div', { class: 'goal-builder', id: `goal-builder-${area}` }, shapeGroup, slotRows, preview, ...more);
  }

  /**
   * @param {MatchView} m
   * @param {Extract<import('./types.js').Phase, {phase: 'writing'}>} ph
   */
  writingPanel(m, ph) {
    const W = (/** @type {number} */ p) => who(m, p);
    const me = m.you;
    const out = [];
    const k = ph.kind;
    if (k.kind === 'challenge') out.push(h('p', { class: 'big-line' }, `${W(k.challenger)} challenged ${k.challenge === 'now' ? 'Now' : 'Impossible'} against ${whom(m, k.mover)}. `, h('small', { class: 'rule' }, 'VII-A')));
    else if (k.kind === 'forceout') out.push(h('p', { class: 'big-line' }, `${W(k.mover)} moved the last cube: everyone may write a Solution. `, h('small', { class: 'rule' }, 'VIII')));
    else if (k.kind === 'end_of_round') out.push(h('p', { class: 'big-line' }, 'Stop! Everyone may write a Solution using any Resources cubes. ', h('small', { class: 'rule' }, 'XI-B-2')));
    else out.push(h('p', { class: 'big-line' }, `${W(k.challenger)} challenged the “no Goal”: write a Goal and a Solution. `, h('small', { class: 'rule' }, 'III-D-2')));
    if (me !== null) {
      const wr = ph.writers[me];
      const joins = this.joinSides();
      const roleWords = { must: 'You must write a Solution.', may: joins ? `You are the Third Party: join the ${joins.writer} (write a Solution) or the ${joins.other} (no Solution). If you present nothing you join the ${joins.other}.` : k.kind === 'challenge' || k.kind === 'no_goal' ? 'You are the Third Party: you may write a Solution, or decline.' : 'You may write a Solution.', may_not: 'You may not write a Solution this time.' };
      if (wr.presented) out.push(h('p', null, 'You presented your Solution. Waiting for the others.'));
      else if (wr.declined) out.push(h('p', null, 'You declined to write.'));
      else if (wr.lapsed) out.push(h('p', null, 'Your time to write ran out.'));
      else out.push(h('p', { class: 'role' }, roleWords[wr.role], ' ', h('small', { class: 'rule' }, joins && wr.role === 'may' ? 'VII-A-3' : wr.role === 'may' && k.kind === 'challenge' ? 'VII-C-1' : 'VII-A')));
      const imp = this.legal((a) => a.type === 'challenge' && a.kind === 'impossible');
      if (imp) out.push(h('div', { class: 'actions' }, this.btn('Impossible!', () => this.act('challenge', imp), { key: 'ch-imp', kbd: 'I', cls: 'challenge' }), h('span', { class: 'small' }, ' During the first minute after the last cube you may challenge Impossible ', h('small', { class: 'rule' }, 'VIII-B'))));
      if (this.has('present')) out.push(h('p', { class: 'small kbd-only' }, 'Write in the Solution box ', h('kbd', null, 'W'), ', then Present ', h('kbd', null, 'Ctrl+Enter'), '.'));
    }
    out.push(h('ul', { class: 'writers' }, ...ph.writers.map((wr, p) => wr.role === 'may_not' && !wr.presented ? null : h('li', null, `${W(p)}: `, wr.presented ? 'presented ✓' : wr.declined ? 'declined' : wr.lapsed ? 'time ran out' : 'writing…'))));
    out.push(this.notice('challenge'));
    return out;
  }

  /**
   * @param {MatchView} m
   * @param {Extract<import('./types.js').Phase, {phase: 'checking'}>} ph
   */
  checkingPanel(m, ph) {
    const W = (/** @type {number} */ p) => who(m, p);
    const w = ph.queue[ph.current];
    if (w === undefined) return [h('p', { class: 'big-line' }, 'Checking is over.')];
    if (m.checking === 'judge') return [h('p', { class: 'big-line' }, 'The judge is checking the Solutions.', h('small', { class: 'rule' }, 'VII-C-6'))];
    const sol = ph.writers[w]?.presented?.solution ?? '';
    const goal = ph.writers[w]?.presented?.goal;
    /** @type {any[]} */
    const out = [h('p', { class: 'big-line' }, w === m.you ? 'Your Solution is being checked.' : `Check ${W(w)}'s Solution (2 minutes). `, h('small', { class: 'rule' }, 'VII-C-3')),
      h('pre', { class: 'solution-shown', id: 'checked-solution' }, sol || '(no text)'),
      goal ? h('p', null, `Written Goal: ${typeof goal === 'string' ? goalWords(goal) : JSON.stringify(goal)}`) : null];
    const accept = this.legal((a) => a.type === 'accept' && a.writer === w);
    const mine = m.you !== null ? ph.decisions[ph.current]?.[m.you] : undefined;
    if (accept) {
      const reasons = [
        ['wrong_value', 'It does not name the Goal’s number of cards', 'VII-C-5-b'],
        ['ambiguous', 'It is ambiguous: here is a grouping that gives another number', 'VII-C-5-c'],
        ['undefined', 'A symbol or group of symbols has no meaning', 'VII-C-5-d'],
        ['variation', 'It breaks a variation or uses the cubes wrongly', 'VII-C-5-e'],
        ['goal_illegal', 'The Goal has no legal meaning', 'VII-C-5-a'],
      ];
      if (this.ck.reason === 'ambiguous' && !this.ck.grouping) this.ck.grouping = sol;
      const grouping = h('input', { id: 'grouping', class: 'mono', value: this.ck.grouping, 'aria-label': 'Your bracketing of the Solution', dataset: { key: 'grouping' }, oninput: (/** @type {Event} */ e) => { this.ck.grouping = /** @type {HTMLInputElement} */ (e.target).value; } });
      out.push(h('div', { class: 'actions' }, this.btn('Accept: it is correct', () => this.act('check', accept), { key: 'accept', cls: 'primary' })),
        h('fieldset', { class: 'object' }, h('legend', null, 'Or object, with a reason'),
          ...reasons.map(([v, label, rule]) => h('label', { class: 'reason' },
            h('input', { type: 'radio', name: 'reason', value: v, checked: this.ck.reason === v, dataset: { key: `reason-${v}` }, onchange: () => { this.ck.reason = v; this.render(); } }), ` ${label} `, h('small', { class: 'rule' }, rule))),
          this.ck.reason === 'ambiguous' ? h('label', { class: 'grouping' }, 'Add brackets to show the other reading: ', grouping) : null,
          this.btn('Object', () => {
            /** @type {Act} */
            const act = { type: 'object', writer: w, reason: this.ck.reason };
            if (this.ck.reason === 'ambiguous') act.grouping = this.ck.grouping;
            this.act('check', act);
          }, { key: 'object', cls: 'challenge' })));
    } else if (w !== m.you && mine && mine !== 'pending') out.push(h('p', null, 'You have decided. Waiting for the others.'));
    out.push(this.notice('check'));
    return out;
  }

  // ---------------------------------------------------------------- the mat

  renderMat() {
    const m = this.m;
    if (!m) {
      return this.sec('mat', h('h2', { id: 'mat-title' }, 'The mat'), h('p', { class: 'small' }, 'The cubes appear when the match starts.'));
    }
    const by = (/** @type {string} */ p) => m.cubes.filter((c) => c.place === p);
    const rolled = !(m.phase.phase === 'setup' && !m.phase.rolled);
    const goalCubes = by('goal');
    const read = typeof m.goal === 'string' ? readGoal(m.goal) : null;
    const goalBox = h('div', { class: 'section sec-goal', id: 'sec-goal' },
      h('div', { class: 'sec-head' }, h('h3', null, 'Goal'), h('small', { class: 'rule' }, 'III-B')),
      h('div', { class: 'sec-body' },
        read ? goalPicture(read) : goalCubes.length ? h('div', { class: 'cubes' }, ...goalCubes.map((c) => this.cubeEl(c))) : h('span', { class: 'empty' }, m.phase.phase === 'no_goal' ? '“no Goal” declared' : 'not set yet'),
        typeof m.goal === 'string' ? h('div', { class: 'goal-text', id: 'goal-text' }, goalWords(m.goal)) : m.goal ? h('div', { class: 'goal-text' }, `${m.goal.description} (not a legal layout)`) : null,
      ),
    );
    const sections = SECTIONS.map(([place, name, help, rule]) => {
      const targets = this.selected !== null ? this.targets(this.selected).filter((t) => t.act.to === place) : [];
      // Drag and drop: a cube dragged here makes its legal move to this
      // section (the regular move before "Bonus", as a click on "Put here").
      const dropAct = () => {
        if (this.dragging === null) return null;
        const ts = this.targets(this.dragging).filter((t) => t.act.to === place);
        return (ts.find((t) => !t.act.bonus) ?? ts[0])?.act ?? null;
      };
      return h('div', { class: `section sec-${place}${targets.length ? ' target' : ''}`, id: `sec-${place}`,
        ondragover: (/** @type {DragEvent} */ e) => {
          if (!dropAct()) return;
          e.preventDefault();
          if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
          /** @type {HTMLElement} */ (e.currentTarget).classList.add('drop');
        },
        ondragleave: (/** @type {DragEvent} */ e) => /** @type {HTMLElement} */ (e.currentTarget).classList.remove('drop'),
        ondrop: (/** @type {DragEvent} */ e) => {
          e.preventDefault();
          /** @type {HTMLElement} */ (e.currentTarget).classList.remove('drop');
          const a = dropAct();
          this.dragging = null;
          if (a) this.act(m.phase.phase === 'goal' ? 'goal' : 'mat', a);
        } },
        h('div', { class: 'sec-head' }, h('h3', null, name), h('span', { class: 'small' }, help), h('small', { class: 'rule' }, rule),
          ...targets.map((tg) => this.btn(tg.act.bonus ? 'Bonus here' : tg.act.type === 'shift' ? 'Shift here' : 'Put here', () => this.act('mat', tg.act), { key: `put-${place}-${tg.act.bonus ? 'b' : ''}`, cls: 'put' }))),
        h('div', { class: 'cubes' }, ...by(place).map((c) => this.cubeEl(c))),
      );
    });
    const res = by('resources');
    const resBox = h('div', { class: 'section sec-resources', id: 'sec-resources' },
      h('div', { class: 'sec-head' }, h('h3', null, 'Resources'), h('span', { class: 'small' }, rolled ? `${res.filter((c) => c.family !== 'digit').length} cubes left to play` : 'not rolled yet'), h('small', { class: 'rule' }, 'I-B-3')),
      h('div', { class: 'cubes' }, ...(rolled ? res.map((c) => this.cubeEl(c)) : [])),
    );
    const vars = m.variations.length
      ? h('div', { class: 'in-force' }, h('b', null, 'Variations in force: '), ...m.variations.map((v) => h('span', { class: 'chip', title: variationWords(v) }, variationShort(v))))
      : m.adventurous ? null : h('div', { class: 'in-force small' }, 'Basic On-Sets: no variations.');
    return this.sec('mat', h('h2', { id: 'mat-title' }, 'The mat'),
      vars,
      h('div', { class: 'mat-grid' }, goalBox, ...sections),
      resBox,
      m.phase.phase === 'moves' || m.phase.phase === 'goal' ? null : this.notice('mat'),
    );
  }

  /** @param {Cube} c */
  cubeEl(c) {
    const m = /** @type {MatchView} */ (this.m);
    const movable = this.targets(c.id).length > 0;
    const pickable = movable || (m.phase.phase === 'goal' && m.goal_setter === m.you && c.family === 'digit' && c.place === 'resources');
    const picked = this.selected === c.id;
    return h('button', {
      type: 'button',
      class: `cube${picked ? ' picked' : ''}${movable ? ' movable' : ''}`,
      draggable: movable ? 'true' : undefined,
      ondragstart: (/** @type {DragEvent} */ e) => {
        if (!movable) {
          e.preventDefault();
        }
        this.dragging = c.id;
        this.selected = null;
        e.dataTransfer?.setData('text/plain', `cube ${c.id}`);
        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
        for (const t of this.targets(c.id)) this.root.querySelector(`#sec-${t.act.to}`)?.classList.add('target');
      },
      ondragend: () => {
        this.dragging = null;
        for (const el of this.root.querySelectorAll('.section.target, .section.drop')) el.classList.remove('target', 'drop');
      },
      dataset: { key: `cube-${c.id}`, cube: c.id, face: c.face },
      'aria-pressed': picked ? 'true' : 'false',
      'aria-label': `${faceWords(c.face)} cube in ${placeWords(c.place)}${movable ? ', can be moved' : ''}`,
      title: faceWords(c.face),
      onclick: () => {
        if (c.family === 'digit' && m.phase.phase === 'goal') {
          // Clicking a digit cube puts it in the next slot of the Goal builder.
          const i = this.gb.slots.indexOf(c.id);
          if (i < 0) {
            const layout = LAYOUTS.find((l) => l.id === this.gb.layout) ?? LAYOUTS[0];
            const free = this.gb.slots.slice(0, layout.slots).findIndex((s, k) => s === null || this.gb.slots.indexOf(s) !== k);
            this.gb.slots[free >= 0 ? free : layout.slots - 1] = c.id;
          }
          this.render();
          return;
        }
        if (!pickable && !picked) {
          this.notices.mat = { text: m.phase.phase === 'moves' && m.phase.turn !== m.you ? 'It is not your turn.' : 'This cube cannot be moved now.', tone: 'info' };
          this.render();
          return;
        }
        this.selected = picked ? null : c.id;
        this.selectedFrom = c.place;
        this.notices.mat = undefined;
        this.render();
      },
    }, cubeSvg(c.face, c.family));
  }

  // ---------------------------------------------------------------- Universe

  renderUniverse() {
    const m = this.m;
    const head = h('h2', { id: 'universe-title' }, 'The Universe');
    if (!m || !m.cards.length) {
      return this.sec('universe', head, h('p', { class: 'small' }, 'No cards dealt yet.'));
    }
    const cards = [...m.cards].sort(cardOrder);
    return this.sec('universe', head,
      h('p', { class: 'small' }, `${cards.length} cards. Your chart: click a card (or Tab to it and press Enter) to mark it while you think. Only you see the marks.`),
      h('div', { class: 'cards', role: 'group', 'aria-label': 'Universe chart' },
        ...cards.map((card) => h('button', {
          type: 'button',
          class: `card${this.marks.has(card) ? ' marked' : ''}`,
          dataset: { key: `card-${card}`, card },
          'aria-pressed': this.marks.has(card) ? 'true' : 'false',

          title: cardWords(card),
          onclick: () => {
            if (this.marks.has(card)) this.marks.delete(card);
            else this.marks.add(card);
            this.render();
          },
          // Named by its content: the letters shown on it, then the words (WCAG 2.5.3).
        }, cardSvg(card), h('span', { class: 'card-name' }, card === 'blank' ? 'blank' : card),
        h('span', { class: 'sr-only' }, `: ${cardWords(card)}${this.marks.has(card) ? ', marked' : ''}`)))),
      h('div', { class: 'chart-tools' },
        h('span', { class: 'small', id: 'mark-count' }, `${this.marks.size} marked`),
        this.marks.size ? this.btn('Clear marks', () => { this.marks.clear(); this.render(); }, { key: 'clear-marks' }) : null),
    );
  }

  // ---------------------------------------------------------------- writing

  makeEditor() {
    const area = dh('textarea', {
      id: 'solution', class: 'mono', rows: 4, spellcheck: 'false', autocomplete: 'off',
      'aria-label': 'Your Solution (private until you present it)',
      placeholder: 'e.g.  B ∪ R′   or with a Restriction:  G ⊆ B; B ∪ R\nType U for ∪, n for ∩, - for −, \' for ′, ^ for Λ, < for ⊆',
      dataset: { key: 'solution' },
    });
    const feedback = dh('p', { class: 'feedback', id: 'solution-feedback', 'aria-live': 'polite' });
    const preview = dh('p', { class: 'preview mono', id: 'solution-preview' });
    const palette = dh('div', { class: 'palette', role: 'group', 'aria-label': 'Symbols' },
      ...PALETTE.map(([sym, key, words]) => dh('button', {
        type: 'button', class: `sym${sym.trim().length > 2 ? ' wide' : ''}`, title: `${words} (type ${key})`, 'aria-label': `insert ${words}`, tabindex: '-1', dataset: { sym: sym.trim() },
        onclick: () => this.insert(sym),
      }, sym.trim())));
    area.addEventListener('input', () => this.updateFeedback());
    area.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        this.present();
      }
    });
    const box = dh('div', { class: 'editor' }, palette, area, preview, feedback);
    return { box, area, feedback, preview };
  }

  /** @param {string} sym */
  insert(sym) {
    const a = this.editor.area;
    const s = a.selectionStart ?? a.value.length;
    const e = a.selectionEnd ?? s;
    a.value = a.value.slice(0, s) + sym + a.value.slice(e);
    a.selectionStart = a.selectionEnd = s + sym.length;
    a.focus();
    this.updateFeedback();
  }

  /**
   * Live feedback on the draft: the server's own reading (the `preview`
   * request, answered to this page only), asked a quarter of a second after
   * the last key, so the page and the checker never disagree.
   */
  updateFeedback() {
    const text = this.editor.area.value;
    clearTimeout(this.previewTimer);
    if (!text.trim()) {
      fillDom(this.editor.feedback, 'Write your Solution here.');
      this.editor.feedback.className = 'feedback';
      this.editor.preview.textContent = '';
      return;
    }
    this.editor.feedback.className = 'feedback pending';
    this.previewTimer = setTimeout(async () => {
      const r = await this.conn.preview(text);
      if (this.editor.area.value !== text) return;
      if (!r) {
        fillDom(this.editor.feedback, 'Not connected: the server reads your Solution when the connection is back.');
        this.editor.feedback.className = 'feedback warn';
        return;
      }
      this.showPreview(r);
    }, 250);
  }

  /** @param {import('./types.js').Preview} r */
  showPreview(r) {
    const fb = this.editor.feedback;
    if (!r.ok) {
      const where = [r.line ? `line ${r.line}` : '', r.column ? `column ${r.column}` : ''].filter(Boolean).join(', ');
      fillDom(fb, `${where ? `${where}: ` : ''}${r.message ?? 'this does not read as a Solution'}`, r.rule && r.rule !== '-' ? dh('small', { class: 'rule' }, r.rule) : null);
      fb.className = 'feedback warn';
      this.editor.preview.textContent = '';
      return;
    }
    const sols = r.solutions ?? [];
    const two = sols.length > 1;
    const noName = sols.findIndex((x) => x.set_names === 0);
    const many = sols.findIndex((x) => x.set_names > 1);
    this.editor.preview.textContent = `Reads as: ${r.reads ?? ''}`;
    if (noName >= 0) {
      fillDom(fb, `${two ? `Solution ${noName + 1} needs` : 'A Solution needs'} one Set-Name part (a part without = or ⊆) `, dh('small', { class: 'rule' }, 'VI-A'));
      fb.className = 'feedback warn';
    } else if (many >= 0) {
      fillDom(fb, `Only one Set-Name part per Solution: the other parts must be Restrictions `, dh('small', { class: 'rule' }, 'VI-A'));
      fb.className = 'feedback warn';
    } else {
      const parts = sols.reduce((n, x) => n + x.set_names + x.restrictions + x.blanks, 0);
      fillDom(fb, `Reads well: ${two ? `${sols.length} Solutions, ` : ''}${parts} part${parts > 1 ? 's' : ''}. The judge decides if it is correct.`);
      fb.className = 'feedback good';
    }
  }

  present() {
    const m = this.m;
    if (!m) return;
    const p = this.legal((a) => a.type === 'present');
    if (!p) {
      this.notices.write = { text: 'You may not present a Solution now.', tone: 'error' };
      this.render();
    }
    const text = this.editor.area.value.trim();
    if (!text) {
      this.notices.write = { text: 'Write your Solution first.', tone: 'error' };
      this.render();
      return;
    }
    /** @type {Act} */
    const act = { type: 'present', solution: text };
    if (m.phase.phase === 'writing' && m.phase.kind.kind === 'no_goal') {
      if (!this.goalText) {
        this.notices.write = { text: 'Build the Goal you are solving first.', tone: 'error' };
        this.render();
        return;
      }
      act.goal = this.goalText;
    }
    this.mineSent = text;
    this.shown[m.you ?? -1] = text;
    this.act('write', act);
  }

  /**
   * 2019-20 VII-A-3: after a challenge the Third Party joins a side: by
   * declaring it (`join_side`), or the writer by presenting and the other
   * player by not presenting.
   * @returns {{writer: string, other: string, writerSide: 'challenger'|'mover'}|null} the sides' names, or null
   */
  joinSides() {
    const m = this.m;
    const ph = m?.phase;
    if (!m?.third_party_joins || ph?.phase !== 'writing' || ph.kind.kind !== 'challenge') return null;
    const ch = `Challenger (${m.players[ph.kind.challenger]})`;
    const mv = `Mover (${m.players[ph.kind.mover]})`;
    return ph.kind.challenge === 'now' ? { writer: ch, other: mv, writerSide: 'challenger' } : { writer: mv, other: ch, writerSide: 'mover' };
  }

  /**
   * The Solution box. The editor (a textarea kept outside the renderer) stays
   * at one place among four children — what comes before it, it, what comes
   * after it — so that no update ever moves it and its focus, caret and
   * selection are kept (docs/web-client.md).
   */
  renderWriting() {
    const m = this.m;
    const head = h('h2', { id: 'writing-title' }, 'Your Solution');
    const ph = m?.phase;
    const canPresent = this.has('present');
    /** @param {any[]} before @param {any[]} after */
    const out = (before, after) => this.sec('writing', head, h('div', { class: 'writing-before' }, ...before), raw(this.editor.box, 'editor'), h('div', { class: 'writing-after' }, ...after));
    if (!m || m.you === null || !ph || (ph.phase !== 'writing' && ph.phase !== 'moves' && ph.phase !== 'goal' && ph.phase !== 'variations')) {
      this.editor.box.hidden = !m || m.you === null;
      return out([h('p', { class: 'small' }, m?.you === null ? 'Spectators do not write.' : 'You can draft a Solution here while cubes are moved; it stays on your screen only.')], []);
    }
    this.editor.box.hidden = false;
    const mine = ph.phase === 'writing' ? ph.writers[m.you] : null;
    const decline = this.legal((a) => a.type === 'decline');
    /** @type {any[]} */
    const before = [];
    if (mine?.presented) {
      before.push(h('p', null, 'You presented:'), h('pre', { class: 'solution-shown' }, mine.presented.solution || this.mineSent || ''));
      this.editor.box.hidden = true;
    } else {
      before.push(h('p', { class: 'small' }, 'Private: nobody else sees it until you present it ', h('small', { class: 'rule' }, 'VII-C-2'), '. ASCII works: U ∪, n ∩, - −, \' ′, ^ Λ, < ⊆. Parts go on separate lines or after “;”.'));
      if (ph.phase === 'writing' && ph.kind.kind === 'no_goal' && canPresent) {
        before.push(h('p', null, 'First write the Goal you solve (its digits must be showing on Resources cubes):'), this.goalBuilder(m, 'write'));
      }
    }
    /** @type {any[]} */
    const after = [];
    const joins = ph.phase === 'writing' && mine?.role === 'may' ? this.joinSides() : null;
    // 2019-20 VII-A-3: the Third Party declares a side (join_side); presenting also joins the writer.
    const joinWriter = joins ? this.legal((a) => a.type === 'join_side' && a.side === joins.writerSide) : null;
    const joinOther = joins ? this.legal((a) => a.type === 'join_side' && a.side !== joins.writerSide) : null;
    if (canPresent || decline || joinWriter || joinOther) {
      after.push(h('div', { class: 'actions' },
        joinWriter ? this.btn(`Join the ${joins?.writer} (I will write a Solution)`, () => this.act('write', joinWriter), { key: 'join-writer' }) : null,
        canPresent ? this.btn(joins ? `Join the ${joins.writer}: present my Solution` : 'Present my Solution', () => this.present(), { key: 'present', kbd: 'Ctrl+Enter', cls: 'primary' }) : null,
        joinOther ? this.btn(`Join the ${joins?.other} (no Solution)`, () => this.act('write', joinOther), { key: 'join-other' })
          : decline ? this.btn('I will not write (decline)', () => this.act('write', decline), { key: 'decline' }) : null));
    }
    after.push(this.notice('write'));
    return out(before, after);
  }

  // ---------------------------------------------------------------- verdicts, log, scores

  /**
   * The verdicts: the Solutions being checked, then each recent shake's
   * verdicts and score as a disclosure — open while the shake is on the
   * table, then closed but kept, one click away, however fast the next
   * shake starts; an open "Why?" keeps its shake open (X, VII-C).
   */
  renderVerdicts() {
    const m = this.m;
    const head = h('h2', { id: 'verdicts-title' }, 'Verdicts');
    if (!m) {
      return this.sec('verdictsEl', head, h('p', { class: 'small' }, 'None yet.'));
    }
    /** @type {any[]} */
    const items = [];
    const ph = m.phase;
    if (ph.phase === 'checking') {
      ph.queue.forEach((w, k) => {
        const decided = ph.correct[w];
        items.push(h('li', { class: decided === null ? '' : decided ? 'good' : 'bad', key: `q-${w}` },
          h('b', null, `${who(m, w)}: `), h('code', null, ph.writers[w]?.presented?.solution ?? ''),
          decided === null ? (k === ph.current ? ' — being checked' : ' — waiting') : decided ? ' — correct ✓' : ' — not correct ✗'));
      });
    }
    const records = [...this.shakes.values()].filter((r) => r.items.length || r.score).sort((a, b) => b.shake - a.shake);
    return this.sec('verdictsEl', head,
      items.length ? h('ul', { class: 'verdict-list checking', key: 'queue' }, ...items) : null,
      records.length || items.length ? null : h('p', { class: 'small', key: 'none' }, 'When Solutions are checked, the result and the reasons (with their rule) appear here.'),
      ...records.map((r) => this.shakeVerdicts(m, r)));
  }

  /**
   * One shake's verdicts and score, as a disclosure kept by its shake number.
   * @param {MatchView} m
   * @param {ShakeRecord} r
   */
  shakeVerdicts(m, r) {
    const now = this.current(r.shake);
    const whyOpen = r.items.some((v) => v.position && document.querySelector(`#shake-${r.shake} details.why[open]`));
    const open = this.shakeOpen[r.shake] ?? (now || !!whyOpen);
    this.shakeDrawn[r.shake] = open;
    const verdicts = r.items.map((v, i) => h('li', { class: v.correct ? 'good' : 'bad', dataset: { writer: v.writer }, key: `v-${i}` },
      h('b', null, `${who(m, v.writer)}${v.writer === m.you ? 'r' : '’s'} Solution`), v.text ? [' ', h('code', null, v.text)] : null,
      v.correct ? ' is correct ✓' : ' is not correct ✗',
      v.reasons.length ? h('ul', { class: 'reasons' }, ...v.reasons.map((x) => h('li', null, withRules(x)))) : null,
      whyView(v.position, v.text, `why-${v.writer}`)));
    const sc = r.score;
    const score = sc ? h('div', { class: 'score-why', id: now ? 'score-why' : undefined, key: 'score' }, h('b', null, `Shake ${sc.shake} is scored `, h('small', { class: 'rule' }, 'X')),
      h('ul', null, ...sc.lines.map((l) => h('li', { dataset: { player: l.player } },
        h('b', null, `${who(m, l.player)}: ${l.points} point${l.points === 1 ? '' : 's'}`),
        l.penalty ? h('span', { class: 'pen' }, ` (penalties ${l.penalty})`) : null,
        l.why ? [` — ${l.why} `, h('small', { class: 'rule' }, l.rule)] : null)))) : null;
    const summary = `Shake ${r.shake}: ${r.items.length ? `${r.items.length} Solution${r.items.length === 1 ? '' : 's'} judged` : 'no Solution judged'}${sc ? ', scored' : ''}`;
    return h('details', {
      class: `shake-verdicts${now ? ' current' : ''}`, id: `shake-${r.shake}`, key: `shake-${r.shake}`, open,
      ontoggle: (/** @type {Event} */ e) => {
        // Only the player's own clicks are remembered, not the renderer's.
        const o = /** @type {HTMLDetailsElement} */ (e.target).open;
        if (o !== this.shakeDrawn[r.shake]) this.shakeOpen[r.shake] = o;
        this.shakeDrawn[r.shake] = o;
      },
    }, h('summary', null, summary),
    verdicts.length ? h('ul', { class: 'verdict-list' }, ...verdicts) : null,
    score);
  }

  /**
   * Whether what happened in `shake` is still on the table: the shake
   * itself, or the one just scored until the next shake's cubes are rolled.
   * @param {number} shake
   */
  current(shake) {
    const m = this.m;
    if (!m) return false;
    if (shake === m.shake) return true;
    return shake === m.shake - 1 && m.phase.phase === 'setup' && !m.phase.rolled;
  }

  renderHappenings() {
    const list = h('ol', { class: 'log', reversed: true }, ...this.log.slice(0, 40).map((l) => h('li', { class: `tone-${l.tone}` }, ruleNote(l.text, l.rule))));
    return this.sec('happenings', h('h2', { id: 'happenings-title' }, 'What happened'), this.log.length ? list : h('p', { class: 'small' }, 'Nothing yet.'));
  }

  renderScores() {
    const m = this.m;
    const head = h('h2', { id: 'scores-title' }, 'Scoresheet ', h('small', { class: 'rule' }, 'XII-B'));
    if (!m) {
      return this.sec('scores', head, h('p', { class: 'small' }, 'Scores appear when the match starts.'));
    }
    const table = h('table', { class: 'scoresheet', id: 'scoresheet-table' },
      h('thead', null, h('tr', null, h('th', null, 'Shake'), ...m.players.map((p, i) => h('th', null, i === m.you ? `${p} (you)` : p)), h('th', null, 'Note'))),
      h('tbody', null,
        ...m.history.map((r) => h('tr', { class: r.void ? 'void' : '' },
          h('td', null, String(r.shake), r.goal_setter >= 0 ? h('small', null, ` (${m.players[r.goal_setter]} set)`) : null),
          ...r.points.map((p, i) => h('td', { class: 'num' }, String(p), r.penalties[i] ? h('span', { class: 'pen' }, ` ${r.penalties[i]}`) : null)),
          h('td', { class: 'note' }, r.void ? 'void' : r.note))),
        m.penalties.some((x) => x) ? h('tr', { class: 'current' }, h('td', null, `${m.shake} (now)`), ...m.penalties.map((p) => h('td', { class: 'num pen' }, p ? String(p) : '')), h('td', null, 'penalties so far')) : null),
      h('tfoot', null,
        h('tr', null, h('th', null, 'Total'), ...m.totals.map((t) => h('th', { class: 'num' }, String(t))), h('td', null)),
        m.match_points ? h('tr', null, h('th', null, 'Match points'), ...m.match_points.map((t) => h('th', { class: 'num' }, String(t))), h('td', null, h('small', { class: 'rule' }, 'XII-A'))) : null),
    );
    return this.sec('scores', head, table, h('p', { class: 'small' }, 'Penalties are shown in red beside the points. ', h('small', { class: 'rule' }, 'X, XI-A')));
  }

  // ---------------------------------------------------------------- help and keys

  /**
   * The live region a screen reader reads: the last events of the table, in
   * words, as they come (WCAG 4.1.3).
   */
  announcer() {
    const last = this.log.slice(0, 3).reverse();
    return h('div', { id: 'announcer', class: 'sr-only', role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions', key: 'announcer' },
      ...last.map((l) => h('p', { key: `a-${l.seq}` }, l.text)));
  }

  renderHelp() {
    const rows = [
      ['?', 'Open or close this help'],
      ['Tab / Shift+Tab', 'Go to the next / previous control'],
      ['Enter or Space', 'Press the focused button, pick the focused cube or mark the focused card'],
      ['M', 'Go to the first cube in Resources'],
      ['R / P / F', 'Move the picked cube to Required / Permitted / Forbidden (or shift it from Permitted)'],
      ['X', 'Say “Bonus” and move the picked cube to Forbidden'],
      ['Esc', 'Put the picked cube back / close this help'],
      ['N', 'Challenge Now'],
      ['I', 'Challenge Impossible'],
      ['D', 'Go to “What to do now”'],
      ['W', 'Go to your Solution box'],
      ['Ctrl+Enter', 'Present your Solution (in the Solution box)'],
      ['U', 'Go to the Universe chart'],
      ['C', 'Charge illegal procedure (when one is pending)'],
      ['S', 'Go to the scoresheet'],
    ];
    const close = h('button', { type: 'button', dataset: { key: 'help-close' }, onclick: () => this.toggleHelp() }, 'Close ', h('kbd', null, 'Esc'));
    return h('aside', { class: 'help', id: 'help', key: 'help', hidden: !this.helpOpen, role: 'dialog', 'aria-label': 'Help and keyboard shortcuts' },
      h('h2', null, 'How to play here'),
      h('ol', { class: 'how' },
        h('li', null, 'The Goal-setter rolls the cubes and the dealer deals cards: that is the Universe ', h('small', { class: 'rule' }, 'II'), '.'),
        h('li', null, 'In Adventurous On-Sets each player picks a variation ', h('small', { class: 'rule' }, 'II-C'), '.'),
        h('li', null, 'The Goal-setter puts digit cubes in the Goal: side by side adds, one above the other multiplies, upside-down is negative ', h('small', { class: 'rule' }, 'III-B'), '.'),
        h('li', null, 'Players take turns moving one cube from Resources to Required, Permitted or Forbidden ', h('small', { class: 'rule' }, 'IV'), '.'),
        h('li', null, 'After any move, another player may challenge: Now or Impossible ', h('small', { class: 'rule' }, 'V'), '.'),
        h('li', null, 'Then Solutions are written, presented and checked; points are scored ', h('small', { class: 'rule' }, 'VII, X'), '.'),
      ),
      h('h3', null, 'Keyboard'),
      h('table', { class: 'keys' }, h('tbody', null, ...rows.map(([k, v]) => h('tr', null, h('td', null, h('kbd', null, k)), h('td', null, v))))),
      h('p', { class: 'small' }, 'Shortcut letters work when you are not typing in a box. Buttons only appear when the rules let you act; if the server refuses something, the reason and the rule appear next to it.'),
      close,
    );
  }

  toggleHelp() {
    this.helpOpen = !this.helpOpen;
    this.render();
    if (this.helpOpen) /** @type {HTMLElement|null} */ (this.root.querySelector('#help button'))?.focus();
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const t = /** @type {HTMLElement} */ (e.target);
    const typing = t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT');
    if (e.key === 'Escape') {
      if (this.helpOpen) this.toggleHelp();
      else if (this.selected !== null) {
        const id = this.selected;
        this.selected = null;
        this.render();
        /** @type {HTMLElement|null} */ (this.root.querySelector(`[data-key="cube-${id}"]`))?.focus();
      } else if (typing) t.blur();
    }
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key.toLowerCase();
    const focus = (/** @type {string} */ sel) => {
      const el = /** @type {HTMLElement|null} */ (this.root.querySelector(sel));
      if (el) {
        el.focus();
        el.scrollIntoView({ block: 'nearest' });
      }
    };
    if (e.key === '?') {
      e.preventDefault();
      this.toggleHelp();
      return;
    }
    const m = this.m;
    if (!m) return;
    if (['r', 'p', 'f', 'x'].includes(k) && this.selected !== null) {
      const tg = this.targets(this.selected).find((x) => x.kbd.toLowerCase() === k);
      e.preventDefault();
      if (tg) this.act(m.phase.phase === 'goal' ? 'goal' : 'mat', tg.act);
      else {
        this.notices.mat = { text: 'That move is not possible for this cube now.', tone: 'error' };
        this.render();
      }
      return;
    }
    switch (k) {
      case 'n':
      case 'i': {
        const kind = k === 'n' ? 'now' : 'impossible';
        const a = this.legal((x) => x.type === 'challenge' && x.kind === kind);
        e.preventDefault();
        if (a) this.act('challenge', a);
        else if (m.block === m.you && m.you !== null) this.act('now', { type: 'challenge', kind });
        else {
          this.notices.challenge = { text: `You cannot challenge ${kind === 'now' ? 'Now' : 'Impossible'} at this moment.`, tone: 'error' };
          this.render();
        }
        return;
      }
      case 'm':
        e.preventDefault();
        focus('#sec-resources .cube.movable, #sec-resources .cube, #sec-permitted .cube.movable');
        return;
      case 'd':
        e.preventDefault();
        focus('#now button:not([disabled]), #now input, #now select');
        return;
      case 'w':
        e.preventDefault();
        if (!this.editor.box.hidden) this.editor.area.focus();
        return;
      case 'u':
        e.preventDefault();
        focus('#universe .card');
        return;
      case 's':
        e.preventDefault();
        document.getElementById('scoresheet')?.scrollIntoView();
        focus('#scoresheet h2');
        return;
      case 'c':
        if (m.pending.some((p) => p.offender !== m.you)) {
          e.preventDefault();
          this.act('now', { type: 'charge_illegal_procedure' });
        }
        return;
      default:
    }
  }
}

/** A small drawing of a Goal layout's cells. @param {[number, number][]} cells */
function layoutPicture(cells) {
  return h('span', { class: 'layout-pic', 'aria-hidden': 'true' },
    ...cells.map(([r, c]) => h('span', { class: 'cell', style: { gridRow: String(r + 1), gridColumn: Number.isInteger(c) ? String(c * 2 + 1) + ' / span 2' : '2 / span 2' } })));
}
