//! Coaches and their classes (docs/classes.md): a signed-in account makes a
//! class, adds co-coaches and students — existing accounts by invitation
//! (the student accepts) or managed accounts made in bulk from a list of
//! names, each with a generated username and a password shown once
//! ([`names`], printable as login cards: [`print`]) —, resets a managed
//! student's password, archives or removes students and posts news.
//! Assignments and the progress table are in [`assignments`] and
//! [`progress`], the live classroom board in [`board`].
//!
//! Privacy (docs/classes.md, "Privacy"): a class, its roster and its
//! students' progress are shown to its coaches only (403 `not-coach` for any
//! other account, 401 signed out); a student sees their own classes'
//! assignments and news. A managed account is kid-safe: its public name is
//! its generated username (the name the coach typed is shown to the class's
//! coaches only), it cannot be invited to another class, coach, or make a
//! class.

// Handlers' early returns are whole responses, built once per request.
#![allow(clippy::result_large_err)]

pub mod assignments;
pub mod board;
mod board_position;
pub mod names;
pub mod print;
pub mod progress;

use crate::accounts::{require, Account};
use crate::api::{
    api_error, bad, read_json, storage, too_many, ApiCode, ApiError, Client, Services,
};
use crate::store::classes::{self as stored, ClassRow, StudentRow};
use crate::store::{self, now_s};
use axum::body::Bytes;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

/// The most students a class holds (a club, not a school).
pub const MAX_STUDENTS: usize = 60;
/// The most names one request may add.
pub const MAX_NAMES: usize = 40;
/// The longest news item, in characters.
pub const MAX_NEWS_CHARS: usize = 1000;
/// The news items a class page shows.
pub const NEWS_SHOWN: i64 = 20;

/// The routes, merged into the server's router (pages included).
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Services: FromRef<S>,
    std::sync::Arc<crate::config::Config>: FromRef<S>,
{
    let page = || get(|| async { crate::web::file("index.html") });
    Router::new()
        .route("/classes", page())
        .route("/classes/{id}", page())
        .route("/classes/{id}/board", page())
        .route("/api/classes", post(create).get(mine))
        .route("/api/me/classes", get(my_classes))
        .route("/api/classes/{id}", get(one))
        .route("/api/classes/{id}/archive", post(archive))
        .route("/api/classes/{id}/coaches", post(add_coach))
        .route("/api/classes/{id}/students", post(add_managed))
        .route("/api/classes/{id}/invitations", post(invite))
        .route("/api/classes/{id}/join", post(join))
        .route(
            "/api/classes/{id}/students/{username}/password",
            post(reset_password),
        )
        .route(
            "/api/classes/{id}/students/{username}/status",
            post(set_status),
        )
        .route("/api/classes/{id}/students/{username}/remove", post(remove))
        .route("/api/classes/{id}/news", post(post_news))
        .route("/api/classes/{id}/cards.pdf", post(print::cards))
        .route(
            "/api/classes/{id}/assignments/{aid}/sheet.pdf",
            get(print::assignment_sheet),
        )
        .merge(assignments::routes())
        .merge(progress::routes())
        .merge(board::routes())
}

// ------------------------------------------------------------------ access

/// 404 `no-such-class`.
pub(crate) fn no_such_class(id: &str) -> Response {
    let shown: String = id.chars().take(64).collect();
    api_error(
        StatusCode::NOT_FOUND,
        ApiError::new(
            ApiCode::NoSuchClass,
            format!("there is no class `{shown}`"),
            Some("id"),
        ),
    )
}

/// 403 `not-coach`.
pub(crate) fn not_coach() -> Response {
    api_error(
        StatusCode::FORBIDDEN,
        ApiError::new(
            ApiCode::NotCoach,
            "only the class's coaches may see or change it",
            None,
        ),
    )
}

async fn class_or_404(app: &Services, id: &str) -> Result<ClassRow, Response> {
    if id.len() > crate::text::MAX_ID_BYTES {
        return Err(no_such_class(id));
    }
    match stored::class(&app.store, id).await {
        Ok(Some(c)) => Ok(c),
        Ok(None) => Err(no_such_class(id)),
        Err(e) => Err(storage(e)),
    }
}

/// The signed-in coach of class `id`: 401 signed out, 404 no such class,
/// 403 for any other account.
pub(crate) async fn coach_of(
    app: &Services,
    headers: &HeaderMap,
    id: &str,
) -> Result<(Account, ClassRow), Response> {
    let account = require(&app.store, headers).await?;
    let class = class_or_404(app, id).await?;
    match stored::is_coach(&app.store, id, &account.id).await {
        Ok(true) => Ok((account, class)),
        Ok(false) => Err(not_coach()),
        Err(e) => Err(storage(e)),
    }
}

/// Who may see a class's board: its coaches and its active students.
pub(crate) enum Member {
    Coach,
    Student,
}

/// The signed-in coach or active student of class `id` (401, 404, 403 as
/// [`coach_of`]).
pub(crate) async fn member_of(
    app: &Services,
    headers: &HeaderMap,
    id: &str,
) -> Result<(Account, ClassRow, Member), Response> {
    let account = require(&app.store, headers).await?;
    let class = class_or_404(app, id).await?;
    match stored::is_coach(&app.store, id, &account.id).await {
        Ok(true) => return Ok((account, class, Member::Coach)),
        Ok(false) => {}
        Err(e) => return Err(storage(e)),
    }
    match stored::taken_by(&app.store, &account.id).await {
        Ok(v) if v.iter().any(|(c, s)| c.id == id && s == "active") => {
            Ok((account, class, Member::Student))
        }
        Ok(_) => Err(not_coach()),
        Err(e) => Err(storage(e)),
    }
}

/// The seat name a connection's tables must show (docs/classes.md,
/// "Kid-safe managed accounts"): a managed account's public name (its
/// generated username), when the request's session is one; `None` for
/// anyone else, who names their seat as they like.
pub async fn managed_seat_name(
    store: &crate::store::Store,
    headers: &HeaderMap,
) -> store::StoreResult<Option<String>> {
    let Some(account) = crate::accounts::signed_in(store, headers).await? else {
        return Ok(None);
    };
    Ok(stored::managed_by(store, &account.id)
        .await?
        .map(|_| account.name))
}

/// A managed account may not coach, make classes or join other classes.
async fn refuse_managed(app: &Services, account: &str, field: &str) -> Result<(), Response> {
    match stored::managed_by(&app.store, account).await {
        Ok(None) => Ok(()),
        Ok(Some(_)) => Err(api_error(
            StatusCode::FORBIDDEN,
            ApiError::new(
                ApiCode::NotCoach,
                "a class's managed account belongs to its class only: it cannot coach or join another class",
                Some(field),
            ),
        )),
        Err(e) => Err(storage(e)),
    }
}

// ------------------------------------------------------------------ JSON

pub(crate) fn class_json(c: &ClassRow) -> Value {
    json!({
        "id": c.id,
        "name": c.name,
        "division": c.division,
        "edition": c.edition,
        "archived": c.archived,
        "created_at": c.created_at,
    })
}

fn student_json(s: &StudentRow) -> Value {
    json!({
        "username": s.username,
        "name": s.name,
        "managed": s.managed,
        "status": s.status,
    })
}

fn news_json(n: &stored::NewsRow) -> Value {
    json!({ "id": n.id, "author": n.author, "body": n.body, "at": n.at })
}

// ------------------------------------------------------------------ classes

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewClass {
    name: String,
    division: Option<String>,
    edition: Option<String>,
}

/// A class's name: 1 to 60 printable characters.
fn class_name(raw: &str) -> Result<String, Response> {
    let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    let n = name.chars().count();
    if n == 0 || n > 60 || name.chars().any(char::is_control) {
        return Err(bad(
            "name",
            "a class's name is 1 to 60 printable characters",
        ));
    }
    Ok(name)
}

fn division(raw: Option<&str>) -> Result<String, Response> {
    match raw.map(str::to_lowercase).as_deref() {
        None | Some("") => Ok("middle".into()),
        Some(d @ ("elementary" | "middle" | "junior" | "senior")) => Ok(d.into()),
        Some(_) => Err(bad(
            "division",
            "the division is elementary, middle, junior or senior",
        )),
    }
}

fn edition(raw: Option<&str>) -> Result<String, Response> {
    match raw {
        None | Some("") => Ok(onsets_core::Edition::Tournament2026.name().into()),
        Some(e) => onsets_core::Edition::from_parts(e, None)
            .or_else(|_| onsets_core::Edition::from_parts(e, Some("basic")))
            .map(|ed| ed.name().to_string())
            .map_err(|m| bad("edition", m)),
    }
}

/// `POST /api/classes {"name", "division"?, "edition"?}`: 201 the class.
/// Making a class or a batch of accounts counts against the client's
/// table-creation limit (`--create-per-minute`).
async fn create(
    State(app): State<Services>,
    Client(client): Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: NewClass = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    if let Err(l) = app.limits.create(client) {
        return too_many(&app, l);
    }
    let account = match require(&app.store, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    if let Err(r) = refuse_managed(&app, &account.id, "name").await {
        return r;
    }
    let class = match (|| {
        Ok::<_, Response>(ClassRow {
            id: uuid::Uuid::new_v4().simple().to_string()[..12].to_string(),
            name: class_name(&req.name)?,
            division: division(req.division.as_deref())?,
            edition: edition(req.edition.as_deref())?,
            created_at: now_s(),
            archived: false,
        })
    })() {
        Ok(c) => c,
        Err(r) => return r,
    };
    if let Err(e) = stored::create(&app.store, &class, &account.id).await {
        return storage(e);
    }
    let mut v = class_json(&class);
    v["coaches"] = json!([account.name]);
    v["students"] = json!([]);
    (StatusCode::CREATED, Json(v)).into_response()
}

/// `GET /api/classes`: the classes the signed-in account coaches.
async fn mine(State(app): State<Services>, headers: HeaderMap) -> Response {
    let account = match require(&app.store, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let r: store::StoreResult<Value> = async {
        let mut out = Vec::new();
        for c in stored::coached_by(&app.store, &account.id).await? {
            let mut v = class_json(&c);
            let students = stored::students(&app.store, &c.id).await?;
            v["students"] = json!(students.iter().filter(|s| s.status == "active").count());
            out.push(v);
        }
        Ok(json!({ "classes": out }))
    }
    .await;
    r.map_or_else(storage, |v| Json(v).into_response())
}

/// `GET /api/me/classes`: the classes the signed-in account is a student
/// of or invited to, each with its coaches and (once joined) its news.
async fn my_classes(State(app): State<Services>, headers: HeaderMap) -> Response {
    let account = match require(&app.store, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let r: store::StoreResult<Value> = async {
        let mut out = Vec::new();
        for (c, status) in stored::taken_by(&app.store, &account.id).await? {
            if status == "archived" || c.archived {
                continue;
            }
            let mut v = json!({ "id": c.id, "name": c.name, "status": status });
            v["coaches"] = json!(stored::coaches(&app.store, &c.id).await?);
            if status == "active" {
                let news = stored::news(&app.store, &c.id, NEWS_SHOWN).await?;
                v["news"] = news.iter().map(news_json).collect();
            }
            out.push(v);
        }
        Ok(json!({ "classes": out }))
    }
    .await;
    r.map_or_else(storage, |v| Json(v).into_response())
}

/// `GET /api/classes/{id}` (coaches): the class, its coaches, students,
/// news and assignments.
async fn one(State(app): State<Services>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let (_, class) = match coach_of(&app, &headers, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let r: store::StoreResult<Value> = async {
        let mut v = class_json(&class);
        v["coaches"] = json!(stored::coaches(&app.store, &id).await?);
        let students = stored::students(&app.store, &id).await?;
        v["students"] = students.iter().map(student_json).collect();
        let news = stored::news(&app.store, &id, NEWS_SHOWN).await?;
        v["news"] = news.iter().map(news_json).collect();
        let list = stored::assignments(&app.store, &id).await?;
        v["assignments"] = list.iter().map(assignments::assignment_json).collect();
        Ok(v)
    }
    .await;
    r.map_or_else(storage, |v| Json(v).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Archive {
    archived: bool,
}

/// `POST /api/classes/{id}/archive {"archived": bool}`.
async fn archive(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Archive = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    if let Err(r) = coach_of(&app, &headers, &id).await {
        return r;
    }
    match stored::set_archived(&app.store, &id, req.archived).await {
        Ok(()) => Json(json!({ "id": id, "archived": req.archived })).into_response(),
        Err(e) => storage(e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Username {
    username: String,
}

/// The account named `username` (any case): 404 `no-such-account`.
async fn account_named(app: &Services, username: &str) -> Result<(String, String), Response> {
    let key = crate::text::normalize_name(username)
        .map(|n| n.to_lowercase())
        .unwrap_or_default();
    match store::accounts::find(&app.store, &key).await {
        Ok(Some(a)) => Ok((a.id, a.name)),
        Ok(None) => {
            let shown: String = username.chars().take(64).collect();
            Err(api_error(
                StatusCode::NOT_FOUND,
                ApiError::new(
                    ApiCode::NoSuchAccount,
                    format!("no account is named `{shown}`"),
                    Some("username"),
                ),
            ))
        }
        Err(e) => Err(storage(e)),
    }
}

/// The body's `{"username"}` read for a coach of class `id`: that
/// account (never a managed one: it belongs to its own class) and its name.
async fn coach_names_account(
    app: &Services,
    headers: &HeaderMap,
    id: &str,
    body: &Bytes,
) -> Result<(String, String), Response> {
    let req: Username = read_json(headers, body)?;
    coach_of(app, headers, id).await?;
    let (account, name) = account_named(app, &req.username).await?;
    refuse_managed(app, &account, "username").await?;
    Ok((account, name))
}

/// `POST /api/classes/{id}/coaches {"username"}`: a co-coach, with every
/// right of the class's maker.
async fn add_coach(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (account, name) = match coach_names_account(&app, &headers, &id, &body).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    match stored::add_coach(&app.store, &id, &account).await {
        Ok(()) => (StatusCode::CREATED, Json(json!({ "coach": name }))).into_response(),
        Err(e) => storage(e),
    }
}

/// Refuses a class already holding [`MAX_STUDENTS`] with `more` to come.
async fn room_for(app: &Services, id: &str, more: usize) -> Result<(), Response> {
    let n = match stored::students(&app.store, id).await {
        Ok(s) => s.len(),
        Err(e) => return Err(storage(e)),
    };
    if n + more > MAX_STUDENTS {
        return Err(bad(
            "names",
            format!("a class holds at most {MAX_STUDENTS} students; this one has {n}"),
        ));
    }
    Ok(())
}

/// `POST /api/classes/{id}/invitations {"username"}`: invites an existing
/// account; it joins when the student accepts (`POST .../join`).
async fn invite(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (account, name) = match coach_names_account(&app, &headers, &id, &body).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    if let Err(r) = room_for(&app, &id, 1).await {
        return r;
    }
    let row = StudentRow {
        account,
        username: name.clone(),
        name: name.clone(),
        managed: false,
        status: "invited".into(),
    };
    match stored::add_student(&app.store, &id, &row).await {
        Ok(true) => (StatusCode::CREATED, Json(student_json(&row))).into_response(),
        Ok(false) => bad("username", format!("`{name}` is in the class already")),
        Err(e) => storage(e),
    }
}

/// `POST /api/classes/{id}/join` (no body): the invited student accepts.
async fn join(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = crate::api::read_no_body(&headers, &body) {
        return r;
    }
    let account = match require(&app.store, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let invited = match stored::taken_by(&app.store, &account.id).await {
        Ok(v) => v.into_iter().any(|(c, s)| c.id == id && s == "invited"),
        Err(e) => return storage(e),
    };
    if !invited {
        return api_error(
            StatusCode::FORBIDDEN,
            ApiError::new(
                ApiCode::NotCoach,
                "this account has no invitation to that class",
                Some("id"),
            ),
        );
    }
    match stored::set_status(&app.store, &id, &account.id, "active").await {
        Ok(_) => Json(json!({ "id": id, "status": "active" })).into_response(),
        Err(e) => storage(e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Names {
    names: Vec<String>,
}

/// `POST /api/classes/{id}/students {"names": [...]}`: managed accounts
/// for a list of names, 201 `{"students": [{"username", "password",
/// "name"}]}`: the passwords are in this answer only.
async fn add_managed(
    State(app): State<Services>,
    Client(client): Client,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Names = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    if let Err(l) = app.limits.create(client) {
        return too_many(&app, l);
    }
    if let Err(r) = coach_of(&app, &headers, &id).await {
        return r;
    }
    let wanted = match names::read_names(&req.names) {
        Ok(v) => v,
        Err(r) => return r,
    };
    if let Err(r) = room_for(&app, &id, wanted.len()).await {
        return r;
    }
    let mut out = Vec::new();
    for name in wanted {
        match names::make_managed(&app, &id, &name).await {
            Ok(made) => out.push(made),
            Err(r) => return r,
        }
    }
    (StatusCode::CREATED, Json(json!({ "students": out }))).into_response()
}

/// The class's student named `username`: 404 `no-such-account` when the
/// class has none.
async fn student_named(
    app: &Services,
    class: &str,
    username: &str,
) -> Result<StudentRow, Response> {
    let students = stored::students(&app.store, class).await.map_err(storage)?;
    let key = username.to_lowercase();
    students
        .into_iter()
        .find(|s| s.username.to_lowercase() == key)
        .ok_or_else(|| {
            let shown: String = username.chars().take(64).collect();
            api_error(
                StatusCode::NOT_FOUND,
                ApiError::new(
                    ApiCode::NoSuchAccount,
                    format!("the class has no student `{shown}`"),
                    Some("username"),
                ),
            )
        })
}

/// `POST /api/classes/{id}/students/{username}/password` (no body): a new
/// generated password for a managed student (their sessions end), shown
/// once: `{"username", "password", "name"}`.
async fn reset_password(
    State(app): State<Services>,
    Path((id, username)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = crate::api::read_no_body(&headers, &body) {
        return r;
    }
    if let Err(r) = coach_of(&app, &headers, &id).await {
        return r;
    }
    let student = match student_named(&app, &id, &username).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    match stored::managed_by(&app.store, &student.account).await {
        Ok(Some(c)) if c == id => {}
        Ok(_) => {
            return bad(
                "username",
                "only a managed account's password is reset by its coach; this student has their own account",
            )
        }
        Err(e) => return storage(e),
    }
    let password = names::password();
    let hash = match crate::accounts::hash_password(password.clone()).await {
        Ok(h) => h,
        Err(e) => return storage(e),
    };
    match store::accounts::set_password(&app.store, &student.account, &hash, "").await {
        Ok(()) => Json(json!({
            "username": student.username,
            "password": password,
            "name": student.name,
        }))
        .into_response(),
        Err(e) => storage(e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Status {
    status: String,
}

/// `POST /api/classes/{id}/students/{username}/status {"status": "active" |
/// "archived"}`: an archived student keeps their records but leaves the
/// roster, the progress table and the assignments.
async fn set_status(
    State(app): State<Services>,
    Path((id, username)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Status = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    if !matches!(req.status.as_str(), "active" | "archived") {
        return bad("status", "a student's status is `active` or `archived`");
    }
    if let Err(r) = coach_of(&app, &headers, &id).await {
        return r;
    }
    let student = match student_named(&app, &id, &username).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    if student.status == "invited" {
        return bad("status", "the student has not accepted the invitation yet");
    }
    match stored::set_status(&app.store, &id, &student.account, &req.status).await {
        Ok(_) => {
            Json(json!({ "username": student.username, "status": req.status })).into_response()
        }
        Err(e) => storage(e),
    }
}

/// `POST /api/classes/{id}/students/{username}/remove` (no body): the
/// student leaves the class (a managed account can no longer sign in: its
/// password is replaced by one nobody knows).
async fn remove(
    State(app): State<Services>,
    Path((id, username)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = crate::api::read_no_body(&headers, &body) {
        return r;
    }
    if let Err(r) = coach_of(&app, &headers, &id).await {
        return r;
    }
    let student = match student_named(&app, &id, &username).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    if student.managed {
        let hash =
            match crate::accounts::hash_password(names::password() + &names::password()).await {
                Ok(h) => h,
                Err(e) => return storage(e),
            };
        if let Err(e) = store::accounts::set_password(&app.store, &student.account, &hash, "").await
        {
            return storage(e);
        }
    }
    match stored::remove_student(&app.store, &id, &student.account).await {
        Ok(_) => Json(json!({ "username": student.username, "removed": true })).into_response(),
        Err(e) => storage(e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct News {
    body: String,
}

/// `POST /api/classes/{id}/news {"body"}`: short news to the class's
/// students (plain text, at most [`MAX_NEWS_CHARS`]).
async fn post_news(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: News = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let (account, _) = match coach_of(&app, &headers, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let text = req.body.trim();
    let n = text.chars().count();
    if n == 0 || n > MAX_NEWS_CHARS {
        return bad(
            "body",
            format!("news is 1 to {MAX_NEWS_CHARS} characters; this is {n}"),
        );
    }
    let row = stored::NewsRow {
        id: uuid::Uuid::new_v4().simple().to_string()[..12].to_string(),
        author: account.name.clone(),
        body: text
            .chars()
            .filter(|c| !c.is_control() || *c == '\n')
            .collect(),
        at: now_s(),
    };
    match stored::post_news(&app.store, &id, &account.id, &row).await {
        Ok(()) => (StatusCode::CREATED, Json(news_json(&row))).into_response(),
        Err(e) => storage(e),
    }
}
