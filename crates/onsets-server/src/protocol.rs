//! The typed messages of the WebSocket protocol, version 1 (`docs/protocol.md`).
//!
//! Every frame is one JSON object, an *envelope*: `{"v": 1, "type": "...", ...}`.
//! Clients send [`ClientMsg`]; the server sends [`ServerMsg`]. A frame that is
//! not valid JSON, has no or another `v`, an unknown `type` or a wrong field
//! gets an [`ServerMsg::Error`] reply naming what is wrong; nothing else
//! happens and the connection stays open.

use crate::api::ApiCode;
use crate::text::field_of;
use crate::view::MatchView;
use onsets_engine::{Event, SeenEvent1969, View1969};
use serde::{Deserialize, Serialize};

/// The protocol version this server speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame the server reads (bytes). Larger frames get a
/// `too-large` error and are dropped.
pub const MAX_FRAME_BYTES: usize = 16 * 1024;

/// What a client may send.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Take a human seat at a table: `seat` if given, else the first free one.
    Join {
        table: String,
        name: String,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        seat: Option<usize>,
        /// The client's own random string (16 to 128 printable ASCII
        /// characters, kept with its draft): a join repeated with the same
        /// key (its reply lost) gets the seat and the token of the first
        /// (docs/protocol.md, "Joining again with a key"). At a table of
        /// reserved seats it is also the key that reserves a seat, from the
        /// player's link (docs/protocol.md, "Named and reserved seats").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        key: Option<String>,
    },
    /// Take back one's seat after a reconnect (the token from `joined`).
    Rejoin {
        table: String,
        token: String,
    },
    /// Watch a table without a seat.
    Spectate {
        table: String,
    },
    /// Act for one's seat. `act` is an engine act without `player` (the seat
    /// is the one the token was issued for). `version`, when given, must be
    /// the table's current version, else the act is refused as `stale`.
    Act {
        #[serde(default, rename = "ref")]
        #[cfg_attr(feature = "ts", ts(optional))]
        reference: Option<u64>,
        token: String,
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        version: Option<u64>,
        act: serde_json::Value,
    },
    /// How the core reads a draft Solution (`docs/protocol.md`, "Preview"):
    /// answered with `previewed` to this connection only. The draft is never
    /// sent to the table, broadcast, stored or logged.
    Preview {
        #[serde(default, rename = "ref")]
        #[cfg_attr(feature = "ts", ts(optional))]
        reference: Option<u64>,
        text: String,
    },
    /// Ask for the full table again.
    Resync,
    /// Leave the table (the seat stays yours: rejoin with the token).
    Leave,
    Ping,
}

/// A seat at a table, as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatInfo {
    pub seat: usize,
    /// The player's name (the bot's level for a bot, "" for a free seat).
    pub name: String,
    /// `human` or `bot`.
    pub kind: SeatKind,
    /// The bot's level (`beginner`, `club`, `strong`, `expert`).
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// A human has taken the seat.
    pub taken: bool,
    /// A connection is playing the seat now (bots are always connected).
    pub connected: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    Human,
    Bot,
}

/// Where a table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Human seats are free: the match starts when every seat is taken.
    Waiting,
    Playing,
    Over,
    /// No player was connected for the configured time: archived before
    /// its end (watchable as a replay, not playable).
    Abandoned,
}

pub(crate) fn tournament_edition() -> String {
    onsets_core::Edition::default().name().to_string()
}

/// A table in the lobby and at the head of every `state`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableInfo {
    pub id: String,
    /// The link to share: `/t/{id}`.
    pub link: String,
    pub division: String,
    pub adventurous: bool,
    /// The rules: `2026-27`, `2019-20` or `1969` (docs/editions.md).
    #[serde(default = "crate::protocol::tournament_edition")]
    pub edition: String,
    pub round_minutes: u32,
    /// `judge` or `players` (docs/engine.md).
    pub checking: String,
    pub seats: Vec<SeatInfo>,
    pub status: TableStatus,
    pub shake: u32,
    pub spectators: usize,
    /// The commitment to the match's seed, once the match has started
    /// (docs/protocol.md, "Seed commitment").
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_commitment: Option<String>,
    /// A 1969 table's form, `basic` or `advanced` (absent at other tables).
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// A 1969 table's plays in the game (its `shake` is the play under
    /// way; absent at other tables).
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plays_in_game: Option<u32>,
}

/// What the server sends.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// First frame on every connection.
    Hello {
        v: u32,
        server: String,
    },
    /// The seat is yours; keep the token to act and to rejoin.
    Joined {
        table: String,
        seat: usize,
        token: String,
        name: String,
    },
    /// The whole table as this connection may see it (after joining,
    /// spectating, a resync, or when updates were missed).
    State {
        table: TableInfo,
        #[serde(rename = "match")]
        view: Option<Box<GameView>>,
        /// The events of the last applied actions, oldest first (as this
        /// connection may see them), so that a page restores its history
        /// ("What happened", the verdicts) after a reload or a reconnect.
        recent: Vec<RecentView>,
    },
    /// Something happened: the events (as this connection may see them) and
    /// the table after them.
    Update {
        table: TableInfo,
        events: Seen,
        #[serde(rename = "match")]
        view: Option<Box<GameView>>,
    },
    /// The act with this `ref` was applied; the table is now at `version`.
    Accepted {
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
        reference: Option<u64>,
        version: u64,
    },
    /// The act with this `ref` was refused by the rules; nothing changed.
    Rejected {
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
        reference: Option<u64>,
        code: String,
        rule: String,
        message: String,
        version: u64,
    },
    /// The frame could not be taken (not a rules matter); nothing changed.
    Error {
        code: String,
        message: String,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        field: Option<String>,
    },
    Pong,
    /// The answer to a `preview`: the core's reading of the draft. When
    /// `ok`, `reads` is the Solution as the core prints it (canonical
    /// symbols, `@` for a cube standing for another symbol, `||` between Two
    /// Solutions) and `solutions` counts each Solution's parts; otherwise
    /// `message`, `line`, `column` and `rule` say what is wrong and where
    /// (a text with no meaning, VII-C-5-d).
    Previewed {
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
        reference: Option<u64>,
        ok: bool,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        reads: Option<String>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        #[cfg_attr(feature = "ts", ts(as = "Option<Vec<PreviewParts>>", optional))]
        solutions: Vec<PreviewParts>,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        message: Option<String>,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        line: Option<usize>,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        column: Option<usize>,
        #[cfg_attr(feature = "ts", ts(optional))]
        #[serde(skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// Who is connected changed (sent instead of a full update, at most
    /// every 250 ms). `now_ms` is the match clock when it was sent.
    Presence {
        table: String,
        seats: Vec<SeatPresence>,
        spectators: usize,
        now_ms: Option<u64>,
    },
}

/// The parts of one Solution in a `previewed` reply (VI-A, VI-B, XIII-C-12).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewParts {
    /// Set-Name parts: a Solution has exactly one (VI-A).
    pub set_names: usize,
    /// Restrictions (VI-B).
    pub restrictions: usize,
    /// `blank:` parts (Blank Card Wild, XIII-C-12).
    pub blanks: usize,
}

/// The core's reading of a draft Solution, for a `preview` request: the
/// parser of the checker itself, so the page and the judge never disagree.
/// The text is bounded like every act text
/// ([`crate::text::MAX_ACT_TEXT_CHARS`]); the nesting is bounded by the parser.
///
/// `options` are the table's edition's reading (`O` for orange in 1969, the
/// wild = and ⊆ of MLAG Basic 2019-20); a connection at no table reads the
/// 2026-27 notation.
pub fn preview(
    reference: Option<u64>,
    text: &str,
    options: onsets_core::ParseOptions,
) -> ServerMsg {
    use crate::text::MAX_ACT_TEXT_CHARS;
    let refused = |message: String, line, column, rule: &str| ServerMsg::Previewed {
        reference,
        ok: false,
        reads: None,
        solutions: Vec::new(),
        message: Some(message),
        line,
        column,
        rule: Some(rule.into()),
    };
    let chars = text.chars().count();
    if chars > MAX_ACT_TEXT_CHARS {
        return refused(
            format!("a Solution is at most {MAX_ACT_TEXT_CHARS} characters; this one is {chars}"),
            None,
            None,
            "-",
        );
    }
    match onsets_core::Presentation::parse_with(text, options) {
        Ok(p) => ServerMsg::Previewed {
            reference,
            ok: true,
            reads: Some(p.to_string()),
            solutions: p
                .solutions()
                .iter()
                .map(|s| PreviewParts {
                    set_names: s.set_names().count(),
                    restrictions: s.restrictions().count(),
                    blanks: s.blanks().count(),
                })
                .collect(),
            message: None,
            line: None,
            column: None,
            rule: None,
        },
        // The checker rules a text that does not parse "undefined"
        // (onsets_core::check, VII-C-5-d).
        Err(e) => refused(e.message, e.line, e.column, "VII-C-5-d"),
    }
}

/// One seat in a `presence` frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatPresence {
    pub seat: usize,
    pub connected: bool,
}

/// The events of one applied action in `state.recent`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RecentView {
    /// The table's version after the action.
    pub version: u64,
    /// The shake the events belong to (the play at a 1969 table).
    pub shake: u32,
    pub events: Seen,
}

/// An act read at the edge (the WebSocket, an HTTP handler) for the table's
/// edition: the table's task never sees JSON.
#[derive(Clone, Debug, PartialEq)]
pub enum TableAct {
    /// 2026-27 and 2019-20 (`onsets_engine::Act`, its `player` the seat).
    Match(onsets_engine::Act),
    /// 1969 (an act of the game or `pass`).
    M69(Move1969),
}

impl TableAct {
    /// Whether the act is `seat`'s own (a person acts for no one else, I-A;
    /// `pass` is nobody's act of the game).
    pub fn is_for(&self, seat: usize) -> bool {
        match self {
            TableAct::Match(a) => a.player() == Some(seat),
            TableAct::M69(Move1969::Act(a)) => a.player() == Some(seat),
            TableAct::M69(Move1969::Pass) => true,
        }
    }
}

/// What a person sends at a 1969 table: an act of the game, or `pass`
/// (letting the last play go unchallenged, so the bots need not wait for
/// the challenge window; not an act of the game, never logged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move1969 {
    Pass,
    Act(onsets_engine::manual1969::Act1969),
}

/// Reads a person's act for `seat` at a 1969 table, at the edge (the
/// WebSocket, the HTTP alias): `{"type":"pass"}` or an act of the game
/// without `player` (the seat is filled in). `player` naming another seat
/// is refused as `wrong-seat` unless `replace` (the HTTP alias's documented
/// reading: the seat comes from the token, whatever the body says); the
/// server's `clock` is refused; texts are bounded
/// ([`crate::text::check_act_texts`]). The error names the field (`act`,
/// `act.player`).
pub fn read_move(
    seat: usize,
    act: serde_json::Value,
    replace: bool,
) -> Result<Move1969, crate::api::ApiError> {
    use crate::api::ApiError;
    let refuse = |code: ApiCode, message: String| ApiError::new(code, message, Some("act"));
    if let Err((_, message)) = crate::text::check_act_texts(&act) {
        return Err(refuse(ApiCode::TooLong, message));
    }
    let serde_json::Value::Object(mut map) = act else {
        return Err(refuse(
            ApiCode::BadField,
            "`act` is a JSON object such as {\"type\":\"move\",\"cube\":4,\"to\":\"required\"}"
                .into(),
        ));
    };
    match map.get("type").and_then(serde_json::Value::as_str) {
        Some("pass") => return Ok(Move1969::Pass),
        Some("clock") => {
            return Err(refuse(
                ApiCode::BadField,
                "the server runs the clock".into(),
            ))
        }
        _ => {}
    }
    match map.get("player") {
        Some(p) if !replace && p.as_u64() != Some(seat as u64) => {
            return Err(ApiError::new(
                ApiCode::WrongSeat,
                format!("you play seat {seat} and act for no one else"),
                Some("act.player"),
            ))
        }
        _ => {
            map.insert("player".into(), seat.into());
        }
    }
    serde_json::from_value(serde_json::Value::Object(map))
        .map(Move1969::Act)
        .map_err(|e| refuse(ApiCode::BadField, e.to_string()))
}

/// The game of a `state` or `update` frame (its `match` field), as the
/// connection's seat may see it: a 2026-27 or 2019-20 match, or a 1969
/// game (`"edition": "1969"`, docs/protocol.md "1969 tables").
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
#[allow(clippy::large_enum_variant)] // boxed in every frame
pub enum GameView {
    Match(MatchView),
    M69(View1969),
}

/// The events of a frame as the connection may see them.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum Seen {
    Match(Vec<Event>),
    M69(Vec<SeenEvent1969>),
}

/// Reads a JSON value as `T`: the error's message, and the field it is
/// about (the path of a value of the wrong type, `seed` or
/// `seats[1].level`; else the field the message names, a missing or an
/// unknown one).
pub fn read_value<T: serde::de::DeserializeOwned>(
    value: serde_json::Value,
) -> Result<T, (String, Option<String>)> {
    let kept = value.clone();
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let message = e.inner().to_string();
        let field = if path.is_empty() || path == "." {
            field_of(&message).or_else(|| culprit::<T>(&kept, &message))
        } else {
            Some(path)
        };
        (message, field)
    })
}

/// The key of `value` whose value a type error is about, where the error
/// has no path (a tagged enum's fields are read from a buffer): the one key
/// without which the object reads, or reads with another error.
fn culprit<T: serde::de::DeserializeOwned>(
    value: &serde_json::Value,
    message: &str,
) -> Option<String> {
    let map = value.as_object()?;
    map.keys()
        .filter(|k| k.as_str() != "type")
        .find(|k| {
            let mut without = map.clone();
            without.remove(k.as_str());
            serde_json::from_value::<T>(serde_json::Value::Object(without))
                .map_or_else(|e| e.to_string() != message, |_| true)
        })
        .cloned()
}

/// Wraps a server message in the envelope.
pub fn envelope(msg: &ServerMsg) -> String {
    let mut value = serde_json::to_value(msg).expect("server messages serialize");
    if let serde_json::Value::Object(map) = &mut value {
        map.insert("v".into(), PROTOCOL_VERSION.into());
    }
    value.to_string()
}

/// Why an act was refused, as the `code` of a `rejected` frame: the
/// server's refusal (an [`ApiCode`], the names HTTP uses) or the engine's
/// typed rejection (an [`onsets_engine::RejectCode`], docs/engine.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Server(ApiCode),
    Rules(onsets_engine::RejectCode),
}

impl Refusal {
    /// The wire's code.
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::Server(c) => c.as_str(),
            Refusal::Rules(c) => c.as_str(),
        }
    }
}

impl From<ApiCode> for Refusal {
    fn from(c: ApiCode) -> Refusal {
        Refusal::Server(c)
    }
}

impl From<onsets_engine::RejectCode> for Refusal {
    fn from(c: onsets_engine::RejectCode) -> Refusal {
        Refusal::Rules(c)
    }
}

/// An error reply: its code is one of the server's ([`ApiCode`], the names
/// HTTP uses too).
pub fn error(code: ApiCode, message: impl Into<String>, field: Option<&str>) -> ServerMsg {
    ServerMsg::Error {
        code: code.as_str().into(),
        message: message.into(),
        field: field.map(str::to_string),
    }
}

/// Reads a client frame: the envelope, then the message. The error is the
/// reply to send.
pub fn parse_client(text: &str) -> Result<ClientMsg, Box<ServerMsg>> {
    parse(text).map_err(Box::new)
}

#[allow(clippy::result_large_err)] // the error is boxed by `parse_client`
fn parse(text: &str) -> Result<ClientMsg, ServerMsg> {
    if text.len() > MAX_FRAME_BYTES {
        return Err(error(
            ApiCode::TooLarge,
            format!(
                "frame of {} bytes; the limit is {MAX_FRAME_BYTES}",
                text.len()
            ),
            None,
        ));
    }
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        error(
            ApiCode::BadJson,
            format!("not JSON: {e} (line {}, column {})", e.line(), e.column()),
            None,
        )
    })?;
    let map = value
        .as_object_mut()
        .ok_or_else(|| error(ApiCode::BadEnvelope, "a frame is a JSON object", None))?;
    match map.remove("v") {
        None => return Err(error(ApiCode::BadEnvelope, "missing field `v`", Some("v"))),
        Some(v) if v.as_u64() == Some(PROTOCOL_VERSION as u64) => {}
        Some(v) => {
            return Err(error(
                ApiCode::UnsupportedVersion,
                format!("protocol version {v} is not spoken here; use {PROTOCOL_VERSION}"),
                Some("v"),
            ))
        }
    }
    let kind = match map.get("type") {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(_) => {
            return Err(error(
                ApiCode::BadEnvelope,
                "`type` is a string",
                Some("type"),
            ))
        }
        None => {
            return Err(error(
                ApiCode::BadEnvelope,
                "missing field `type`",
                Some("type"),
            ))
        }
    };
    let msg: ClientMsg = read_value(value).map_err(|(msg, field)| {
        let unknown_type = msg.starts_with("unknown variant");
        let code = if unknown_type {
            ApiCode::UnknownType
        } else {
            ApiCode::BadField
        };
        error(
            code,
            format!("`{kind}` message: {msg}"),
            field
                .as_deref()
                .or(if unknown_type { Some("type") } else { None }),
        )
    })?;
    check_lengths(&msg)?;
    Ok(msg)
}

/// Bounds the texts of a message (an act's texts are bounded in
/// [`read_act`], where a refusal is a `rejected` reply).
#[allow(clippy::result_large_err)]
fn check_lengths(msg: &ClientMsg) -> Result<(), ServerMsg> {
    use crate::text::{MAX_ID_BYTES, MAX_NAME_BYTES};
    let long = |field: &str, len: usize, max: usize| {
        error(
            ApiCode::TooLong,
            format!("`{field}` is {len} bytes; the limit is {max}"),
            Some(field),
        )
    };
    let (table, token, name) = match msg {
        ClientMsg::Join { table, name, .. } => (Some(table), None, Some(name)),
        ClientMsg::Rejoin { table, token } => (Some(table), Some(token), None),
        ClientMsg::Spectate { table } => (Some(table), None, None),
        ClientMsg::Act { token, .. } => (None, Some(token), None),
        _ => (None, None, None),
    };
    if let Some(t) = table.filter(|t| t.len() > MAX_ID_BYTES) {
        return Err(long("table", t.len(), MAX_ID_BYTES));
    }
    if let Some(t) = token.filter(|t| t.len() > MAX_ID_BYTES) {
        return Err(long("token", t.len(), MAX_ID_BYTES));
    }
    if let Some(n) = name.filter(|n| n.len() > MAX_NAME_BYTES) {
        return Err(long("name", n.len(), MAX_NAME_BYTES));
    }
    Ok(())
}

/// Reads the `act` of an `act` message for `seat` at a 2026-27 or 2019-20
/// table: fills in `player`, refuses an act for another seat and the
/// server's own `clock`. The error is (code, rule, message) for a
/// `rejected` reply.
pub fn read_act(
    seat: usize,
    act: serde_json::Value,
) -> Result<onsets_engine::Act, (ApiCode, &'static str, String)> {
    if let Err((_, message)) = crate::text::check_act_texts(&act) {
        return Err((ApiCode::TooLong, "-", message));
    }
    let serde_json::Value::Object(mut map) = act else {
        return Err((
            ApiCode::BadAct,
            "-",
            "`act` is a JSON object such as {\"type\":\"move\",\"cube\":4,\"to\":\"required\"}"
                .into(),
        ));
    };
    match map.get("player") {
        None => {
            map.insert("player".into(), seat.into());
        }
        Some(p) if p.as_u64() == Some(seat as u64) => {}
        Some(_) => {
            return Err((
                ApiCode::WrongSeat,
                "I-A",
                format!("you play seat {seat} and act for no one else"),
            ))
        }
    }
    if map.get("type").and_then(|t| t.as_str()) == Some("clock") {
        return Err((ApiCode::BadAct, "XI", "the server runs the clock".into()));
    }
    serde_json::from_value(serde_json::Value::Object(map))
        .map_err(|e| (ApiCode::BadAct, "-", format!("act: {e}")))
}

/// Reads the `act` of an `act` message for `seat` at a table of the
/// 1969 rules (`m69`) or of the others: the typed act the table's task
/// takes.
pub fn read_table_act(
    m69: bool,
    seat: usize,
    act: serde_json::Value,
) -> Result<TableAct, (ApiCode, &'static str, String)> {
    if !m69 {
        return read_act(seat, act).map(TableAct::Match);
    }
    read_move(seat, act, false).map(TableAct::M69).map_err(|e| {
        let code = if e.code == ApiCode::BadField {
            ApiCode::BadAct
        } else {
            e.code
        };
        let rule = if code == ApiCode::WrongSeat {
            "I-A"
        } else {
            "-"
        };
        (code, rule, e.message)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(r: Result<ClientMsg, Box<ServerMsg>>) -> (String, Option<String>) {
        match r.map_err(|e| *e) {
            Err(ServerMsg::Error { code, field, .. }) => (code, field),
            other => panic!("expected an error, got {other:?}"),
        }
    }

    #[test]
    fn join_parses() {
        let m = parse_client(r#"{"v":1,"type":"join","table":"abc","name":"Ann"}"#).unwrap();
        assert_eq!(
            m,
            ClientMsg::Join {
                table: "abc".into(),
                name: "Ann".into(),
                seat: None,
                key: None,
            }
        );
    }

    #[test]
    fn malformed_frames_name_what_is_wrong() {
        assert_eq!(code(parse_client("{")).0, "bad-json");
        assert_eq!(code(parse_client("[1]")).0, "bad-envelope");
        assert_eq!(
            code(parse_client(r#"{"type":"ping"}"#)),
            ("bad-envelope".into(), Some("v".into()))
        );
        assert_eq!(
            code(parse_client(r#"{"v":2,"type":"ping"}"#)).0,
            "unsupported-version"
        );
        assert_eq!(
            code(parse_client(r#"{"v":1,"type":"dance"}"#)),
            ("unknown-type".into(), Some("type".into()))
        );
        assert_eq!(
            code(parse_client(r#"{"v":1,"type":"join","name":"x"}"#)),
            ("bad-field".into(), Some("table".into()))
        );
        let big = format!(r#"{{"v":1,"type":"ping","x":"{}"}}"#, "a".repeat(20_000));
        assert_eq!(code(parse_client(&big)).0, "too-large");
    }

    proptest::proptest! {
        #[test]
        fn no_frame_makes_the_reader_panic(text in ".{0,300}") {
            let _ = parse_client(&text);
        }

        #[test]
        fn no_act_object_makes_the_reader_or_the_engine_panic(
            kind in proptest::sample::select(vec!["roll","deal","move","shift","set_goal","present","challenge","object","accept","select_variation","x"]),
            cube in 0u64..40, count in 0u64..30, text in ".{0,40}", player in 0u64..4,
        ) {
            let act = serde_json::json!({"type": kind, "cube": cube, "count": count, "to": "required",
                "goal": text, "solution": text, "kind": "now", "writer": player, "reason": "undefined",
                "variation": text, "player": player});
            if let Ok(a) = read_act(player as usize, act) {
                let (m, _) = onsets_engine::Match::new(onsets_engine::MatchConfig::new(
                    1, &["A", "B", "C"], onsets_core::Division::Senior, true)).unwrap();
                let _ = m.apply(onsets_engine::Action { at_ms: 10, act: a });
            }
        }
    }

    /// VII-C-5-d: the preview is the checker's own parser, with its column.
    #[test]
    fn preview_gives_the_cores_reading_or_the_column_of_the_error() {
        let v =
            serde_json::to_value(preview(Some(3), "B u R'; G < V", Default::default())).unwrap();
        assert_eq!(v["ok"], true);
        assert_eq!(v["ref"], 3);
        assert_eq!(v["reads"], "B ∪ R′; G ⊆ V");
        assert_eq!(v["solutions"][0]["set_names"], 1);
        assert_eq!(v["solutions"][0]["restrictions"], 1);
        let v = serde_json::to_value(preview(None, "B ∪ (R", Default::default())).unwrap();
        assert_eq!(v["ok"], false);
        assert_eq!(v["rule"], "VII-C-5-d");
        assert!(v["column"].as_u64().is_some(), "{v}");
        let v = serde_json::to_value(preview(None, "∪@B R ∪ G", Default::default())).unwrap();
        let direct = onsets_core::Presentation::parse("∪@B R ∪ G");
        assert_eq!(v["ok"], direct.is_ok(), "{v}");
        let long = "B".repeat(crate::text::MAX_ACT_TEXT_CHARS + 1);
        let v = serde_json::to_value(preview(None, &long, Default::default())).unwrap();
        assert_eq!(v["ok"], false);
        assert!(v["message"].as_str().unwrap().contains("at most"), "{v}");
    }

    /// B19 I-B-2-d-iii and M69 2.0: at a 2019-20 Basic table a bare = is
    /// the wild set its annotation names, at a 1969 table O is orange; the
    /// 2026-27 reading refuses both.
    #[test]
    fn preview_reads_as_the_tables_edition() {
        use onsets_core::{Division, Edition, Form1969, ParseOptions};
        let b19 = ParseOptions::of(Edition::Mlag2019, Division::Junior, false);
        let m69 = ParseOptions::of(
            Edition::Manual1969(Form1969::Basic),
            Division::Junior,
            false,
        );
        for (text, options) in [("R@= ∪ =", b19), ("O ∪ B", m69)] {
            let v = serde_json::to_value(preview(None, text, options)).unwrap();
            assert_eq!(v["ok"], true, "{text}: {v}");
            let v = serde_json::to_value(preview(None, text, Default::default())).unwrap();
            assert_eq!(v["ok"], false, "{text}: {v}");
        }
    }

    #[test]
    fn preview_parses_with_its_ref() {
        let m = parse_client(r#"{"v":1,"type":"preview","ref":9,"text":"B"}"#).unwrap();
        assert_eq!(
            m,
            ClientMsg::Preview {
                reference: Some(9),
                text: "B".into()
            }
        );
    }

    /// A value of the wrong type names its field.
    #[test]
    fn a_value_of_the_wrong_type_names_its_field() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Body {
            seed: Option<u64>,
            seats: Vec<SeatInfo>,
        }
        let v = serde_json::json!({"seed": "x", "seats": []});
        let (_, field) = read_value::<Body>(v).unwrap_err();
        assert_eq!(field.as_deref(), Some("seed"));
        let v = serde_json::json!({"seats": [{"seat": 0, "name": 5}]});
        let (_, field) = read_value::<Body>(v).unwrap_err();
        assert_eq!(field.as_deref(), Some("seats[0].name"));
        let v = serde_json::json!({"seed": 1});
        let (_, field) = read_value::<Body>(v).unwrap_err();
        assert_eq!(field.as_deref(), Some("seats"));
    }

    #[test]
    fn envelope_carries_the_version() {
        let s = envelope(&ServerMsg::Pong);
        assert_eq!(s, r#"{"type":"pong","v":1}"#);
    }
}
