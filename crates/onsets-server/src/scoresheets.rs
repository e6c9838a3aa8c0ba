//! Printable scoresheets and standings (XII-B): PDF from the `printpdf`
//! crate, A4, the built-in Helvetica (names in its WinAnsi letters; others
//! print as `?`). Pure: an event in, bytes out.
//!
//! * A round's scoresheets: one per table, two to a page. A Scoresheet is
//!   "a piece of paper on which players' scores for the shakes of a match are
//!   recorded and totaled and which the players sign or initial" (Glossary):
//!   a column per player, a row per shake, the match score (the total), the
//!   match points (XII-A) and the initials (XII-B), with a line for a judge's
//!   initials on one-point penalties in Elementary and Middle (XI).
//! * The standings: place, name, team, match points and the tie-breaks of
//!   docs/tournaments.md, then the team standings.
//! * A round's pairings, a page per room, and the awards list per division
//!   (docs/tournaments.md, "Rooms" and "Awards").
//! * The certificates: an A4 landscape page per award (a placed player or
//!   school), with the event, the division, the place and the name.

use onsets_tournament::{standings, team_standings, Event};
use printpdf::path::PaintMode;
use printpdf::{
    BuiltinFont, Color, IndirectFontRef, Line, Mm, PdfDocument, PdfDocumentReference,
    PdfLayerReference, Point, Rect, Rgb,
};

const W: f32 = 210.0;
const H: f32 = 297.0;
const MARGIN: f32 = 14.0;
/// Shake rows on a scoresheet: more than a timed round usually has.
pub const SHAKE_ROWS: usize = 10;

/// What went wrong making a PDF.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error("there is no round {0}")]
    NoSuchRound(u32),
    #[error("making the PDF: {0}")]
    Pdf(String),
}

/// `s` in the letters the built-in font has (WinAnsi), others as `?`.
fn printable(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\u{20}'..='\u{7e}' | '\u{a0}'..='\u{ff}' => c,
            '−' | '–' | '—' => '-',
            '’' | '′' => '\'',
            _ => '?',
        })
        .collect()
}

fn grey(v: f32) -> Color {
    Color::Rgb(Rgb::new(v, v, v, None))
}

struct Sheet {
    doc: PdfDocumentReference,
    layer: PdfLayerReference,
    font: IndirectFontRef,
    bold: IndirectFontRef,
    /// The pages' width and height (mm).
    size: (f32, f32),
}

impl Sheet {
    fn new(title: &str) -> Result<Sheet, PrintError> {
        Sheet::sized(title, (W, H))
    }

    fn sized(title: &str, size: (f32, f32)) -> Result<Sheet, PrintError> {
        let (doc, p, l) = PdfDocument::new(printable(title), Mm(size.0), Mm(size.1), "page");
        let font = doc
            .add_builtin_font(BuiltinFont::Helvetica)
            .map_err(|e| PrintError::Pdf(e.to_string()))?;
        let bold = doc
            .add_builtin_font(BuiltinFont::HelveticaBold)
            .map_err(|e| PrintError::Pdf(e.to_string()))?;
        let layer = doc.get_page(p).get_layer(l);
        Ok(Sheet {
            doc,
            layer,
            font,
            bold,
            size,
        })
    }

    fn page(&mut self) {
        let (p, l) = self.doc.add_page(Mm(self.size.0), Mm(self.size.1), "page");
        self.layer = self.doc.get_page(p).get_layer(l);
    }

    fn text(&self, s: &str, size: f32, x: f32, y: f32, bold: bool) {
        let f = if bold { &self.bold } else { &self.font };
        self.layer.set_fill_color(grey(0.0));
        self.layer.use_text(printable(s), size, Mm(x), Mm(y), f);
    }

    fn line(&self, x1: f32, y1: f32, x2: f32, y2: f32) {
        self.layer.set_outline_color(grey(0.25));
        self.layer.set_outline_thickness(0.5);
        self.layer.add_line(Line {
            points: vec![
                (Point::new(Mm(x1), Mm(y1)), false),
                (Point::new(Mm(x2), Mm(y2)), false),
            ],
            is_closed: false,
        });
    }

    fn shade(&self, x: f32, y: f32, w: f32, h: f32) {
        self.layer.set_fill_color(grey(0.9));
        self.layer
            .add_rect(Rect::new(Mm(x), Mm(y), Mm(x + w), Mm(y + h)).with_mode(PaintMode::Fill));
    }

    fn bytes(self) -> Result<Vec<u8>, PrintError> {
        self.doc
            .save_to_bytes()
            .map_err(|e| PrintError::Pdf(e.to_string()))
    }
}

/// The scoresheets of round `round`, one per table (two to an A4 page).
pub fn scoresheets_pdf(event: &Event, round: u32) -> Result<Vec<u8>, PrintError> {
    let r = event
        .paired
        .iter()
        .find(|r| r.round == round)
        .ok_or(PrintError::NoSuchRound(round))?;
    let title = format!("{}: round {round} scoresheets", event.name);
    let mut sheet = Sheet::new(&title)?;
    let half = (H - 2.0 * MARGIN) / 2.0;
    for (i, t) in r.tables.iter().enumerate() {
        if i > 0 && i % 2 == 0 {
            sheet.page();
        }
        let top = H - MARGIN - (i % 2) as f32 * half;
        let names: Vec<&str> = t
            .players
            .iter()
            .map(|p| event.entries[*p].name.as_str())
            .collect();
        table_sheet(&sheet, event, round, t.table, &names, top);
    }
    if let Some(b) = r.bye {
        let y = if r.tables.len() % 2 == 1 {
            H - MARGIN - half - 6.0
        } else {
            sheet.page();
            H - MARGIN - 6.0
        };
        sheet.text(
            &format!(
                "Bye in round {round}: {} (6 match points, docs/rulings.md)",
                event.entries[b].name
            ),
            11.0,
            MARGIN,
            y,
            true,
        );
    }
    sheet.bytes()
}

/// One table's scoresheet, its top at `top` (mm from the page's foot).
fn table_sheet(s: &Sheet, event: &Event, round: u32, table: u32, names: &[&str], top: f32) {
    s.text(
        &format!("{}  -  Round {round}, Table {table}", event.name),
        13.0,
        MARGIN,
        top - 5.0,
        true,
    );
    s.text(
        &format!(
            "{} Division. Record each shake's score; total them; match points by XII-A \
             (3 players: 6/5/4/4/3/2; 2 players: 6/5/4).",
            event.division
        ),
        8.0,
        MARGIN,
        top - 10.0,
        false,
    );
    let label_w = 42.0;
    let col_w = (W - 2.0 * MARGIN - label_w) / names.len().max(1) as f32;
    let row_h = 7.2;
    let mut y = top - 14.0;
    let rows: Vec<String> = (1..=SHAKE_ROWS)
        .map(|k| format!("Shake {k}"))
        .chain([
            "Match score (total)".to_string(),
            "Match points (XII-A)".to_string(),
            "Initials (XII-B)".to_string(),
        ])
        .collect();
    let bottom = y - row_h * (rows.len() + 1) as f32;
    // the players' names head the columns
    s.shade(MARGIN, y - row_h, W - 2.0 * MARGIN, row_h);
    s.text("Player", 10.0, MARGIN + 1.5, y - row_h + 2.2, true);
    for (j, n) in names.iter().enumerate() {
        s.text(
            n,
            10.0,
            MARGIN + label_w + j as f32 * col_w + 1.5,
            y - row_h + 2.2,
            true,
        );
    }
    s.line(MARGIN, y, W - MARGIN, y);
    y -= row_h;
    for (k, label) in rows.iter().enumerate() {
        if k >= SHAKE_ROWS {
            s.shade(MARGIN, y - row_h, label_w, row_h);
        }
        s.line(MARGIN, y, W - MARGIN, y);
        s.text(label, 9.0, MARGIN + 1.5, y - row_h + 2.2, k >= SHAKE_ROWS);
        y -= row_h;
    }
    s.line(MARGIN, y, W - MARGIN, y);
    for j in 0..=names.len() {
        let x = MARGIN + label_w + j as f32 * col_w;
        s.line(x, top - 14.0, x, bottom);
    }
    s.line(MARGIN, top - 14.0, MARGIN, bottom);
    s.text(
        "XII-B: when the round ends each player signs or initials; the winner (or one of those tied \
         for first) turns the sheet in.",
        7.5,
        MARGIN,
        bottom - 4.5,
        false,
    );
    s.text(
        "Judge's initials for one-point penalties (Elementary, Middle): ____________",
        7.5,
        MARGIN,
        bottom - 8.5,
        false,
    );
}

/// The standings (best first, docs/tournaments.md) and team standings.
pub fn standings_pdf(event: &Event) -> Result<Vec<u8>, PrintError> {
    let mut sheet = Sheet::new(&format!("{}: standings", event.name))?;
    let finished = event.paired.last().is_some_and(|r| r.finished());
    let round = event.paired.len();
    let heading = |s: &Sheet, y: f32| {
        s.text(
            &format!(
                "{} ({} Division)  -  standings after round {round} of {}{}",
                event.name,
                event.division,
                event.rounds,
                if finished || round == 0 {
                    ""
                } else {
                    " (results still coming in)"
                }
            ),
            12.0,
            MARGIN,
            y,
            true,
        );
    };
    let cols: [(&str, f32); 8] = [
        ("#", 0.0),
        ("Player", 10.0),
        ("Team", 64.0),
        ("Played", 100.0),
        ("Match pts", 115.0),
        ("Shake pts", 135.0),
        ("H-to-h", 155.0),
        ("Opp. MP", 170.0),
    ];
    let header = |s: &Sheet, y: f32| {
        s.shade(MARGIN, y - 1.8, W - 2.0 * MARGIN, 6.0);
        for (c, x) in cols {
            s.text(c, 9.0, MARGIN + x + 1.0, y, true);
        }
    };
    let mut y = H - MARGIN - 5.0;
    heading(&sheet, y);
    s_note(&sheet, y - 5.0);
    y -= 12.0;
    header(&sheet, y);
    y -= 6.5;
    for st in standings(event) {
        if y < MARGIN + 8.0 {
            sheet.page();
            y = H - MARGIN - 5.0;
            header(&sheet, y);
            y -= 6.5;
        }
        let cells = [
            st.place.to_string(),
            st.name.clone(),
            st.team.clone().unwrap_or_default(),
            st.played.to_string(),
            st.match_points.to_string(),
            st.shake_points.to_string(),
            format!("{}", st.head_to_head),
            st.opponents_match_points.to_string(),
        ];
        for ((_, x), c) in cols.iter().zip(&cells) {
            sheet.text(c, 9.5, MARGIN + x + 1.0, y, false);
        }
        sheet.line(MARGIN, y - 1.8, W - MARGIN, y - 1.8);
        y -= 6.0;
    }
    let teams = team_standings(event);
    if !teams.is_empty() {
        y -= 6.0;
        if y < MARGIN + 20.0 {
            sheet.page();
            y = H - MARGIN - 5.0;
        }
        sheet.text("Teams", 12.0, MARGIN, y, true);
        y -= 7.0;
        for t in teams {
            if y < MARGIN + 8.0 {
                sheet.page();
                y = H - MARGIN - 5.0;
            }
            sheet.text(
                &format!(
                    "{}. {}: {} match points, {} shake points ({})",
                    t.place,
                    t.team,
                    t.match_points,
                    t.shake_points,
                    t.members.join(", ")
                ),
                9.5,
                MARGIN + 1.0,
                y,
                false,
            );
            y -= 6.0;
        }
    }
    sheet.bytes()
}

fn s_note(s: &Sheet, y: f32) {
    s.text(
        "Order: match points (XII-A, a bye counts 6), then shake points, head-to-head among \
         the tied, opponents' match points, seed order.",
        7.5,
        MARGIN,
        y,
        false,
    );
}

#[cfg(test)]
#[path = "../tests/common/pdf_text.rs"]
mod pdf_text;

/// Lines of text printed down pages: a heading per part, each part on a
/// page of its own (continued on the next when full).
struct Listing {
    sheet: Sheet,
    y: f32,
    first: bool,
}

impl Listing {
    fn new(title: &str) -> Result<Listing, PrintError> {
        Ok(Listing {
            sheet: Sheet::new(title)?,
            y: H - MARGIN,
            first: true,
        })
    }

    /// A part's heading, on a fresh page (the first page is fresh).
    fn part(&mut self, title: &str, sub: &str) {
        if !self.first {
            self.sheet.page();
        }
        self.first = false;
        self.y = H - MARGIN - 6.0;
        self.sheet.text(title, 18.0, MARGIN, self.y, true);
        self.y -= 8.0;
        self.sheet.text(sub, 11.0, MARGIN, self.y, false);
        self.y -= 10.0;
    }

    /// One row: each cell at its x (mm), bold or not.
    fn row(&mut self, cells: &[(f32, &str)], bold: bool) {
        if self.y < MARGIN + 8.0 {
            self.sheet.page();
            self.y = H - MARGIN - 6.0;
        }
        if bold {
            self.sheet
                .shade(MARGIN, self.y - 2.0, W - 2.0 * MARGIN, 7.0);
        }
        for (x, c) in cells {
            self.sheet.text(c, 11.0, *x, self.y, bold);
        }
        self.y -= 8.0;
    }

    fn gap(&mut self) {
        self.y -= 4.0;
    }
}

/// A round's pairings, a page per room (its tables by number: division,
/// players and their schools), then the tables past the last room's.
pub fn pairings_pdf(event: &Event, round: u32) -> Result<Vec<u8>, PrintError> {
    let r = event
        .paired
        .iter()
        .find(|r| r.round == round)
        .ok_or(PrintError::NoSuchRound(round))?;
    let mut l = Listing::new(&format!("{}: round {round} pairings", event.name))?;
    let mut rooms: Vec<Option<&str>> = event
        .day
        .rooms
        .iter()
        .map(|x| Some(x.name.as_str()))
        .collect();
    rooms.push(None);
    for room in rooms {
        let tables: Vec<_> = r
            .tables
            .iter()
            .filter(|t| event.room_of(t.table) == room)
            .collect();
        if tables.is_empty() && (room.is_none() || !l.first) {
            continue;
        }
        let title = room.map_or_else(|| "Tables".to_string(), |x| format!("Room {x}"));
        l.part(
            &title,
            &format!("{}, round {round} of {}", event.name, event.rounds),
        );
        l.row(
            &[
                (MARGIN + 2.0, "Table"),
                (MARGIN + 20.0, "Division"),
                (MARGIN + 50.0, "Players"),
            ],
            true,
        );
        for t in tables {
            let players: Vec<String> = t
                .players
                .iter()
                .map(|p| {
                    let e = &event.entries[*p];
                    match &e.school {
                        Some(s) => format!("{} ({s})", e.name),
                        None => e.name.clone(),
                    }
                })
                .collect();
            let no = t.table.to_string();
            let div = event.division_of_table(t);
            l.row(
                &[
                    (MARGIN + 2.0, &no),
                    (MARGIN + 20.0, &div),
                    (MARGIN + 50.0, &players.join(", ")),
                ],
                false,
            );
        }
        if room.is_none() {
            if let Some(b) = r.bye {
                l.gap();
                l.row(
                    &[(MARGIN + 2.0, &format!("Bye: {}", event.entries[b].name))],
                    false,
                );
            }
        }
    }
    l.sheet.bytes()
}

/// The awards list: each division's places and school awards, from the
/// awards view (`tournaments::day::awards_view`).
pub fn awards_pdf(event: &Event, awards: &serde_json::Value) -> Result<Vec<u8>, PrintError> {
    let mut l = Listing::new(&format!("{}: awards", event.name))?;
    let none = Vec::new();
    for d in awards["divisions"].as_array().unwrap_or(&none) {
        let division = d["division"].as_str().unwrap_or("");
        l.part(&format!("Awards: {division}"), &event.name);
        l.row(
            &[
                (MARGIN + 2.0, "Place"),
                (MARGIN + 20.0, "Player"),
                (MARGIN + 90.0, "School"),
                (MARGIN + 140.0, "Match pts"),
                (MARGIN + 162.0, "Shake pts"),
            ],
            true,
        );
        for p in d["places"].as_array().unwrap_or(&none) {
            let cell = |k: &str| match &p[k] {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Null => String::new(),
                v => v.to_string(),
            };
            l.row(
                &[
                    (MARGIN + 2.0, &cell("place")),
                    (MARGIN + 20.0, &cell("name")),
                    (MARGIN + 90.0, &cell("school")),
                    (MARGIN + 140.0, &cell("match_points")),
                    (MARGIN + 162.0, &cell("shake_points")),
                ],
                false,
            );
        }
        let schools = d["schools"].as_array().unwrap_or(&none);
        if !schools.is_empty() {
            l.gap();
            l.row(
                &[
                    (MARGIN + 2.0, "Place"),
                    (MARGIN + 20.0, "School"),
                    (MARGIN + 90.0, "Players counted"),
                    (MARGIN + 140.0, "Match pts"),
                    (MARGIN + 162.0, "Shake pts"),
                ],
                true,
            );
            for s in schools {
                let members: Vec<&str> = s["members"]
                    .as_array()
                    .unwrap_or(&none)
                    .iter()
                    .filter_map(|m| m.as_str())
                    .collect();
                l.row(
                    &[
                        (MARGIN + 2.0, &s["place"].to_string()),
                        (MARGIN + 20.0, s["school"].as_str().unwrap_or("")),
                        (MARGIN + 90.0, &members.join(", ")),
                        (MARGIN + 140.0, &s["match_points"].to_string()),
                        (MARGIN + 162.0, &s["shake_points"].to_string()),
                    ],
                    false,
                );
            }
        }
    }
    l.sheet.bytes()
}

/// One certificate: who, for which place, in which division.
struct Certificate<'a> {
    name: &'a str,
    place: u64,
    division: &'a str,
    /// A school's award (among the division's schools).
    school: bool,
}

/// "1st", "2nd", "3rd", "4th", … "11th", "21st".
fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `s` centred on the page at `y` (Helvetica's mean width, about half its
/// size a letter).
fn centred(sheet: &Sheet, s: &str, size: f32, y: f32, bold: bool) {
    let pt_mm = 0.3528;
    let width = printable(s).chars().count() as f32 * size * pt_mm * if bold { 0.56 } else { 0.5 };
    sheet.text(s, size, ((sheet.size.0 - width) / 2.0).max(MARGIN), y, bold);
}

fn certificate_page(sheet: &Sheet, event: &Event, c: &Certificate) {
    let (w, h) = sheet.size;
    for inset in [10.0, 13.0] {
        sheet.line(inset, inset, w - inset, inset);
        sheet.line(w - inset, inset, w - inset, h - inset);
        sheet.line(w - inset, h - inset, inset, h - inset);
        sheet.line(inset, h - inset, inset, inset);
    }
    centred(sheet, "Certificate of Achievement", 30.0, h - 45.0, true);
    centred(sheet, "is awarded to", 14.0, h - 70.0, false);
    centred(sheet, c.name, 32.0, h - 95.0, true);
    let division = {
        let mut d = c.division.chars();
        d.next()
            .map(|f| f.to_uppercase().chain(d).collect::<String>())
            .unwrap_or_default()
    };
    let what = if c.school {
        format!(
            "for {} place among the schools of the {division} division",
            ordinal(c.place)
        )
    } else {
        format!("for {} place in the {division} division", ordinal(c.place))
    };
    centred(sheet, &what, 16.0, h - 115.0, false);
    centred(
        sheet,
        &format!("On-Sets: {}", event.name),
        16.0,
        h - 130.0,
        true,
    );
    sheet.line(w / 2.0 - 50.0, 40.0, w / 2.0 + 50.0, 40.0);
    centred(sheet, "Tournament director", 11.0, 34.0, false);
}

/// The certificates of the awards (`awards`: the awards' view, each
/// division's `places` and `schools`): an A4 landscape page per placed
/// player, then per placed school, division by division. An event with
/// no award yet prints one page saying so.
pub fn certificates_pdf(event: &Event, awards: &serde_json::Value) -> Result<Vec<u8>, PrintError> {
    let none = Vec::new();
    let mut all = Vec::new();
    for d in awards["divisions"].as_array().unwrap_or(&none) {
        let division = d["division"].as_str().unwrap_or("");
        for (list, key, school) in [("places", "name", false), ("schools", "school", true)] {
            for p in d[list].as_array().unwrap_or(&none) {
                all.push(Certificate {
                    name: p[key].as_str().unwrap_or(""),
                    place: p["place"].as_u64().unwrap_or(0),
                    division,
                    school,
                });
            }
        }
    }
    let mut sheet = Sheet::sized(&format!("{}: certificates", event.name), (H, W))?;
    if all.is_empty() {
        centred(
            &sheet,
            "No awards yet: the standings have no entries.",
            16.0,
            W / 2.0,
            false,
        );
    }
    for (i, c) in all.iter().enumerate() {
        if i > 0 {
            sheet.page();
        }
        certificate_page(&sheet, event, c);
    }
    sheet.bytes()
}

#[cfg(test)]
mod tests {
    use super::pdf_text::pdf_text as shown_text;
    use super::*;
    use onsets_core::Division;
    use onsets_tournament::FirstRound;
    use std::collections::BTreeMap;

    const NAMES: [&str; 4] = ["Annabel", "Boris", "Cyrus", "Diana"];

    fn event() -> Event {
        let mut e = Event::new("Spring Open", Division::Junior, 3, FirstRound::Seeds).unwrap();
        for (n, t) in NAMES.iter().zip([Some("Reds"), None, Some("Reds"), None]) {
            e.add_entry(n, t).unwrap();
        }
        e.add_entry("Jos\u{e9}", None).unwrap();
        e
    }

    fn find(pdf: &[u8], s: &[u8]) -> Option<usize> {
        let text = shown_text(pdf);
        text.find(std::str::from_utf8(s).unwrap())
    }

    #[test]
    fn xii_b_scoresheets_have_every_table_and_its_players() {
        let mut e = event();
        e.pair_next_round().unwrap();
        let pdf = scoresheets_pdf(&e, 1).unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        for n in NAMES
            .iter()
            .chain(&["Round 1, Table 1", "Round 1, Table 2"])
        {
            assert!(find(&pdf, n.as_bytes()).is_some(), "{n} missing");
        }
        assert!(find(&pdf, b"Match points (XII-A)").is_some());
        // The built-in font's WinAnsi letters: é is the byte 0xE9.
        assert!(shown_text(&pdf).contains("Jos\u{e9}"));
        assert!(matches!(
            scoresheets_pdf(&e, 2),
            Err(PrintError::NoSuchRound(2))
        ));
    }

    #[test]
    fn standings_pdf_lists_entries_best_first() {
        let mut e = event();
        e.pair_next_round().unwrap();
        let tables = e.paired[0].tables.clone();
        for t in &tables {
            let points: &[u8] = if t.players.len() == 3 {
                &[6, 4, 2]
            } else {
                &[6, 4]
            };
            let mp: BTreeMap<String, u8> = t
                .players
                .iter()
                .zip(points)
                .map(|(p, m)| (e.entries[*p].name.clone(), *m))
                .collect();
            e.record_result(1, t.table, &mp, None).unwrap();
        }
        let pdf = standings_pdf(&e).unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        let at: Vec<usize> = standings(&e)
            .iter()
            .filter(|s| s.name.is_ascii())
            .map(|s| find(&pdf, format!("\n{}\n", s.name).as_bytes()).expect("a name printed"))
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "best first: {at:?}");
        assert!(find(&pdf, b"Teams").is_some());
    }
}
