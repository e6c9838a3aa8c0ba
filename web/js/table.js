// The table: seats, the Universe, the mat, the Goal builder, the variation
// sheet, the challenge block, the Solution editor, checking, verdicts, timers
// and the scoresheet. Every button comes from `match.legal` where the server
// lists the act; every refusal is shown next to where the player acted.

import { positionFromView } from './explain.js';
import { reviewLink } from './review.js';
import { TableConnection, savedSeat } from './api.js';
import { h, mount, onRedraw, raw, withRules } from './components/vdom.js';
import { cap, seatName } from './lobby.js';
import { challengeBlock } from './table/challenges.js';
import { clockText, runningClockView, tickClocks } from './components/clock.js';
import { makeEditor, updateFeedback } from './table/editor.js';
import { goalBuilder } from './table/goal-builder.js';
import { renderHelp } from './table/help.js';
import { announcer, renderHappenings, renderScores } from './table/history.js';
import { readerOn, renderReader } from './table/reader.js';
import { moveBar, renderMat } from './table/mat.js';
import { renderUniverse } from './table/universe.js';
import { variationSheet } from './table/variations.js';
import { renderVerdicts } from './table/verdicts.js';
import { checkingPanel, writingPanel } from './table/writing.js';
import { faceWords } from './pictures.js';
import { eventWords, goalWords, placeWords, scoreReasons, taskWords, variationShort, who } from './words.js';
import { cite } from './rules.js';
import { KEYS, keep, kept } from './components/store.js';

/** @typedef {import('./types.js').MatchView} MatchView */
/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').ServerMsg} ServerMsg */
/** @typedef {import('./types.js').Act} Act */
/** @typedef {import('./types.js').Cube} Cube */
/** @typedef {import('./types.js').Timer} Timer */
/** @typedef {import('./types.js').GameEvent} GameEvent */
/** @typedef {import('./types.js').CubeAct} CubeAct */
/** @typedef {{version: number, shake: number, events: GameEvent[]}} MatchRecent a `state` frame's `recent` at a match's table */
/** @typedef {{text: string, rule?: string, tone?: string}} Notice */
/** @typedef {{writer: number, correct: boolean, reasons: string[], text: string, position?: import('./types.js').PositionJson|null}} Verdict */
/** @typedef {{player: number, points: number, penalty: number, why: string, rule: string}} ScoreLine */
/** @typedef {{shake: number, items: Verdict[], score: {shake: number, lines: ScoreLine[]}|null}} ShakeRecord */

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
    /** The Goal the Goal builder shows, in notation ('' when incomplete). */
    this.goalText = '';
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
    this.editor = makeEditor(this);
    this.page = mount(root);
    this.stopRedraw = onRedraw(() => this.render());
    this.conn = new TableConnection(tableId, (msg) => this.onMessage(msg), (s) => {
      this.connStatus = s;
      this.render();
    });
    if (watch && !savedSeat(tableId)) this.conn.mode = 'spectate';
    this.build();
    this.conn.connect();
    this.keys = (/** @type {KeyboardEvent} */ e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
  }

  destroy() {
    this.stopRedraw();
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
        // This page plays 2026-27 and 2019-20 tables (a 1969 table is at
        // /t69/{id}, claims1969.js): its game and events are a match's.
        this.m = /** @type {MatchView|null} */ (msg.match);
        this.receivedAt = performance.now();
        if (msg.type === 'update' && this.m) for (const e of /** @type {GameEvent[]} */ (msg.events ?? [])) this.takeEvent(e);
        if (msg.type === 'state' && this.m) this.takeHistory(/** @type {MatchRecent[]} */ (msg.recent ?? []));
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
        if (msg.code === 'seat-taken' || msg.code === 'seat-reserved' || msg.code === 'table-full' || msg.code === 'bad-name' || msg.code === 'name-taken' || msg.code === 'no-such-seat' || (msg.code === 'too-long' && msg.field === 'name')) {
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
   * @param {MatchRecent[]} recent
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
      updateFeedback(this);
    }
    if (this.selected !== null) {
      const c = m.cubes[this.selected];
      // A cube that has moved is no longer the one picked (IV-B: one move per turn).
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
      n.rule ? cite(`rule ${n.rule}`) : null,
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
      renderReader(this),
      this.renderHead(),
      this.sec('global', this.notices.global ? this.notice('global') : null),
      this.renderPlayers(),
      h('div', { class: 'table-main' },
        h('div', { class: 'col-main' }, this.renderNow(), renderMat(this), renderUniverse(this)),
        h('div', { class: 'col-side' }, this.renderWriting(), renderVerdicts(this), renderHappenings(this), renderScores(this)),
      ),
      renderHelp(this),
      readerOn() ? null : announcer(this),
    ));
    if (key && active && !document.body.contains(active)) {
      const again = /** @type {HTMLElement|null} */ (this.root.querySelector(`[data-key="${CSS.escape(key)}"]`));
      if (again) again.focus();
      else /** @type {HTMLElement|null} */ (this.root.querySelector('#now button'))?.focus();
    }
    tickClocks();
  }

  /** The server's time now, as this page reckons it from the last frame (docs/protocol.md, `now_ms`). */
  serverNow() {
    return (this.m?.now_ms ?? 0) + (performance.now() - this.receivedAt);
  }

  /**
   * A sand timer for a running task (XI-A), from the shared clock
   * (components/clock.js): due − now, ticking between updates.
   * @param {Timer} x @param {MatchView} m @param {boolean} big
   */
  timer(x, m, big) {
    // MLAG Basic 2019-20 XI-A-1-b: one limit for rolling the cubes and setting the Goal.
    const task = x.task === 'roll' && m.edition === '2019-20' && !m.adventurous ? 'rolling the cubes and setting the Goal' : taskWords(x.task);
    const title = `${who(m, x.player)}: ${task}`;
    return runningClockView({
      tag: big ? 'div' : 'span', class: `timer${big ? ' big' : ''}`, title, label: title,
      dueMs: x.due_ms, totalMs: taskTotal(x, m), now: () => this.serverNow(), penal: !!x.penal, stage: x.stage,
      after: big ? h('span', { class: 'timer-task' }, ` ${title}`) : null,
    });
  }

  renderHead() {
    const t = this.info;
    const status = { connecting: 'connecting…', open: 'connected', closed: 'reconnecting…' }[this.connStatus] ?? this.connStatus;
    const m = this.m;
    return this.sec('head', h('a', { href: '/', class: 'home', onclick: (/** @type {Event} */ e) => { e.preventDefault(); this.go('/'); } }, '← Lobby'),
      h('h1', null, 'On-Sets', h('span', { class: 'sub' }, t ? ` · ${cap(t.division)} · ${t.adventurous ? 'Adventurous' : 'Basic'}${t.edition && t.edition !== '2026-27' ? ` · ${t.edition} rules` : ''} · ${t.checking === 'players' ? 'players check' : 'judge checks'}` : '')),
      h('span', { class: 'head-info' },
        m ? runningClockView({ tag: 'span', class: 'round-clock', id: 'round-clock', title: 'Time left in the round (XI-B)', label: 'The round',
          dueMs: m.round_ms, totalMs: 0, sand: false, now: () => this.serverNow(), words: (left) => roundWords(m, left, this.serverNow()) }) : null,
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
          ...timers.map((x) => this.timer(x, m, false)),
        );
      }),
    );
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
    if (timers.length) out.push(this.timer(timers[0], m, true));
    out.push(...this.phasePanel(m));
    // Things any player may do in any phase.
    const extra = [];
    const arrive = this.legal((a) => a.type === 'arrive');
    if (arrive) extra.push(this.btn('I am at the table (arrive)', () => this.act('now', arrive), { key: 'arrive', cls: 'primary' }));
    // IV-C comment b: two cubes went to Forbidden without "Bonus"; after the
    // charge the offender chooses which one goes back.
    const returns = (m.legal ?? []).filter((a) => a.type === 'return_cube');
    if (returns.length) {
      extra.push(h('p', { class: 'big-line' }, 'You moved two cubes to Forbidden without saying “Bonus”. Choose the cube that goes back to Resources ', cite('IV-C'), '.'));
      for (const a of returns) {
        const c = m.cubes[a.cube];
        extra.push(this.btn(`Return ${c ? faceWords(c.face) : `cube ${a.cube}`}`, () => this.act('now', a), { key: `return-${a.cube}`, cls: 'primary' }));
      }
    }
    const others = m.pending.filter((p) => p.offender !== m.you);
    if (m.you !== null && others.length && !m.match_points) {
      extra.push(h('p', { class: 'small' }, `${who(m, others[others.length - 1].offender)} may have broken a rule of procedure (${others[others.length - 1].rule}). You may charge it before it stands `, cite('IX-A'), '.'),
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
    const name = kept(KEYS.name);
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
    if (this.joinName === undefined) this.joinName = kept(KEYS.name);
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
      keep(KEYS.name, n);
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
        out.push(runningClockView({ class: 'timer big block-timer', id: 'block-timer', title: '15 seconds to say Now or Impossible (XI-A-1-f)',
          label: `${W(m.block)}: stating the challenge`, dueMs: m.block_until, totalMs: 15000, now: () => this.serverNow(),
          after: h('span', { class: 'timer-task' }, ` ${W(m.block)}: stating the challenge`) }));
      }
      if (m.block === me) {
        out.push(h('p', { class: 'big-line' }, 'You hold the challenge block: say Now or Impossible within 15 seconds, or put it down (−1). ', cite('V-B, XI-A-1-f')),
          h('div', { class: 'actions' },
            this.btn('Now!', () => this.act('now', { type: 'challenge', kind: 'now' }), { key: 'ch-now', kbd: 'N', cls: 'challenge' }),
            this.btn('Impossible!', () => this.act('now', { type: 'challenge', kind: 'impossible' }), { key: 'ch-imp', kbd: 'I', cls: 'challenge' }),
            this.btn('Put the block down (−1)', () => this.act('now', { type: 'put_down_block' }), { key: 'put-down' })));
      } else out.push(h('p', { class: 'big-line' }, `${W(m.block)} picked up the challenge block. Everybody waits.`, cite('V-B')));
      return out;
    }
    switch (ph.phase) {
      case 'setup': {
        const rolls = m.legal.filter((a) => a.type === 'roll');
        const deals = m.legal.filter((a) => a.type === 'deal');
        if (!ph.rolled) {
          if (rolls.length) {
            out.push(h('p', { class: 'big-line' }, 'You are the Goal-setter: roll the cubes. ', cite('II-A')),
              h('div', { class: 'actions' }, ...rolls.map((a, i) => this.btn(a.set_out ? (a.set_out === 'two_universe_one_empty' ? 'Set out 2 V and 1 Λ, roll the rest' : 'Set out 1 V and 2 Λ, roll the rest') : 'Roll the cubes', () => this.act('now', a), { key: `roll-${i}`, cls: 'primary' }))));
            if (rolls.some((a) => a.set_out)) out.push(h('p', { class: 'small' }, 'Here the Restriction cubes are set out, not rolled ', cite('II-A-3'), '.'));
          } else out.push(h('p', null, `${W(m.goal_setter)} will roll the cubes.`));
        }
        if (!ph.dealt) {
          if (deals.length) {
            const [min, max] = m.division.toLowerCase() === 'senior' ? [10, 14] : [6, 12];
            const dflt = String(deals.find((a) => a.count === (m.cards.length ? deals[0].count : Math.min(max, Math.max(min, 8))))?.count ?? deals[0].count);
            if (!deals.some((a) => String(a.count) === this.dealCount)) this.dealCount = dflt;
            const sel = h('select', { id: 'deal-count', 'aria-label': 'How many cards', dataset: { key: 'deal-count' }, onchange: (/** @type {Event} */ e) => { this.dealCount = /** @type {HTMLSelectElement} */ (e.target).value; } },
              ...deals.map((a) => h('option', { value: a.count, selected: String(a.count) === this.dealCount }, `${a.count} card${a.count === 1 ? '' : 's'}`)));
            out.push(h('p', { class: 'big-line' }, `You are the dealer: deal the cards for the Universe (${min} to ${max} in all). `, cite('II-B')),
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
        if (selector === me) out.push(...variationSheet(this, m));
        else out.push(h('p', { class: 'big-line' }, `${W(selector)} is choosing a variation. `, cite('II-C')));
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
          out.push(h('p', { id: 'goal-arranged' }, `In the Goal section, not yet set: ${typeof a === 'string' ? goalWords(a) : `${a.description} (not a legal layout)`}. If the time runs out it is the Goal. `, cite('III-B-2-c')));
        }
        if (m.goal_setter === me) {
          const line = ph.arranged ? 'Rearrange the Goal (every cube in the Goal section stays in it) or say “Goal”. ' : ph.revise.length ? 'Your Goal was not a legal layout: build it again with the same digit cubes. ' : 'Set the Goal: pick a layout and put digit cubes in it. ';
          out.push(h('p', { class: 'big-line' }, line, cite(ph.arranged ? 'III-B-2-b' : ph.revise.length ? 'III-B-2' : 'III-B')));
          out.push(goalBuilder(this, m, 'goal'));
          const bonus = m.legal.filter((a) => a.type === 'move' && a.bonus);
          if (bonus.length && ph.bonus === null) out.push(h('p', { class: 'small' }, 'Before the Goal you may say “Bonus” and move one cube to Forbidden: pick it on the mat, then press ', h('kbd', null, 'X'), '. ', cite('III-C')));
          const ng = this.legal((a) => a.type === 'declare_no_goal');
          if (ng) out.push(h('div', { class: 'actions' }, this.btn('No Goal can be made (declare “no Goal”)', () => this.act('goal', ng), { key: 'no-goal' })), h('p', { class: 'small' }, 'Only if no Goal has a correct Solution. ', cite('III-D')));
          out.push(this.notice('goal'));
        } else out.push(h('p', { class: 'big-line' }, `${W(m.goal_setter)} is setting the Goal.`, cite('III')));
        break;
      case 'no_goal': {
        const agree = this.legal((a) => a.type === 'agree_no_goal');
        const ch = this.legal((a) => a.type === 'challenge' && a.kind === 'no_goal');
        out.push(h('p', { class: 'big-line' }, `${W(m.goal_setter)} says no Goal can be made. `, cite('III-D')));
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
        out.push(h('p', { class: 'big-line' }, mine ? 'Your turn: pick a cube in Resources, then say where it goes.' : `${W(ph.turn)}'s turn to move a cube.`, ' ', cite('IV-A, IV-B')));
        if (mine) {
          out.push(moveBar(this, m));
          const bonus = m.legal.some((a) => a.type === 'move' && a.bonus);
          if (bonus && ph.bonus === null) out.push(h('p', { class: 'small' }, 'You may first say “Bonus” and move one cube to Forbidden, then make your regular move ', cite('IV-C'), '.'));
          if (m.legal.some((a) => a.type === 'shift')) out.push(h('p', { class: 'small' }, 'Shift from Permitted is in force: instead of a move you may shift a cube from Permitted to Required or Forbidden ', cite('XIII-A-7'), '.'));
          out.push(this.notice('mat'));
        }
        out.push(challengeBlock(this, m));
        break;
      }
      case 'writing':
        out.push(...writingPanel(this, m, ph));
        break;
      case 'checking':
        out.push(...checkingPanel(this, m, ph));
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

  /**
   * The legal moves of one cube, with their keys.
   * @param {number} id
   * @returns {{label: string, kbd: string, act: CubeAct}[]}
   */
  targets(id) {
    const m = this.m;
    if (!m) return [];
    const out = [];
    for (const a of m.legal) {
      if ((a.type !== 'move' && a.type !== 'shift') || a.cube !== id) continue;
      if (a.type === 'move' && a.bonus) out.push({ label: 'Bonus → Forbidden', kbd: 'X', act: a });
      else if (a.type === 'move') out.push({ label: `To ${placeWords(a.to)}`, kbd: a.to[0].toUpperCase(), act: a });
      else if (a.type === 'shift') out.push({ label: `Shift to ${placeWords(a.to)}`, kbd: a.to[0].toUpperCase(), act: a });
    }
    return out;
  }

  // ---------------------------------------------------------------- the mat

  // ---------------------------------------------------------------- Universe

  // ---------------------------------------------------------------- writing

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
      before.push(h('p', { class: 'small' }, 'Private: nobody else sees it until you present it ', cite('VII-C-2'), '. ASCII works: U ∪, n ∩, - −, \' ′, ^ Λ, < ⊆. Parts go on separate lines or after “;”.'));
      if (ph.phase === 'writing' && ph.kind.kind === 'no_goal' && canPresent) {
        before.push(h('p', null, 'First write the Goal you solve (its digits must be showing on Resources cubes):'), goalBuilder(this, m, 'write'));
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

  // ---------------------------------------------------------------- help and keys

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


/**
 * The time each task starts with, to draw the sand (XI-A-1).
 * @param {Timer} t @param {MatchView} m
 */
export function taskTotal(t, m) {
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

/**
 * What the round's clock says (XI-B): the time left, then that the round is
 * over (and how long the shake in play may finish), or that the match is.
 * @param {MatchView} m @param {number} left @param {number} now
 */
function roundWords(m, left, now) {
  if (m.match_points) return 'Match over';
  if (m.round_up) return m.stop_at ? `Round over · finish in ${Math.max(0, Math.ceil((m.stop_at - now) / 1000))} s` : 'Round over';
  return `Round: ${clockText(left)} left`;
}
