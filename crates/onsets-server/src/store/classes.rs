//! Classes, their coaches, students, news, assignments, the attempts that
//! count for them and the classroom board (docs/classes.md; migration
//! `0024_classes.sql`).

use super::{inserted, now_ms, now_s, Store, StoreResult};
use sqlx::Row;

macro_rules! exec {
    ($store:expr, $sql:expr $(, $bind:expr)* $(,)?) => {
        match $store {
            Store::Sqlite(p) => sqlx::query($sql)$(.bind($bind))*.execute(p).await?.rows_affected(),
            Store::Postgres(p) => sqlx::query($sql)$(.bind($bind))*.execute(p).await?.rows_affected(),
        }
    };
}

macro_rules! rows {
    ($store:expr, $sql:expr, $row:expr $(, $bind:expr)* $(,)?) => {
        match $store {
            Store::Sqlite(p) => sqlx::query($sql)$(.bind($bind))*.fetch_all(p).await?.into_iter().map($row).collect::<Vec<_>>(),
            Store::Postgres(p) => sqlx::query($sql)$(.bind($bind))*.fetch_all(p).await?.into_iter().map($row).collect::<Vec<_>>(),
        }
    };
}

/// A class as stored.
#[derive(Clone, Debug)]
pub struct ClassRow {
    pub id: String,
    pub name: String,
    pub division: String,
    pub edition: String,
    pub created_at: i64,
    pub archived: bool,
}

const CLASS_COLUMNS: &str = "c.id, c.name, c.division, c.edition, c.created_at, c.archived";

macro_rules! class_of {
    ($r:expr) => {
        ClassRow {
            id: $r.get(0),
            name: $r.get(1),
            division: $r.get(2),
            edition: $r.get(3),
            created_at: $r.get(4),
            archived: $r.get::<i64, _>(5) != 0,
        }
    };
}

/// A new class, `coach` its first coach.
pub async fn create(store: &Store, c: &ClassRow, coach: &str) -> StoreResult<()> {
    exec!(
        store,
        "INSERT INTO classes (id, name, division, edition, created_by, created_at, archived) \
         VALUES ($1, $2, $3, $4, $5, $6, 0)",
        c.id.as_str(),
        c.name.as_str(),
        c.division.as_str(),
        c.edition.as_str(),
        coach,
        c.created_at
    );
    add_coach(store, &c.id, coach).await?;
    Ok(())
}

/// The class `id`.
pub async fn class(store: &Store, id: &str) -> StoreResult<Option<ClassRow>> {
    let sql = format!("SELECT {CLASS_COLUMNS} FROM classes c WHERE c.id = $1");
    Ok(rows!(store, &sql, |r| class_of!(r), id).into_iter().next())
}

/// Archives (or brings back) a class.
pub async fn set_archived(store: &Store, id: &str, archived: bool) -> StoreResult<()> {
    exec!(
        store,
        "UPDATE classes SET archived = $2 WHERE id = $1",
        id,
        i64::from(archived)
    );
    Ok(())
}

/// Whether `account` coaches `class`.
pub async fn is_coach(store: &Store, class: &str, account: &str) -> StoreResult<bool> {
    let v = rows!(
        store,
        "SELECT 1 FROM class_coaches WHERE class_id = $1 AND account_id = $2",
        |r| r.get::<i32, _>(0),
        class,
        account
    );
    Ok(!v.is_empty())
}

/// Adds a coach (again: nothing changes).
pub async fn add_coach(store: &Store, class: &str, account: &str) -> StoreResult<()> {
    exec!(
        store,
        "INSERT INTO class_coaches (class_id, account_id) VALUES ($1, $2) \
         ON CONFLICT (class_id, account_id) DO NOTHING",
        class,
        account
    );
    Ok(())
}

/// The coaches' account names, in order.
pub async fn coaches(store: &Store, class: &str) -> StoreResult<Vec<String>> {
    Ok(rows!(
        store,
        "SELECT a.name FROM class_coaches k JOIN accounts a ON a.id = k.account_id \
         WHERE k.class_id = $1 ORDER BY a.name_key",
        |r| r.get::<String, _>(0),
        class
    ))
}

/// The classes `account` coaches, newest first.
pub async fn coached_by(store: &Store, account: &str) -> StoreResult<Vec<ClassRow>> {
    let sql = format!(
        "SELECT {CLASS_COLUMNS} FROM classes c JOIN class_coaches k ON k.class_id = c.id \
         WHERE k.account_id = $1 ORDER BY c.created_at DESC, c.id"
    );
    Ok(rows!(store, &sql, |r| class_of!(r), account))
}

/// The classes `account` is a student of (or invited to), with the status.
pub async fn taken_by(store: &Store, account: &str) -> StoreResult<Vec<(ClassRow, String)>> {
    let sql = format!(
        "SELECT {CLASS_COLUMNS}, s.status FROM classes c JOIN class_students s ON s.class_id = c.id \
         WHERE s.account_id = $1 ORDER BY c.created_at DESC, c.id"
    );
    Ok(rows!(
        store,
        &sql,
        |r| (class_of!(r), r.get::<String, _>(6)),
        account
    ))
}

/// A student of a class.
#[derive(Clone, Debug)]
pub struct StudentRow {
    pub account: String,
    /// The account's (public) name: a managed account's generated username.
    pub username: String,
    /// The name the coaches know the student by.
    pub name: String,
    pub managed: bool,
    /// `invited`, `active` or `archived`.
    pub status: String,
}

/// Adds a student: `false` when the account is in the class already.
pub async fn add_student(store: &Store, class: &str, s: &StudentRow) -> StoreResult<bool> {
    let done = super::with_pool!(store, |p| sqlx::query(
        "INSERT INTO class_students (class_id, account_id, name, managed, status, added_at) \
         VALUES ($1, $2, $3, $4, $5, $6)"
    )
    .bind(class)
    .bind(&s.account)
    .bind(&s.name)
    .bind(i64::from(s.managed))
    .bind(&s.status)
    .bind(now_s())
    .execute(p)
    .await
    .map(|_| ()));
    inserted(done)
}

/// A student's new status: `false` when the account is not in the class.
pub async fn set_status(
    store: &Store,
    class: &str,
    account: &str,
    status: &str,
) -> StoreResult<bool> {
    let n = exec!(
        store,
        "UPDATE class_students SET status = $3 WHERE class_id = $1 AND account_id = $2",
        class,
        account,
        status
    );
    Ok(n > 0)
}

/// Removes a student from the class (their account and records stay).
pub async fn remove_student(store: &Store, class: &str, account: &str) -> StoreResult<bool> {
    let n = exec!(
        store,
        "DELETE FROM class_students WHERE class_id = $1 AND account_id = $2",
        class,
        account
    );
    Ok(n > 0)
}

/// The class's students, by name.
pub async fn students(store: &Store, class: &str) -> StoreResult<Vec<StudentRow>> {
    Ok(rows!(
        store,
        "SELECT s.account_id, a.name, s.name, s.managed, s.status FROM class_students s \
         JOIN accounts a ON a.id = s.account_id WHERE s.class_id = $1 ORDER BY s.name, a.name_key",
        |r| StudentRow {
            account: r.get(0),
            username: r.get(1),
            name: r.get(2),
            managed: r.get::<i64, _>(3) != 0,
            status: r.get(4),
        },
        class
    ))
}

/// Marks a new account as managed by `class`.
pub async fn mark_managed(store: &Store, account: &str, class: &str) -> StoreResult<()> {
    exec!(
        store,
        "INSERT INTO managed_accounts (account_id, class_id, created_at) VALUES ($1, $2, $3)",
        account,
        class,
        now_s()
    );
    Ok(())
}

/// The class that manages `account`, when it is a managed account.
pub async fn managed_by(store: &Store, account: &str) -> StoreResult<Option<String>> {
    Ok(rows!(
        store,
        "SELECT class_id FROM managed_accounts WHERE account_id = $1",
        |r| r.get::<String, _>(0),
        account
    )
    .into_iter()
    .next())
}

/// One item of a class's news.
#[derive(Clone, Debug)]
pub struct NewsRow {
    pub id: String,
    pub author: String,
    pub body: String,
    pub at: i64,
}

/// Posts news to a class.
pub async fn post_news(store: &Store, class: &str, author: &str, n: &NewsRow) -> StoreResult<()> {
    exec!(
        store,
        "INSERT INTO class_news (id, class_id, author, body, at) VALUES ($1, $2, $3, $4, $5)",
        n.id.as_str(),
        class,
        author,
        n.body.as_str(),
        n.at
    );
    Ok(())
}

/// A class's news, newest first (at most `limit`).
pub async fn news(store: &Store, class: &str, limit: i64) -> StoreResult<Vec<NewsRow>> {
    Ok(rows!(
        store,
        "SELECT n.id, a.name, n.body, n.at FROM class_news n JOIN accounts a ON a.id = n.author \
         WHERE n.class_id = $1 ORDER BY n.at DESC, n.id DESC LIMIT $2",
        |r| NewsRow {
            id: r.get(0),
            author: r.get(1),
            body: r.get(2),
            at: r.get(3),
        },
        class,
        limit
    ))
}

/// An assignment as stored.
#[derive(Clone, Debug)]
pub struct AssignmentRow {
    pub id: String,
    pub class: String,
    /// `puzzles`, `lesson` or `matches`.
    pub kind: String,
    /// The request as given (JSON), shown back to the coaches.
    pub spec: String,
    pub puzzles: Vec<String>,
    pub lesson: String,
    pub count: i64,
    pub level: String,
    /// Days since 1970-01-01.
    pub due: Option<i64>,
    pub created_at_ms: i64,
}

const ASSIGNMENT_COLUMNS: &str =
    "x.id, x.class_id, x.kind, x.spec, x.puzzles, x.lesson, x.count, x.level, x.due, x.created_at_ms";

macro_rules! assignment_of {
    ($r:expr) => {
        AssignmentRow {
            id: $r.get(0),
            class: $r.get(1),
            kind: $r.get(2),
            spec: $r.get(3),
            puzzles: $r
                .get::<String, _>(4)
                .split_whitespace()
                .map(str::to_string)
                .collect(),
            lesson: $r.get(5),
            count: $r.get(6),
            level: $r.get(7),
            due: $r.get(8),
            created_at_ms: $r.get(9),
        }
    };
}

/// Stores a new assignment, set by `coach`.
pub async fn add_assignment(store: &Store, a: &AssignmentRow, coach: &str) -> StoreResult<()> {
    exec!(
        store,
        "INSERT INTO class_assignments (id, class_id, kind, spec, puzzles, lesson, count, level, \
         due, created_at_ms, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        a.id.as_str(),
        a.class.as_str(),
        a.kind.as_str(),
        a.spec.as_str(),
        a.puzzles.join(" "),
        a.lesson.as_str(),
        a.count,
        a.level.as_str(),
        a.due,
        a.created_at_ms,
        coach
    );
    Ok(())
}

/// A class's assignments, oldest first.
pub async fn assignments(store: &Store, class: &str) -> StoreResult<Vec<AssignmentRow>> {
    let sql = format!(
        "SELECT {ASSIGNMENT_COLUMNS} FROM class_assignments x WHERE x.class_id = $1 \
         ORDER BY x.created_at_ms, x.id"
    );
    Ok(rows!(store, &sql, |r| assignment_of!(r), class))
}

/// One assignment.
pub async fn assignment(store: &Store, id: &str) -> StoreResult<Option<AssignmentRow>> {
    let sql = format!("SELECT {ASSIGNMENT_COLUMNS} FROM class_assignments x WHERE x.id = $1");
    Ok(rows!(store, &sql, |r| assignment_of!(r), id)
        .into_iter()
        .next())
}

/// The assignments of every class `account` is an active student of, with
/// the class's name, oldest first.
pub async fn assignments_of_student(
    store: &Store,
    account: &str,
) -> StoreResult<Vec<(AssignmentRow, String)>> {
    let sql = format!(
        "SELECT {ASSIGNMENT_COLUMNS}, c.name FROM class_assignments x \
         JOIN class_students s ON s.class_id = x.class_id \
         JOIN classes c ON c.id = x.class_id \
         WHERE s.account_id = $1 AND s.status = 'active' AND c.archived = 0 \
         ORDER BY x.created_at_ms, x.id"
    );
    Ok(rows!(
        store,
        &sql,
        |r| (assignment_of!(r), r.get::<String, _>(10)),
        account
    ))
}

/// Whether `account` is an active student of any class.
pub async fn is_student(store: &Store, account: &str) -> StoreResult<bool> {
    let v = rows!(
        store,
        "SELECT 1 FROM class_students WHERE account_id = $1 AND status = 'active'",
        |r| r.get::<i32, _>(0),
        account
    );
    Ok(!v.is_empty())
}

/// One judged puzzle attempt of a signed-in player.
#[derive(Clone, Debug)]
pub struct AttemptRow {
    pub puzzle: String,
    pub at_ms: i64,
    pub correct: bool,
    /// The player's puzzle rating after the attempt.
    pub rating: f64,
}

/// Stores a judged puzzle attempt of `account`.
pub async fn record_attempt(
    store: &Store,
    account: &str,
    puzzle: &str,
    correct: bool,
    rating: f64,
) -> StoreResult<()> {
    exec!(
        store,
        "INSERT INTO account_puzzle_attempts (account_id, puzzle, at_ms, correct, rating) \
         VALUES ($1, $2, $3, $4, $5)",
        account,
        puzzle,
        now_ms(),
        i64::from(correct),
        rating
    );
    Ok(())
}

/// Stores a judged puzzle attempt of a signed-in player with their rating
/// after it, when the player is an active student of a class (what their
/// assignments and the progress table count; docs/classes.md). Called by
/// `POST /api/puzzles/{id}/attempt`.
pub async fn on_attempt(
    store: &Store,
    account: &str,
    puzzle: &str,
    correct: bool,
    rating: f64,
) -> StoreResult<()> {
    if is_student(store, account).await? {
        record_attempt(store, account, puzzle, correct, rating).await?;
    }
    Ok(())
}

/// The attempts of `account` since `since_ms`, oldest first.
pub async fn attempts(store: &Store, account: &str, since_ms: i64) -> StoreResult<Vec<AttemptRow>> {
    Ok(rows!(
        store,
        "SELECT puzzle, at_ms, correct, rating FROM account_puzzle_attempts \
         WHERE account_id = $1 AND at_ms >= $2 ORDER BY at_ms",
        |r| AttemptRow {
            puzzle: r.get(0),
            at_ms: r.get(1),
            correct: r.get::<i64, _>(2) != 0,
            rating: r.get(3),
        },
        account,
        since_ms
    ))
}

/// The lesson steps `account` has done: (lesson, step, done at in seconds).
pub async fn lesson_steps(store: &Store, account: &str) -> StoreResult<Vec<(String, i64, i64)>> {
    Ok(rows!(
        store,
        "SELECT lesson, step, done_at FROM lesson_progress WHERE account_id = $1 \
         ORDER BY done_at, lesson, step",
        |r| (r.get(0), r.get(1), r.get(2)),
        account
    ))
}

/// A rated match an account played.
#[derive(Clone, Debug)]
pub struct MatchRow {
    pub table: String,
    /// Seconds since 1970.
    pub finished_at: i64,
    pub match_points: i64,
    /// The table's spec (JSON: its seats name the bots' levels).
    pub spec: String,
    /// The stored review (JSON), when the table was reviewed.
    pub review: Option<String>,
    /// The account's seat at the table (its place in the review's summary).
    pub seat: i64,
}

/// The rated matches of `account`, oldest first.
pub async fn matches(store: &Store, account: &str) -> StoreResult<Vec<MatchRow>> {
    Ok(rows!(
        store,
        "SELECT m.table_id, m.finished_at, m.match_points, t.spec, r.review, s.seat \
         FROM account_matches m JOIN tables t ON t.id = m.table_id \
         JOIN account_seats s ON s.table_id = m.table_id AND s.account_id = m.account_id \
         LEFT JOIN reviews r ON r.table_id = m.table_id \
         WHERE m.account_id = $1 ORDER BY m.finished_at",
        |r| MatchRow {
            table: r.get(0),
            finished_at: r.get(1),
            match_points: r.get(2),
            spec: r.get(3),
            review: r.get(4),
            seat: i64::from(r.get::<i32, _>(5)),
        },
        account
    ))
}

/// The position a class's board shows.
#[derive(Clone, Debug)]
pub struct BoardRow {
    pub version: i64,
    pub puzzle: String,
    pub revealed: bool,
    pub shown_at_ms: i64,
}

/// The class's board, if a position was ever shown.
pub async fn board(store: &Store, class: &str) -> StoreResult<Option<BoardRow>> {
    Ok(rows!(
        store,
        "SELECT version, puzzle, revealed, shown_at_ms FROM class_boards WHERE class_id = $1",
        |r| BoardRow {
            version: r.get(0),
            puzzle: r.get(1),
            revealed: r.get::<i64, _>(2) != 0,
            shown_at_ms: r.get(3),
        },
        class
    )
    .into_iter()
    .next())
}

/// Shows puzzle `puzzle` on the class's board: a new version, unrevealed.
pub async fn show(store: &Store, class: &str, puzzle: &str) -> StoreResult<i64> {
    exec!(
        store,
        "INSERT INTO class_boards (class_id, version, puzzle, revealed, shown_at_ms) \
         VALUES ($1, 1, $2, 0, $3) ON CONFLICT (class_id) DO UPDATE SET \
         version = class_boards.version + 1, puzzle = excluded.puzzle, revealed = 0, \
         shown_at_ms = excluded.shown_at_ms",
        class,
        puzzle,
        now_ms()
    );
    Ok(board(store, class).await?.map_or(1, |b| b.version))
}

/// Reveals the answer of the board's position `version`: `false` when the
/// board shows another one by now.
pub async fn reveal(store: &Store, class: &str, version: i64) -> StoreResult<bool> {
    let n = exec!(
        store,
        "UPDATE class_boards SET revealed = 1 WHERE class_id = $1 AND version = $2",
        class,
        version
    );
    Ok(n > 0)
}

/// A student's answer on the board.
#[derive(Clone, Debug)]
pub struct BoardAnswer {
    pub account: String,
    pub username: String,
    /// The name the coaches know the student by.
    pub name: String,
    pub answer: String,
    pub correct: bool,
    pub message: String,
    pub at_ms: i64,
}

/// Stores (or replaces) a student's answer to the board's `version`.
pub async fn answer(store: &Store, class: &str, version: i64, a: &BoardAnswer) -> StoreResult<()> {
    exec!(
        store,
        "INSERT INTO class_board_answers (class_id, version, account_id, answer, correct, message, at_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (class_id, version, account_id) DO UPDATE SET \
         answer = excluded.answer, correct = excluded.correct, message = excluded.message, at_ms = excluded.at_ms",
        class,
        version,
        a.account.as_str(),
        a.answer.as_str(),
        i64::from(a.correct),
        a.message.as_str(),
        a.at_ms
    );
    Ok(())
}

/// The answers to the board's `version`, in the order they came.
pub async fn answers(store: &Store, class: &str, version: i64) -> StoreResult<Vec<BoardAnswer>> {
    Ok(rows!(
        store,
        "SELECT b.account_id, a.name, COALESCE(s.name, a.name), b.answer, b.correct, b.message, b.at_ms \
         FROM class_board_answers b JOIN accounts a ON a.id = b.account_id \
         LEFT JOIN class_students s ON s.class_id = b.class_id AND s.account_id = b.account_id \
         WHERE b.class_id = $1 AND b.version = $2 ORDER BY b.at_ms, a.name_key",
        |r| BoardAnswer {
            account: r.get(0),
            username: r.get(1),
            name: r.get(2),
            answer: r.get(3),
            correct: r.get::<i64, _>(4) != 0,
            message: r.get(5),
            at_ms: r.get(6),
        },
        class,
        version
    ))
}
