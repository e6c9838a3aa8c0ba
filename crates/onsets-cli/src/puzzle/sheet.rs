//! The printable sheet (`onsets puzzle sheet`): A4 pages of puzzles with
//! the cards drawn (a card is a rectangle with its colored dots, II-B) and
//! the cubes drawn as squares with their real symbols (∪ ∩ − ′ V Λ = ⊆, in
//! the embedded DejaVu Sans font, so the text stays extractable), each
//! Goal written in plain arithmetic with a legend on every page, then the
//! answer key. Every line, card and cube is laid out first
//! ([`layout`](super::layout)): blocks flow down the page and break to a
//! new page instead of overlapping.

/// The card map's grid (shared with `onsets map`).
#[path = "../cardmap.rs"]
mod map;

use super::layout::{self, goal_text, Block, Item, Page as Laid, CARD_H, CARD_W, CUBE, FONT, H, W};
use onsets_core::{Card, CardSet, Color, Position, Symbol};
use onsets_puzzles::{Kind, Puzzle};
use printpdf::path::{PaintMode, WindingOrder};
use printpdf::{
    Color as PdfColor, IndirectFontRef, Mm, PdfDocument, PdfLayerReference, Point, Polygon, Rect,
    Rgb, TextRenderingMode,
};

/// The legend printed at the top of every page.
pub const LEGEND: &str = "Cubes: ∪ union, ∩ intersection, − difference, ′ complement, \
V universe (every card), Λ empty set (no card), = equals, ⊆ is a subset of. \
Goals are ordinary arithmetic: × times, + plus, and (−4) is a digit cube turned \
upside down, the negative of 4 (III-B-1-c).";

fn rgb(c: Color, orange: bool) -> PdfColor {
    let (r, g, b) = match c {
        Color::Blue => (0.15, 0.35, 0.85),
        Color::Red => (0.85, 0.15, 0.15),
        Color::Green => (0.1, 0.6, 0.25),
        // the fourth color is orange in 1969 (M69 2.0)
        Color::Yellow if orange => (0.95, 0.5, 0.1),
        Color::Yellow => (0.95, 0.8, 0.1),
    };
    PdfColor::Rgb(Rgb::new(r, g, b, None))
}

fn grey(v: f32) -> PdfColor {
    PdfColor::Rgb(Rgb::new(v, v, v, None))
}

/// The header of every page: the legend.
fn header() -> Block {
    let mut b = Block::default();
    b.para(LEGEND, 8.0, false);
    b.after = 3.0;
    b
}

/// The rules a position is played under, in a line.
fn rules(position: &Position) -> String {
    match position.edition() {
        onsets_core::Edition::Manual1969(f) => format!("1969 manual, {} form", f.name()),
        e => format!(
            "{} division, {}{}",
            position.division(),
            if position.adventurous() {
                "Adventurous"
            } else {
                "Basic"
            },
            if e == onsets_core::Edition::Mlag2019 {
                " (MLAG 2019-20)"
            } else {
                ""
            }
        ),
    }
}

/// One puzzle's block: heading, question, rules and variations, Goal,
/// cards, the mat's sections, Resources and the answer lines.
pub fn puzzle_block(n: usize, p: &Puzzle) -> Result<Block, String> {
    let position = p.position()?;
    let orange = matches!(position.edition(), onsets_core::Edition::Manual1969(_));
    let mut b = Block::default();
    b.para(
        &format!("{n}. {} (difficulty {})", kind_title(p.kind), p.difficulty),
        12.0,
        true,
    );
    b.para(&arithmetic(&p.question), 9.0, false);
    if let Some(play) = &p.last_play {
        b.para(&format!("The play just made: {play}"), 9.0, false);
    }
    let variations: Vec<String> = position
        .variations()
        .iter()
        .map(|v| v.to_string())
        .collect();
    b.para(
        &format!(
            "{}; {}",
            rules(&position),
            if variations.is_empty() {
                "no variation".to_string()
            } else {
                format!("variations: {}", variations.join(", "))
            }
        ),
        9.0,
        false,
    );
    let goal = if p.kind == Kind::Goal {
        "not set yet: the digit cubes are in Resources".to_string()
    } else {
        goal_text(position.goal())
    };
    b.para(&format!("Goal: {goal}"), 10.0, false);
    b.space(1.0);
    let cards: Vec<Card> = position.universe().iter().collect();
    b.cards(&cards);
    b.cubes("Required", position.required().symbols(), orange);
    b.cubes("Permitted", position.permitted().symbols(), orange);
    b.cubes("Forbidden", position.forbidden().symbols(), orange);
    b.cubes("Resources", position.resources().symbols(), orange);
    b.space(1.5);
    match p.kind {
        Kind::Challenge => b.line("Answer:   ☐ Now    ☐ Impossible    ☐ neither", 10.0, false),
        Kind::Claim => b.line("Answer:   ☐ A-claim    ☐ P-claim    ☐ none", 10.0, false),
        Kind::SafeMove => {
            let moves: Vec<String> = p
                .choices
                .iter()
                .enumerate()
                .map(|(k, m)| format!("({}) {m}", (b'a' + (k % 26) as u8) as char))
                .collect();
            b.para(&format!("Moves: {}", moves.join("   ")), 8.5, false);
        }
        _ => b.line(
            "Answer: ______________________________________________",
            10.0,
            false,
        ),
    }
    b.after = 6.0;
    Ok(b)
}

/// Goals inside a text in the sheet's plain arithmetic: `~4` (an
/// upside-down cube, III-B-1-c) as (−4) and `*` as ×, as the legend says.
pub fn arithmetic(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '~' if chars.peek().is_some_and(|d| d.is_ascii_digit()) => {
                let d = chars.next().unwrap_or('0');
                out.push_str(&format!("(−{d})"));
            }
            '*' => out.push('×'),
            c => out.push(c),
        }
    }
    out
}

/// One puzzle's entry in the answer key.
fn key_block(n: usize, p: &Puzzle) -> Block {
    let mut b = Block::default();
    b.para(&format!("{n}. {}", kind_title(p.kind)), 10.0, true);
    b.para(
        &format!("Answer: {}", arithmetic(&super::answer_text(p))),
        9.0,
        false,
    );
    b.para(&arithmetic(&p.explanation), 8.5, false);
    if let Some((solution, universe, named)) = answer_map(p) {
        b.space(1.0);
        b.para(
            &format!("Card map of {solution}: ■ in the set named, □ in the Universe, · not dealt"),
            8.5,
            false,
        );
        map_rows(&mut b, universe, named);
    }
    b.after = 3.0;
    b
}

/// The Solution of a puzzle's answer with the Universe and the cards its
/// Set-Name names (the last step of the core's explanation, after the
/// Restrictions): `solve` puzzles, whose answer is a Solution.
pub fn answer_map(p: &Puzzle) -> Option<(String, CardSet, CardSet)> {
    if p.kind != Kind::Solve {
        return None;
    }
    let solution = p.answer["shortest"].as_str()?;
    let position = p.position().ok()?;
    let e = onsets_core::explain(&position, solution);
    let s = e.solutions.first()?;
    let named = match s.steps.last() {
        Some(step) => step.cards?.0,
        None => s.kept?.0,
    };
    Some((solution.to_string(), position.universe(), named))
}

/// The 4×4 card map (`onsets map`'s, crate::map) as rows of text cells:
/// the column headings, then a row per B/R pair.
fn map_rows(b: &mut Block, universe: CardSet, named: CardSet) {
    const SIZE: f32 = 8.0;
    const HEAD: f32 = 12.0;
    const COL: f32 = 15.0;
    let h = SIZE * 0.3528 * 1.3;
    let text = |x: f32, t: String| layout::Placed {
        rect: layout::Rect {
            x,
            y: h,
            w: layout::text_width(&t, SIZE),
            h,
        },
        item: Item::Text {
            text: t,
            size: SIZE,
            bold: false,
        },
    };
    let x0 = layout::MARGIN;
    b.rows.push(layout::Row {
        height: h,
        items: (0..4)
            .map(|c| text(x0 + HEAD + c as f32 * COL, map::col_heading(c)))
            .collect(),
    });
    for r in 0..4 {
        let mut items = vec![text(x0, map::row_heading(r))];
        items.extend((0..4).map(|c| {
            text(
                x0 + HEAD + c as f32 * COL,
                map::cell(map::card_at(r, c), universe, named),
            )
        }));
        b.rows.push(layout::Row { height: h, items });
    }
}

/// The sheet laid out: the puzzle pages, then the answer key's.
pub fn lay_out(title: &str, puzzles: &[Puzzle]) -> Result<Vec<Laid>, String> {
    let blocks = puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| puzzle_block(i + 1, p))
        .collect::<Result<Vec<_>, _>>()?;
    let mut first = Block::default();
    first.para(title, 14.0, true);
    first.after = 1.0;
    let mut pages = layout::flow(&blocks, &first, &header(), false);
    let mut key: Vec<Block> = vec![{
        let mut b = Block::default();
        b.para(&format!("Answer key: {title}"), 13.0, true);
        b.after = 2.0;
        b
    }];
    key.extend(puzzles.iter().enumerate().map(|(i, p)| key_block(i + 1, p)));
    pages.extend(layout::flow(
        &key,
        &Block::default(),
        &Block::default(),
        true,
    ));
    Ok(pages)
}

struct Ink<'a> {
    layer: PdfLayerReference,
    font: &'a IndirectFontRef,
}

impl Ink<'_> {
    fn rect(&self, r: &layout::Rect, fill: PdfColor) {
        self.layer.set_fill_color(fill);
        self.layer.set_outline_color(grey(0.2));
        self.layer.set_outline_thickness(0.6);
        self.layer.add_rect(
            Rect::new(Mm(r.x), Mm(r.y), Mm(r.x + r.w), Mm(r.y + r.h))
                .with_mode(PaintMode::FillStroke),
        );
    }

    fn dot(&self, cx: f32, cy: f32, r: f32, fill: PdfColor) {
        let ring: Vec<(Point, bool)> = (0..16)
            .map(|i| {
                let a = i as f32 * std::f32::consts::TAU / 16.0;
                (
                    Point::new(Mm(cx + r * a.cos()), Mm(cy + r * a.sin())),
                    false,
                )
            })
            .collect();
        self.layer.set_fill_color(fill);
        self.layer.add_polygon(Polygon {
            rings: vec![ring],
            mode: PaintMode::Fill,
            winding_order: WindingOrder::NonZero,
        });
    }

    /// Text with its baseline a fifth of the way up `r`; bold is drawn
    /// filled and outlined (one embedded font serves both).
    fn text(&self, r: &layout::Rect, text: &str, size: f32, bold: bool, ink: PdfColor) {
        self.layer.set_fill_color(ink.clone());
        if bold {
            self.layer.set_outline_color(ink);
            self.layer.set_outline_thickness(0.35);
            self.layer
                .set_text_rendering_mode(TextRenderingMode::FillStroke);
        }
        self.layer
            .use_text(text, size, Mm(r.x), Mm(r.y + r.h * 0.2), self.font);
        if bold {
            self.layer.set_text_rendering_mode(TextRenderingMode::Fill);
        }
    }

    /// A card: a rectangle with its dots in a fixed place per color (blue,
    /// red top; green, yellow bottom).
    fn card(&self, r: &layout::Rect, c: Card, orange: bool) {
        self.rect(r, grey(1.0));
        let (x, y) = (r.x, r.y);
        let spots = [
            (Color::Blue, x + CARD_W * 0.3, y + CARD_H * 0.7),
            (Color::Red, x + CARD_W * 0.7, y + CARD_H * 0.7),
            (Color::Green, x + CARD_W * 0.3, y + CARD_H * 0.3),
            (Color::Yellow, x + CARD_W * 0.7, y + CARD_H * 0.3),
        ];
        for (col, cx, cy) in spots {
            if c.has(col) {
                self.dot(cx, cy, 1.8, rgb(col, orange));
            }
        }
    }

    fn cube(&self, r: &layout::Rect, s: Symbol, orange: bool) {
        let (fill, ink) = match s {
            Symbol::Color(c) => (
                rgb(c, orange),
                if c == Color::Yellow {
                    grey(0.0)
                } else {
                    grey(1.0)
                },
            ),
            _ => (grey(0.95), grey(0.0)),
        };
        self.rect(r, fill);
        let face = match s {
            Symbol::Color(Color::Yellow) if orange => "O".to_string(),
            _ => s.to_string(),
        };
        // the operation symbols drawn large, the complement's prime largest,
        // so that none is a speck; every face centred on its ink
        let size = match s {
            Symbol::Complement => 24.0,
            Symbol::Union | Symbol::Intersection | Symbol::Minus | Symbol::Subset => 15.0,
            _ => 12.0,
        };
        let mm = size * 0.3528;
        let (x0, y0, x1, y1) = face
            .chars()
            .next()
            .and_then(layout::glyph_box)
            .unwrap_or((0.0, 0.0, 0.6, 0.7));
        let x = r.x + CUBE / 2.0 - (x0 + x1) / 2.0 * mm;
        let y = r.y + CUBE / 2.0 - (y0 + y1) / 2.0 * mm;
        self.layer.set_fill_color(ink);
        self.layer.use_text(face, size, Mm(x), Mm(y), self.font);
    }
}

/// The sheet as PDF bytes.
pub fn pdf(title: &str, puzzles: &[Puzzle]) -> Result<Vec<u8>, String> {
    let pages = lay_out(title, puzzles)?;
    let orange: Vec<bool> = puzzles
        .iter()
        .map(|p| {
            p.position()
                .map(|q| matches!(q.edition(), onsets_core::Edition::Manual1969(_)))
                .unwrap_or(false)
        })
        .collect();
    let orange = orange.first().copied().unwrap_or(false);
    let (doc, p1, l1) = PdfDocument::new(title, Mm(W), Mm(H), "sheet");
    let font = doc.add_external_font(FONT).map_err(|e| e.to_string())?;
    for (i, page) in pages.iter().enumerate() {
        let layer = if i == 0 {
            doc.get_page(p1).get_layer(l1)
        } else {
            let (pi, li) = doc.add_page(Mm(W), Mm(H), if page.key { "key" } else { "sheet" });
            doc.get_page(pi).get_layer(li)
        };
        let ink = Ink { layer, font: &font };
        for placed in &page.items {
            match &placed.item {
                Item::Text { text, size, bold } => {
                    ink.text(&placed.rect, text, *size, *bold, grey(0.0))
                }
                Item::Card(c) => ink.card(&placed.rect, *c, orange),
                Item::Cube { symbol, orange } => ink.cube(&placed.rect, *symbol, *orange),
            }
        }
    }
    doc.save_to_bytes().map_err(|e| e.to_string())
}

fn kind_title(k: Kind) -> &'static str {
    match k {
        Kind::Challenge => "Which challenge?",
        Kind::Solve => "Write a Solution",
        Kind::SafeMove => "Find the safe move",
        Kind::Goal => "Set a safe Goal",
        Kind::Claim => "Which Flub claim?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use onsets_puzzles::{generate, Config};

    /// Puzzles of every kind, and one crowded on purpose: a Senior
    /// Universe of 14 cards, all fifteen cubes of the roll in Required, three
    /// variations and a long question.
    fn sample() -> Vec<Puzzle> {
        let mut out = Vec::new();
        for (i, kind) in Kind::ALL.into_iter().enumerate() {
            out.extend(generate(&Config::new(kind, 3, 7 + i as u64)).expect("puzzles"));
        }
        let mut cfg = Config::new(Kind::Claim, 2, 3);
        cfg.edition = onsets_core::Edition::Manual1969(onsets_core::Form1969::Advanced);
        out.extend(generate(&cfg).expect("1969 puzzles"));
        let crowded = Position::from_json(
            r#"{"division":"senior","adventurous":true,
            "universe":"B R G Y BR BG BY RG RY GY BRG BRY BGY RGY","goal":"~1*(4+~4)",
            "required":"B R G Y B R G Y ∪ ∩ − ′ V Λ =","permitted":"","forbidden":"",
            "resources":"",
            "variations":["absolute-value","two-operations","required-cube ∪"],
            "situation":"impossible"}"#,
        )
        .expect("a legal position");
        let mut p = out[1].clone();
        p.position = serde_json::to_value(crowded.to_raw()).expect("json");
        p.question = "Why? ".repeat(80);
        p.explanation = "Because ∪ and ∩ and − and ′. ".repeat(30);
        out.push(p);
        out
    }

    /// Every rectangle inside the margins and no two on a page sharing any
    /// area, for sheets of many sizes and orders.
    #[test]
    fn nothing_overlaps_on_any_page() {
        let all = sample();
        for seed in 0..40u64 {
            let n = 1 + (onsets_puzzles::rng::mix(seed, 1) % 16) as usize;
            let picked: Vec<Puzzle> = (0..n)
                .map(|k| {
                    let i = onsets_puzzles::rng::mix(seed, 2 + k as u64) as usize % all.len();
                    all[i].clone()
                })
                .collect();
            let pages = lay_out("On-Sets puzzles (test sheet)", &picked).expect("laid out");
            assert!(pages.iter().any(|p| p.key), "an answer key");
            let cubes: usize = pages
                .iter()
                .flat_map(|p| &p.items)
                .filter(|i| matches!(i.item, Item::Cube { .. }))
                .count();
            let rolled: usize = picked
                .iter()
                .map(|p| {
                    let q = p.position().unwrap();
                    q.required().symbols().len()
                        + q.permitted().symbols().len()
                        + q.forbidden().symbols().len()
                        + q.resources().symbols().len()
                })
                .sum();
            assert_eq!(cubes, rolled, "seed {seed}: every cube drawn");
            for (k, page) in pages.iter().enumerate() {
                for (i, a) in page.items.iter().enumerate() {
                    assert!(a.rect.on_page(), "seed {seed} page {k}: {a:?} off the page");
                    for b in &page.items[i + 1..] {
                        assert!(
                            !a.rect.intersects(&b.rect),
                            "seed {seed} page {k}: {a:?} overlaps {b:?}"
                        );
                    }
                }
            }
        }
    }

    /// The answer key maps a `solve` puzzle's Solution. Worked by hand:
    /// over B, BR, G, RGY, BRGY and the blank card, B ∪ R′ names B, BR,
    /// BRGY (blue) and G, blank (not red); RGY is dealt but not named.
    #[test]
    fn the_answer_key_maps_the_solution() {
        let mut p = generate(&Config::new(Kind::Solve, 1, 7)).expect("a puzzle")[0].clone();
        let position = Position::from_json(
            r#"{"division":"senior","adventurous":true,
            "universe":"B BR G RGY BRGY blank","goal":"5",
            "required":"","permitted":"","forbidden":"",
            "resources":"B R ∪ ′","situation":"impossible"}"#,
        )
        .expect("a legal position");
        p.position = serde_json::to_value(position.to_raw()).expect("json");
        p.answer = serde_json::json!({"shortest": "B ∪ R′", "cubes": 4, "sets": []});
        let pages = lay_out("map", &[p]).expect("laid out");
        let key: Vec<String> = pages
            .iter()
            .filter(|pg| pg.key)
            .flat_map(|pg| &pg.items)
            .filter_map(|i| match &i.item {
                Item::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect();
        let at = key
            .iter()
            .position(|t| t.starts_with("Card map of B ∪ R′"))
            .unwrap_or_else(|| panic!("no map in the key: {key:?}"));
        let cells: Vec<&str> = key[at + 1..at + 25].iter().map(|s| s.as_str()).collect();
        assert_eq!(
            cells,
            [
                "G Y",
                "G Y′",
                "G′ Y′",
                "G′ Y",
                "B R",
                "■ BRGY",
                "·",
                "■ BR",
                "·",
                "B R′",
                "·",
                "·",
                "■ B",
                "·",
                "B′ R′",
                "·",
                "■ G",
                "■ blank",
                "·",
                "B′ R",
                "□ RGY",
                "·",
                "·",
                "·",
            ]
        );
    }

    #[test]
    fn goals_in_plain_arithmetic() {
        let g = onsets_core::Goal::parse("~1*(4+~4)").unwrap();
        assert_eq!(goal_text(&g), "(−1) × (4 + (−4))");
        assert_eq!(
            arithmetic("safe Goals: 4*(4+~4); 5"),
            "safe Goals: 4×(4+(−4)); 5"
        );
    }
}
