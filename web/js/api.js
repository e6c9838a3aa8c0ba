// The game server's protocol (docs/protocol.md): HTTP for the lobby, one
// WebSocket for a table, with reconnect and rejoin using the seat's token.

/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').ServerMsg} ServerMsg */
/** @typedef {import('./types.js').Act} Act */
/** @typedef {import('./types.js').Preview} Preview */

/** @returns {Promise<TableInfo[]>} */
export async function listTables() {
  const r = await fetch('/api/tables?limit=100');
  if (!r.ok) throw new Error(`the server answered ${r.status}`);
  const body = await r.json();
  return body.tables;
}

/**
 * @param {object} spec the body of POST /api/tables
 * @returns {Promise<TableInfo>}
 */
export async function createTable(spec) {
  const r = await fetch('/api/tables', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) {
    const e = body.error || {};
    throw new Error(`${e.message || 'the table could not be made'}${e.field ? ` (${e.field})` : ''}`);
  }
  return body;
}

/** @param {string} table */
function tokenKey(table) {
  return `onsets:seat:${table}`;
}

/**
 * The seat kept for a table in this browser.
 * @param {string} table
 * @returns {{token: string, seat: number, name: string} | null}
 */
export function savedSeat(table) {
  try {
    const s = localStorage.getItem(tokenKey(table));
    return s ? JSON.parse(s) : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} table
 * @param {{token: string, seat: number, name: string} | null} seat
 */
export function saveSeat(table, seat) {
  try {
    if (seat) localStorage.setItem(tokenKey(table), JSON.stringify(seat));
    else localStorage.removeItem(tokenKey(table));
  } catch {
    /* private mode: the seat lasts as long as the page */
  }
}

/**
 * @typedef {{ok: true, version: number} | {ok: false, code: string, rule: string, message: string}} ActResult
 */

/**
 * One table's connection. It reconnects by itself (with growing pauses) and,
 * once it has a token, rejoins the seat; otherwise it spectates again if it
 * was spectating.
 */
export class TableConnection {
  /**
   * @param {string} table
   * @param {(msg: ServerMsg) => void} onMessage every frame from the server
   * @param {(status: 'connecting'|'open'|'closed') => void} onStatus
   */
  constructor(table, onMessage, onStatus) {
    this.table = table;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    /** @type {WebSocket|null} */
    this.ws = null;
    /** @type {string|null} */
    this.token = null;
    /** @type {'none'|'join'|'spectate'} */
    this.mode = 'none';
    this.nextRef = 1;
    /** @type {Map<number, (r: ActResult) => void>} */
    this.waiting = new Map();
    /** @type {Map<number, (r: Preview|null) => void>} */
    this.previews = new Map();
    this.retry = 0;
    this.closed = false;
    /** @type {ReturnType<typeof setInterval>|undefined} */
    this.pinger = undefined;
    const saved = savedSeat(table);
    if (saved) {
      this.token = saved.token;
      this.mode = 'join';
    }
  }

  connect() {
    this.onStatus('connecting');
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    // The table in the URL: a balancer keeps one table's connections on one instance (deploy/haproxy.cfg).
    const ws = new WebSocket(`${proto}//${location.host}/ws?table=${encodeURIComponent(this.table)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus('open');
      if (this.token) this.send({ type: 'rejoin', table: this.table, token: this.token });
      else if (this.mode === 'spectate') this.send({ type: 'spectate', table: this.table });
      else this.send({ type: 'spectate', table: this.table });
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: 'ping' }), 25000);
    };
    ws.onmessage = (e) => {
      /** @type {ServerMsg} */
      let msg;
      try {
        msg = JSON.parse(String(e.data));
      } catch {
        return;
      }
      if (msg.type === 'accepted' || msg.type === 'rejected') {
        const done = this.waiting.get(msg.ref);
        if (done) {
          this.waiting.delete(msg.ref);
          done(
            msg.type === 'accepted'
              ? { ok: true, version: msg.version }
              : { ok: false, code: msg.code, rule: msg.rule, message: msg.message },
          );
        }
      }
      if (msg.type === 'previewed') {
        const done = this.previews.get(msg.ref);
        if (done) {
          this.previews.delete(msg.ref);
          done(/** @type {Preview} */ (/** @type {unknown} */ (msg)));
        }
        return;
      }
      if (msg.type === 'joined') {
        this.token = msg.token;
        this.mode = 'join';
        saveSeat(this.table, { token: msg.token, seat: msg.seat, name: msg.name });
      }
      if (msg.type === 'error' && msg.code === 'bad-token' && this.token) {
        // The saved seat is not valid here any more (e.g. a new database).
        this.token = null;
        this.mode = 'spectate';
        saveSeat(this.table, null);
        this.send({ type: 'spectate', table: this.table });
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      clearInterval(this.pinger);
      for (const done of this.waiting.values()) {
        done({ ok: false, code: 'disconnected', rule: '', message: 'The connection was lost before the server answered. Look again and retry.' });
      }
      this.waiting.clear();
      for (const done of this.previews.values()) done(null);
      this.previews.clear();
      if (this.closed) return;
      this.onStatus('closed');
      const pause = Math.min(10000, 500 * 2 ** this.retry++);
      setTimeout(() => this.connect(), pause);
    };
  }

  /** @param {object} msg */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ v: 1, ...msg }));
      return true;
    }
    return false;
  }

  /**
   * Take a seat.
   * @param {string} name
   * @param {number|undefined} seat
   */
  join(name, seat) {
    this.mode = 'join';
    // A reserved seat's key, from the player's link (docs/protocol.md).
    const key = new URLSearchParams(location.search).get('key');
    this.send({ type: 'join', table: this.table, name, ...(seat === undefined ? {} : { seat }), ...(key ? { key } : {}) });
  }

  /**
   * Act for this seat; the promise tells whether the server took it.
   * @param {Act} act an engine act without `player`
   * @returns {Promise<ActResult>}
   */
  act(act) {
    const { player: _drop, ...clean } = act;
    const ref = this.nextRef++;
    return new Promise((resolve) => {
      if (!this.token) {
        resolve({ ok: false, code: 'no-seat', rule: 'I-A', message: 'You are watching: take a seat to play.' });
        return;
      }
      this.waiting.set(ref, resolve);
      if (!this.send({ type: 'act', ref, token: this.token, act: clean })) {
        this.waiting.delete(ref);
        resolve({ ok: false, code: 'disconnected', rule: '', message: 'Not connected to the server right now; it is reconnecting.' });
      }
    });
  }

  /**
   * The core's reading of a draft Solution (`preview`, docs/protocol.md):
   * answered to this connection only; the draft is never broadcast. Null
   * when not connected.
   * @param {string} text
   * @returns {Promise<Preview|null>}
   */
  preview(text) {
    const ref = this.nextRef++;
    return new Promise((resolve) => {
      this.previews.set(ref, resolve);
      if (!this.send({ type: 'preview', ref, text })) {
        this.previews.delete(ref);
        resolve(null);
      }
    });
  }

  close() {
    this.closed = true;
    clearInterval(this.pinger);
    this.ws?.close();
  }
}
