//! A real server on a loopback port, in its own runtime on its own thread (so
//! that stopping it stops its tables too, as a process exit would), and
//! WebSocket clients that speak the protocol.
#![allow(dead_code)]

mod pdf_text;
#[allow(unused_imports)]
pub use pdf_text::pdf_text;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The databases to run a suite against: SQLite always, PostgreSQL when
/// `ONSETS_TEST_POSTGRES_URL` is set (`.ci/run` starts one). Each call
/// gives a fresh database.
pub async fn databases() -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("onsets-test-{}", uuid_like()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut v = vec![format!("sqlite:{}", dir.join("t.db").display())];
    if let Ok(url) = std::env::var("ONSETS_TEST_POSTGRES_URL") {
        v.push(fresh_postgres(&url).await);
    }
    v
}

fn uuid_like() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!(
        "{}-{}-{}",
        std::process::id(),
        t,
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// A new, empty PostgreSQL database on the server of `url`.
async fn fresh_postgres(url: &str) -> String {
    use sqlx::Connection;
    let name = format!("onsets_test_{}", uuid_like().replace('-', "_"));
    let mut c = sqlx::PgConnection::connect(url)
        .await
        .expect("PostgreSQL reachable");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut c)
        .await
        .unwrap();
    let base = url.rsplit_once('/').map(|(b, _)| b).unwrap_or(url);
    format!("{base}/{name}")
}

pub struct Server {
    pub addr: SocketAddr,
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Starts a server over `database` on a free port (rate limits off:
    /// the suites make many tables from one address).
    pub fn start(database: &str) -> Server {
        Server::start_with(database, onsets_server::Config::unlimited())
    }

    /// Starts a server with an operator's configuration.
    pub fn start_with(database: &str, config: onsets_server::Config) -> Server {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = std::sync::mpsc::channel::<()>();
        let database = database.to_string();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                let store = onsets_server::Store::open(&database).await.unwrap();
                let lobby = onsets_server::Lobby::open_with(store, config)
                    .await
                    .unwrap();
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                addr_tx.send(listener.local_addr().unwrap()).unwrap();
                let app = onsets_server::app(lobby)
                    .into_make_service_with_connect_info::<std::net::SocketAddr>();
                tokio::spawn(async move {
                    axum::serve(listener, app).await.unwrap();
                });
                tokio::task::spawn_blocking(move || {
                    let _ = stop_rx.recv();
                })
                .await
                .unwrap();
            });
            // Dropping the runtime stops every task: tables, bots, sockets.
            rt.shutdown_timeout(Duration::from_secs(2));
        });
        let addr = addr_rx
            .recv_timeout(Duration::from_secs(30))
            .expect("server started");
        Server {
            addr,
            stop: Some(stop_tx),
            thread: Some(thread),
        }
    }

    /// Stops the server as a crash or a restart would: every task ends.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// POST /api/tables; the table's id.
    pub async fn create_table(&self, body: Value) -> Value {
        let (status, v) = http(self.addr, "POST", "/api/tables", Some(body)).await;
        assert_eq!(status, 201, "create table: {v}");
        v
    }

    pub async fn client(&self) -> Client {
        Client::connect(self.addr).await
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.halt();
    }
}

/// A tiny HTTP/1.1 client (status, JSON body).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status: u16 = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    // Chunked bodies are not used by axum's Json for small bodies, but be safe.
    let v = serde_json::from_str(body)
        .or_else(|_| {
            let start = body.find('{').unwrap_or(0);
            let end = body.rfind('}').map(|e| e + 1).unwrap_or(body.len());
            serde_json::from_str(&body[start..end])
        })
        .unwrap_or(Value::String(body.to_string()));
    (status, v)
}

pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub token: Option<String>,
    pub seat: Option<usize>,
    /// The last `match` view received.
    pub view: Value,
    /// Every event received, in order.
    pub events: Vec<Value>,
    /// Every frame received, in order.
    pub frames: Vec<Value>,
}

pub const WAIT: Duration = Duration::from_secs(30);

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("WebSocket connects");
        let mut c = Client {
            ws,
            token: None,
            seat: None,
            view: Value::Null,
            events: Vec::new(),
            frames: Vec::new(),
        };
        let hello = c.next().await;
        assert_eq!(hello["type"], "hello");
        c
    }

    pub async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .unwrap();
    }

    pub async fn send_raw(&mut self, m: Message) -> bool {
        self.ws.send(m).await.is_ok()
    }

    /// The next frame (panics after [`WAIT`]).
    pub async fn next(&mut self) -> Value {
        self.try_next(WAIT).await.expect("a frame within the wait")
    }

    pub async fn try_next(&mut self, wait: Duration) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(wait, self.ws.next())
                .await
                .ok()??
                .ok()?;
            let text = match m {
                Message::Text(t) => t.to_string(),
                Message::Close(_) => return None,
                _ => continue,
            };
            let v: Value = serde_json::from_str(&text).expect("server frames are JSON");
            assert_eq!(v["v"], 1, "every frame is in the envelope: {v}");
            if v["type"] == "state" || v["type"] == "update" {
                if !v["match"].is_null() {
                    self.view = v["match"].clone();
                }
                if let Some(ev) = v["events"].as_array() {
                    self.events.extend(ev.iter().cloned());
                }
            }
            self.frames.push(v.clone());
            return Some(v);
        }
    }

    /// Reads frames until one satisfies `f`.
    pub async fn until(&mut self, what: &str, f: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.try_next(left).await {
                Some(v) if f(&v) => return v,
                Some(_) => {}
                None => panic!("waited for {what}; last view: {}", self.view),
            }
        }
    }

    pub async fn join(&mut self, table: &str, name: &str) -> Value {
        self.send(json!({"v":1,"type":"join","table":table,"name":name}))
            .await;
        let j = self
            .until("joined", |v| v["type"] == "joined" || v["type"] == "error")
            .await;
        assert_eq!(j["type"], "joined", "join: {j}");
        self.token = j["token"].as_str().map(str::to_string);
        self.seat = j["seat"].as_u64().map(|s| s as usize);
        self.until("state", |v| v["type"] == "state").await;
        j
    }

    /// Sends an act and waits for its `accepted` / `rejected`.
    pub async fn act(&mut self, act: Value) -> Value {
        static REF: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let r = REF.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let token = self.token.clone().unwrap_or_default();
        self.send(json!({"v":1,"type":"act","ref":r,"token":token,"act":act}))
            .await;
        self.until("the act's reply", |v| {
            (v["type"] == "accepted" || v["type"] == "rejected") && v["ref"] == r
                || v["type"] == "error"
        })
        .await
    }

    pub fn version(&self) -> u64 {
        self.view["version"].as_u64().unwrap_or(0)
    }

    /// The scripted player of the load driver (never challenges).
    pub fn scripted_act(&self) -> Option<Value> {
        onsets_server::loadtest::scripted_act(&self.view)
    }
}

/// A GET's status, headers (lower-case names) and raw body.
pub async fn get_bytes(addr: SocketAddr, path: &str) -> (u16, String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let split = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&buf[..split]).to_ascii_lowercase();
    let status: u16 = head[9..12].parse().unwrap();
    let mut body = buf[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        let mut out = Vec::new();
        let mut rest = body.as_slice();
        loop {
            let nl = rest.windows(2).position(|w| w == b"\r\n").unwrap();
            let size = usize::from_str_radix(std::str::from_utf8(&rest[..nl]).unwrap().trim(), 16)
                .unwrap();
            if size == 0 {
                break;
            }
            out.extend_from_slice(&rest[nl + 2..nl + 2 + size]);
            rest = &rest[nl + 2 + size + 2..];
        }
        body = out;
    }
    (status, head, body)
}

// Accounts and tournaments over HTTP with a session cookie.

pub struct Reply {
    pub status: u16,
    pub body: Value,
    pub cookie: Option<String>,
}

/// One HTTP/1.1 request with an optional cookie and content type.
pub async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    content_type: Option<&str>,
    cookie: Option<&str>,
) -> Reply {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.unwrap_or("");
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(ct) = content_type {
        req.push_str(&format!("Content-Type: {ct}\r\n"));
    }
    if let Some(c) = cookie {
        // As a browser does on its own page's POST.
        req.push_str(&format!("Cookie: {c}\r\nOrigin: http://x\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status: u16 = text[9..12].parse().unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let cookie = head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .map(|l| l["set-cookie:".len()..].trim().to_string());
    Reply {
        status,
        body: serde_json::from_str(body).unwrap_or(Value::String(body.to_string())),
        cookie,
    }
}

pub async fn post(addr: SocketAddr, path: &str, body: Value, cookie: Option<&str>) -> Reply {
    send(
        addr,
        "POST",
        path,
        Some(&body.to_string()),
        Some("application/json"),
        cookie,
    )
    .await
}

pub async fn get(addr: SocketAddr, path: &str, cookie: Option<&str>) -> Reply {
    send(addr, "GET", path, None, None, cookie).await
}

/// The `name=value` part of a `Set-Cookie`.
pub fn session(r: &Reply) -> String {
    let c = r.cookie.clone().expect("a Set-Cookie");
    assert!(c.contains("HttpOnly"), "{c}");
    assert!(c.contains("SameSite=Lax"), "{c}");
    c.split(';').next().unwrap().to_string()
}

pub async fn sign_up(addr: SocketAddr, name: &str) -> String {
    let r = post(
        addr,
        "/api/accounts",
        json!({"name": name, "password": "correct horse"}),
        None,
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    session(&r)
}

/// A plain policy for a person at a 1969 table, from the state JSON its
/// seat sees: deal six, roll, set the first digit as the Goal, move the
/// first cube to Forbidden or assert, join the Mover, decline to write.
pub fn person1969(state: &Value, me: usize) -> Option<Value> {
    if !state["awaiting"][me].as_bool()? {
        return None;
    }
    let cubes = state["cubes"].as_array()?;
    Some(match state["phase"]["phase"].as_str()? {
        "deal" => json!({"type":"deal","count":6}),
        "roll" => json!({"type":"roll"}),
        "goal" => {
            let d = cubes
                .iter()
                .find(|c| c["family"] == "digit" && c["place"] == "resources")?["face"]
                .as_str()?;
            json!({"type":"set_goal","goal":d})
        }
        "no_goal" => json!({"type":"accept_no_goal"}),
        "moves" => match cubes
            .iter()
            .find(|c| c["place"] == "resources" && c["family"] != "digit")
        {
            Some(c) => json!({"type":"move","cube":c["id"],"to":"forbidden"}),
            None => json!({"type":"assert"}),
        },
        "challenge" if state["phase"]["sides"][me].is_null() => {
            json!({"type":"join","side":"mover"})
        }
        "challenge" | "assertion" => json!({"type":"decline"}),
        _ => return None,
    })
}

/// Child mode of a test that runs its own binary again as one `onsets serve`
/// instance (the same `onsets_server::serve_with` as the command, limits
/// off), so that it can be killed or restarted like a real process: serves
/// on the address and database the two environment variables name, and
/// does nothing when they are not set (the test run as itself).
pub fn serve_if_asked(addr_var: &str, db_var: &str) {
    let (Ok(addr), Ok(db)) = (std::env::var(addr_var), std::env::var(db_var)) else {
        return;
    };
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(onsets_server::serve_with(
        &addr,
        &db,
        onsets_server::Config::unlimited(),
    ))
    .unwrap();
}
