// The game server's protocol (docs/protocol.md): HTTP for the lobby, one
// WebSocket for a table, with reconnect and rejoin using the seat's token.

import { keep, kept, tableKey } from './components/store.js';

/** @typedef {import('./types.js').TableInfo} TableInfo */
/** @typedef {import('./types.js').ServerMsg} ServerMsg */
/** @typedef {import('./types.js').Act} Act */
/** @typedef {import('./types.js').Preview} Preview */
/** @typedef {import('./types.js').ClientMsg} ClientMsg */

/**
 * One request of the server's HTTP API (docs/protocol.md): its JSON body, or
 * an Error with the server's message (and the field it names, if any). Every
 * page asks the server through here or `TableConnection`.
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<any>}
 */
export async function request(url, init) {
  const r = await fetch(url, init);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) {
    const e = body?.error ?? {};
    throw new Error(`${e.message || `the server answered ${r.status}`}${e.field ? ` (${e.field})` : ''}`);
  }
  return body;
}

/**
 * A JSON body POSTed (the API takes JSON only).
 * @param {string} url
 * @param {unknown} body
 */
export function postJson(url, body) {
  return request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * A text the server serves (a log): the text, or `null` when there is none (404).
 * @param {string} url
 * @returns {Promise<string|null>}
 */
export async function getText(url) {
  const r = await fetch(url);
  if (r.ok) return r.text();
  if (r.status === 404) return null;
  throw new Error(`the server answered ${r.status}`);
}

/**
 * A JSON request whose every answer the page reads itself (a refusal's body
 * included): the status and the parsed body (`null` when none). Sent with the
 * session cookie (docs/ratings.md); never throws on an HTTP status.
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 * @returns {Promise<{status: number, body: any}>}
 */
export async function call(method, url, body) {
  /** @type {RequestInit} */
  const init = { method, credentials: 'same-origin', headers: {} };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const r = await fetch(url, init);
  let parsed = null;
  try {
    parsed = await r.json();
  } catch {
    parsed = null;
  }
  return { status: r.status, body: parsed };
}

/**
 * A file the server makes from a JSON body (a PDF): its bytes as a Blob, or
 * an Error with the server's message.
 * @param {string} url
 * @param {unknown} body
 * @returns {Promise<Blob>}
 */
export async function postForBlob(url, body) {
  const r = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (r.ok) return r.blob();
  const e = (await r.json().catch(() => ({})))?.error ?? {};
  throw new Error(`${e.message || `the server answered ${r.status}`}${e.field ? ` (${e.field})` : ''}`);
}

/**
 * A stream of the server's events (Server-Sent Events, docs/protocol.md): each
 * named event calls its handler (`open` when the stream (re)connects, as the
 * browser reconnects by itself). Returns the function that closes it.
 * @param {string} url
 * @param {Record<string, () => void>} handlers by event name
 * @returns {() => void}
 */
export function liveEvents(url, handlers) {
  const events = new EventSource(url);
  for (const [name, f] of Object.entries(handlers)) events.addEventListener(name, () => f());
  return () => events.close();
}

/**
 * The WebSocket of a Puzzle Race (`/ws/race`, docs/practice.md "Race"); `race=`
 * is the balancer's routing key (deploy/haproxy.cfg), the server reads the frames.
 * @param {string} id
 * @returns {WebSocket}
 */
export function raceSocket(id) {
  return new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/race?race=${encodeURIComponent(id)}`);
}

/** @returns {Promise<TableInfo[]>} */
export async function listTables() {
  const body = await request('/api/tables?limit=100');
  return body.tables;
}

/**
 * @param {object} spec the body of POST /api/tables
 * @returns {Promise<TableInfo>}
 */
export async function createTable(spec) {
  return postJson('/api/tables', spec);
}

/**
 * The seat kept for a table in this browser (components/store.js).
 * @param {string} table
 * @returns {{token: string, seat: number, name: string} | null}
 */
export function savedSeat(table) {
  try {
    const s = kept(tableKey('seat', table));
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
  keep(tableKey('seat', table), seat ? JSON.stringify(seat) : null);
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
    /** A join sent whose `joined` has not come: sent again, with the same key, after a reconnection. */
    /** @type {{type: 'join', table: string, name: string, key: string, seat?: number}|null} */
    this.pendingJoin = null;
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
      else if (this.pendingJoin) this.send(this.pendingJoin);
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
        const ref = msg.ref ?? -1;
        const done = this.waiting.get(ref);
        if (done) {
          this.waiting.delete(ref);
          done(
            msg.type === 'accepted'
              ? { ok: true, version: msg.version }
              : { ok: false, code: msg.code, rule: msg.rule, message: msg.message },
          );
        }
      }
      if (msg.type === 'previewed') {
        const ref = msg.ref ?? -1;
        const done = this.previews.get(ref);
        if (done) {
          this.previews.delete(ref);
          done(msg);
        }
        return;
      }
      if (msg.type === 'joined' || msg.type === 'error') this.pendingJoin = null;
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

  /** @param {ClientMsg} msg a client message (docs/protocol.md) without the envelope's `v` */
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
    // The key makes the join idempotent: if its reply is lost (a server instance lost), the join sent
    // again with it gets the same seat and token (docs/protocol.md, "Joining again with a key"). A
    // reserved seat's key, from the player's link, is that key (docs/protocol.md, "Named and
    // reserved seats"); without one, a random key.
    const linked = new URLSearchParams(location.search).get('key');
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const key = linked || Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    this.pendingJoin = { type: 'join', table: this.table, name, key, ...(seat === undefined ? {} : { seat }) };
    this.send(this.pendingJoin);
  }

  /**
   * Act for this seat; the promise tells whether the server took it.
   * @param {Act} act an engine act without `player`
   * @returns {Promise<ActResult>}
   */
  act(act) {
    // An act taken from the server's `legal` list carries the seat's `player`.
    const { player: _drop, ...clean } = /** @type {Act & {player?: number}} */ (act);
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
