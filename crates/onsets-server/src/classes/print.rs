//! Printable pages of a class (docs/classes.md, "Printing"), as PDF from
//! the `printpdf` crate the scoresheets use:
//!
//! * login cards for managed students (ten to an A4 page, cut along the
//!   lines): the class, the student's name, username and password, and
//!   where to sign in. The passwords are in the request: the server keeps
//!   only their hashes.
//! * the puzzle sheet of an assignment with its answer key: the CLI's
//!   `onsets puzzle sheet` layout (cards drawn with their dots, cubes with
//!   their real symbols in the embedded DejaVu Sans, a legend on every
//!   page), compiled here from the CLI's own files so both print the same.

#![allow(clippy::result_large_err)]

#[allow(dead_code)]
#[path = "../../../onsets-cli/src/puzzle/layout.rs"]
mod layout;
/// Left out of this crate's unit tests: the sheet's tests are the CLI's
/// own (`cargo test -p onsets-cli`), and `tests/classes.rs` prints a sheet
/// through the route.
#[cfg(not(test))]
#[allow(dead_code)]
#[path = "../../../onsets-cli/src/puzzle/sheet.rs"]
mod sheet;

use super::{coach_of, stored};
use crate::api::{bad, error_response, read_json, storage, ApiCode, Services};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use onsets_puzzles::{Kind, Puzzle};
use printpdf::path::PaintMode;
use printpdf::{
    Color, IndirectFontRef, Line, Mm, PdfDocument, PdfLayerReference, Point, Rect, Rgb,
};
use serde::Deserialize;

/// The answer of a puzzle in a line (the CLI's `onsets puzzle` prints the
/// same; the sheet's answer key reads it as `super::answer_text`).
#[cfg_attr(test, allow(dead_code))]
pub fn answer_text(p: &Puzzle) -> String {
    let list = |v: &serde_json::Value| {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str())
                    .collect::<Vec<_>>()
                    .join("; ")
            })
            .unwrap_or_default()
    };
    match p.kind {
        Kind::Challenge | Kind::Claim => p.answer.as_str().unwrap_or_default().to_string(),
        Kind::Solve => match p.answer["sets"][0]["cards"].as_str() {
            Some(cards) => format!(
                "{} (fewest cubes: {}; any correct Solution naming {{{cards}}})",
                p.answer["shortest"].as_str().unwrap_or_default(),
                p.answer["cubes"],
            ),
            None => format!(
                "{} (fewest cubes: {}; any correct Solution)",
                p.answer["shortest"].as_str().unwrap_or_default(),
                p.answer["cubes"],
            ),
        },
        Kind::SafeMove => format!("safe: {}", list(&p.answer["safe"])),
        Kind::Goal => format!("safe Goals: {}", list(&p.answer["safe"])),
    }
}

/// The puzzle sheet of `puzzles` with its answer key, as PDF bytes.
pub fn puzzle_sheet(title: &str, puzzles: &[Puzzle]) -> Result<Vec<u8>, String> {
    #[cfg(not(test))]
    return sheet::pdf(title, puzzles);
    #[cfg(test)]
    {
        let _ = (title, puzzles);
        Err("the puzzle sheet is not in the unit tests' build".into())
    }
}

/// One login card.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub username: String,
    pub password: String,
    pub name: String,
}

const CARD_W: f32 = 91.0;
const CARD_H: f32 = 54.0;
const LEFT: f32 = 14.0;
const TOP: f32 = 283.0;

fn ink(v: f32) -> Color {
    Color::Rgb(Rgb::new(v, v, v, None))
}

fn frame(layer: &PdfLayerReference, x: f32, y: f32) {
    layer.set_outline_color(ink(0.6));
    layer.set_outline_thickness(0.4);
    layer.add_rect(
        Rect::new(Mm(x), Mm(y), Mm(x + CARD_W), Mm(y + CARD_H)).with_mode(PaintMode::Stroke),
    );
    layer.add_line(Line {
        points: vec![
            (Point::new(Mm(x + 4.0), Mm(y + CARD_H - 16.0)), false),
            (
                Point::new(Mm(x + CARD_W - 4.0), Mm(y + CARD_H - 16.0)),
                false,
            ),
        ],
        is_closed: false,
    });
}

fn text(layer: &PdfLayerReference, font: &IndirectFontRef, s: &str, size: f32, x: f32, y: f32) {
    layer.set_fill_color(ink(0.0));
    layer.use_text(s, size, Mm(x), Mm(y), font);
}

/// The login cards of `cards` for class `class` (sign-in page `site`):
/// ten to an A4 page.
pub fn cards_pdf(class: &str, site: &str, cards: &[Card]) -> Result<Vec<u8>, String> {
    let (doc, p1, l1) = PdfDocument::new(
        format!("{class}: login cards"),
        Mm(layout::W),
        Mm(layout::H),
        "cards",
    );
    let font = doc
        .add_external_font(layout::FONT)
        .map_err(|e| e.to_string())?;
    let mut layer = doc.get_page(p1).get_layer(l1);
    for (i, c) in cards.iter().enumerate() {
        if i > 0 && i % 10 == 0 {
            let (p, l) = doc.add_page(Mm(layout::W), Mm(layout::H), "cards");
            layer = doc.get_page(p).get_layer(l);
        }
        let k = i % 10;
        let x = LEFT + (k % 2) as f32 * CARD_W;
        let y = TOP - (k / 2 + 1) as f32 * CARD_H;
        frame(&layer, x, y);
        let name: String = c.name.chars().take(40).collect();
        let class_name: String = class.chars().take(50).collect();
        text(&layer, &font, &class_name, 8.0, x + 5.0, y + CARD_H - 7.0);
        text(&layer, &font, &name, 13.0, x + 5.0, y + CARD_H - 13.5);
        text(&layer, &font, "Username", 8.0, x + 5.0, y + 27.0);
        text(&layer, &font, &c.username, 14.0, x + 5.0, y + 21.0);
        text(&layer, &font, "Password", 8.0, x + 5.0, y + 14.0);
        text(&layer, &font, &c.password, 14.0, x + 5.0, y + 8.0);
        text(
            &layer,
            &font,
            &format!("Sign in at {site}"),
            7.0,
            x + 5.0,
            y + 3.0,
        );
    }
    doc.save_to_bytes().map_err(|e| e.to_string())
}

fn pdf(bytes: Vec<u8>, file: &str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{file}\""),
            ),
        ],
        bytes,
    )
        .into_response()
}

fn print_failed(e: String) -> Response {
    error_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        ApiCode::Internal,
        format!("making the PDF: {e}"),
        None,
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Cards {
    students: Vec<Card>,
}

/// `POST /api/classes/{id}/cards.pdf {"students": [{"username",
/// "password", "name"}]}` (a coach): the login cards of students of the
/// class, from the answer that gave their passwords.
pub(super) async fn cards(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Cards = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let (_, class) = match coach_of(&app, &headers, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    if req.students.is_empty() || req.students.len() > super::MAX_STUDENTS {
        return bad("students", format!("1 to {} cards", super::MAX_STUDENTS));
    }
    let roster = match stored::students(&app.store, &id).await {
        Ok(s) => s,
        Err(e) => return storage(e),
    };
    for (i, c) in req.students.iter().enumerate() {
        if !roster.iter().any(|s| s.managed && s.username == c.username) {
            return bad(
                &format!("students[{i}].username"),
                "not a managed student of this class",
            );
        }
        if c.password.len() > 64 || c.name.len() > 200 {
            return bad(
                &format!("students[{i}]"),
                "a card's password or name is too long",
            );
        }
    }
    let site = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.len() <= 100 && h.chars().all(|c| c.is_ascii_graphic()))
        .map_or_else(|| "this server".to_string(), |h| format!("{h}/account"));
    match cards_pdf(&class.name, &site, &req.students) {
        Ok(bytes) => pdf(bytes, "login-cards.pdf"),
        Err(e) => print_failed(e),
    }
}

/// `GET /api/classes/{id}/assignments/{aid}/sheet.pdf` (a coach): the
/// puzzle sheet of a puzzles assignment with its answer key.
pub(super) async fn assignment_sheet(
    State(app): State<Services>,
    Path((id, aid)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let (_, class) = match coach_of(&app, &headers, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let a = match stored::assignment(&app.store, &aid).await {
        Ok(Some(a)) if a.class == id => a,
        Ok(_) => {
            let shown: String = aid.chars().take(64).collect();
            return error_response(
                StatusCode::NOT_FOUND,
                ApiCode::NoSuchAssignment,
                format!("the class has no assignment `{shown}`"),
                Some("assignment"),
            );
        }
        Err(e) => return storage(e),
    };
    if a.kind != "puzzles" {
        return bad("assignment", "only a set of puzzles has a puzzle sheet");
    }
    let puzzles: Vec<Puzzle> = a
        .puzzles
        .iter()
        .filter_map(|p| {
            crate::puzzles::every_puzzle()
                .iter()
                .find(|x| &x.id == p)
                .cloned()
        })
        .collect();
    let title = format!("{}: puzzles", class.name);
    let bytes = tokio::task::spawn_blocking(move || puzzle_sheet(&title, &puzzles)).await;
    match bytes {
        Ok(Ok(b)) => pdf(b, &format!("puzzles-{aid}.pdf")),
        Ok(Err(e)) => print_failed(e),
        Err(e) => print_failed(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_make_a_pdf_whatever_the_names_letters() {
        let cards: Vec<Card> = (0..12)
            .map(|i| Card {
                username: format!("brave-otter-{i:02}"),
                password: "maple-rocket-4821".into(),
                name: format!("Zoë Ñuñez {i}"),
            })
            .collect();
        let pdf = cards_pdf("Room 12", "localhost/account", &cards).unwrap();
        assert!(pdf.starts_with(b"%PDF"));
    }
}
