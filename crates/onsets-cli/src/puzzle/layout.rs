//! The sheet's layout model: every line of text, card and cube of the sheet
//! as a rectangle on its page, flowed down the page block by block (a
//! puzzle is kept on one page when it fits there) and broken to a new page
//! instead of overlapping. `sheet` draws exactly what is laid out here, so
//! the tests check the printed page by checking these rectangles.

use onsets_core::{Card, Goal, GoalDigit, GoalLayout, Symbol};

pub const W: f32 = 210.0;
pub const H: f32 = 297.0;
pub const MARGIN: f32 = 14.0;
/// Millimetres per point.
const PT: f32 = 0.3528;
/// A line's height as a multiple of its font size.
const LEADING: f32 = 1.3;
pub const CARD_W: f32 = 11.0;
pub const CARD_H: f32 = 15.0;
pub const CUBE: f32 = 6.5;
const GAP: f32 = 1.5;
/// Where the cubes of a mat row start (after the row's label).
const CUBES_X: f32 = MARGIN + 22.0;

/// The embedded font (DejaVu Sans, assets/fonts; its license beside it).
pub static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// A rectangle in millimetres from the page's bottom-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

/// The checks the layout tests make of every page.
#[cfg(test)]
impl Rect {
    /// Whether the two rectangles share any area (touching edges, up to a
    /// thousandth of a millimetre of rounding, do not).
    pub fn intersects(&self, o: &Rect) -> bool {
        const E: f32 = 1e-3;
        self.x + E < o.x + o.w
            && o.x + E < self.x + self.w
            && self.y + E < o.y + o.h
            && o.y + E < self.y + self.h
    }

    /// Whether the rectangle lies inside the page's margins.
    pub fn on_page(&self) -> bool {
        self.x >= MARGIN - 0.01
            && self.y >= MARGIN - 0.01
            && self.x + self.w <= W - MARGIN + 0.01
            && self.y + self.h <= H - MARGIN + 0.01
    }
}

/// What is drawn in a rectangle.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A line of text; its baseline is a fifth of the line up the rectangle.
    Text {
        text: String,
        size: f32,
        bold: bool,
    },
    Card(Card),
    /// A cube with its face; `orange`: the fourth color is orange (1969).
    Cube {
        symbol: Symbol,
        orange: bool,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub rect: Rect,
    pub item: Item,
}

/// One row of a block: items placed relative to the row's top-left corner
/// (`rect.y` is the distance down from the row's top to the item's bottom).
#[derive(Clone, Debug, Default)]
pub struct Row {
    pub height: f32,
    pub items: Vec<Placed>,
}

/// A block: rows kept together on one page when they fit on one.
#[derive(Clone, Debug, Default)]
pub struct Block {
    pub rows: Vec<Row>,
    /// Space after the block.
    pub after: f32,
}

impl Block {
    pub fn height(&self) -> f32 {
        self.rows.iter().map(|r| r.height).sum()
    }

    /// Text wrapped to the page width.
    pub fn para(&mut self, text: &str, size: f32, bold: bool) {
        for line in wrap(text, size, W - 2.0 * MARGIN) {
            self.line(&line, size, bold);
        }
    }

    /// One line of text (the caller keeps it within the page width).
    pub fn line(&mut self, text: &str, size: f32, bold: bool) {
        let h = size * PT * LEADING;
        self.rows.push(Row {
            height: h,
            items: vec![Placed {
                rect: Rect {
                    x: MARGIN,
                    y: h,
                    w: text_width(text, size),
                    h,
                },
                item: Item::Text {
                    text: text.to_string(),
                    size,
                    bold,
                },
            }],
        });
    }

    /// Space between rows.
    pub fn space(&mut self, h: f32) {
        self.rows.push(Row {
            height: h,
            items: Vec::new(),
        });
    }

    /// The Universe: the cards in rows as wide as the page.
    pub fn cards(&mut self, cards: &[Card]) {
        let per_row = ((W - 2.0 * MARGIN + 2.0) / (CARD_W + 2.0)) as usize;
        for chunk in cards.chunks(per_row.max(1)) {
            let items = chunk
                .iter()
                .enumerate()
                .map(|(i, c)| Placed {
                    rect: Rect {
                        x: MARGIN + i as f32 * (CARD_W + 2.0),
                        y: CARD_H + 0.5,
                        w: CARD_W,
                        h: CARD_H,
                    },
                    item: Item::Card(*c),
                })
                .collect();
            self.rows.push(Row {
                height: CARD_H + 2.5,
                items,
            });
        }
    }

    /// A labelled row of cubes (a mat section or Resources), wrapped.
    pub fn cubes(&mut self, label: &str, cubes: &[Symbol], orange: bool) {
        let per_row = ((W - MARGIN - CUBES_X + GAP) / (CUBE + GAP)) as usize;
        let h = CUBE + GAP;
        let label_item = |text: &str| Placed {
            rect: Rect {
                x: MARGIN,
                y: CUBE - 1.2,
                w: text_width(text, 9.0),
                h: 9.0 * PT * LEADING,
            },
            item: Item::Text {
                text: text.to_string(),
                size: 9.0,
                bold: false,
            },
        };
        if cubes.is_empty() {
            let none = label_item("(none)");
            let mut shifted = none.clone();
            shifted.rect.x = CUBES_X;
            self.rows.push(Row {
                height: h,
                items: vec![label_item(label), shifted],
            });
            return;
        }
        for (k, chunk) in cubes.chunks(per_row.max(1)).enumerate() {
            let mut items: Vec<Placed> = Vec::new();
            if k == 0 {
                items.push(label_item(label));
            }
            items.extend(chunk.iter().enumerate().map(|(i, s)| Placed {
                rect: Rect {
                    x: CUBES_X + i as f32 * (CUBE + GAP),
                    y: CUBE,
                    w: CUBE,
                    h: CUBE,
                },
                item: Item::Cube { symbol: *s, orange },
            }));
            self.rows.push(Row { height: h, items });
        }
    }
}

/// A laid-out page: `key` pages are the answer key's.
#[derive(Clone, Debug, Default)]
pub struct Page {
    pub key: bool,
    pub items: Vec<Placed>,
}

/// Flows blocks down pages: a block goes on the current page when it fits,
/// else on a new one; a block taller than a whole page is broken between
/// its rows. `header` starts every page (the legend), after `title` on the
/// first.
pub fn flow(blocks: &[Block], title: &Block, header: &Block, key: bool) -> Vec<Page> {
    let top = H - MARGIN;
    let mut pages: Vec<Page> = Vec::new();
    let mut y = 0.0;
    let new_page = |pages: &mut Vec<Page>, y: &mut f32| {
        let first = pages.is_empty();
        pages.push(Page {
            key,
            items: Vec::new(),
        });
        *y = top;
        let page = pages.last_mut().expect("just pushed");
        let rows = if first { &title.rows[..] } else { &[][..] };
        for row in rows.iter().chain(&header.rows) {
            place(page, row, *y);
            *y -= row.height;
        }
        if first {
            *y -= title.after;
        }
        *y -= header.after;
    };
    new_page(&mut pages, &mut y);
    let room = top - MARGIN - header.height() - header.after;
    for block in blocks {
        let h = block.height();
        let first_row = block.rows.first().map(|r| r.height).unwrap_or(0.0);
        if y - h < MARGIN && (h <= room || y - first_row < MARGIN) {
            new_page(&mut pages, &mut y);
        }
        for row in &block.rows {
            if y - row.height < MARGIN {
                new_page(&mut pages, &mut y);
            }
            let page = pages.last_mut().expect("a page");
            place(page, row, y);
            y -= row.height;
        }
        y -= block.after;
    }
    pages
}

fn place(page: &mut Page, row: &Row, top: f32) {
    for p in &row.items {
        let mut q = p.clone();
        q.rect.y = top - p.rect.y;
        page.items.push(q);
    }
}

fn face() -> Option<ttf_parser::Face<'static>> {
    ttf_parser::Face::parse(FONT, 0).ok()
}

/// The width of `text` in the embedded font at `size` points, in mm (bold
/// text is drawn with a thin outline: a little wider).
pub fn text_width(text: &str, size: f32) -> f32 {
    let Some(face) = face() else {
        return text.chars().count() as f32 * size * PT;
    };
    let units = face.units_per_em() as f32;
    let w: f32 = text
        .chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|g| face.glyph_hor_advance(g))
                .unwrap_or(face.units_per_em()) as f32
        })
        .sum();
    w / units * size * PT + 0.3
}

/// The ink box of a character's glyph in ems (x min, y min, x max, y max
/// from the origin on the baseline), to centre a cube's face.
pub fn glyph_box(c: char) -> Option<(f32, f32, f32, f32)> {
    let face = face()?;
    let units = face.units_per_em() as f32;
    let b = face.glyph_bounding_box(face.glyph_index(c)?)?;
    Some((
        b.x_min as f32 / units,
        b.y_min as f32 / units,
        b.x_max as f32 / units,
        b.y_max as f32 / units,
    ))
}

/// Words wrapped into lines at most `width` mm wide (a word wider than the
/// line is cut by characters).
pub fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if text_width(&candidate, size) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            let mut next = line.clone();
            next.push(c);
            if !line.is_empty() && text_width(&next, size) > width {
                lines.push(std::mem::take(&mut line));
                next = c.to_string();
            }
            line = next;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A Goal in plain arithmetic (III-B-1): side by side is +, a vertical
/// line is ×, and an upside-down cube is the negative of its digit,
/// written (−4).
pub fn goal_text(goal: &Goal) -> String {
    let d = |g: &GoalDigit| {
        if g.upside_down {
            format!("(−{})", g.digit)
        } else {
            g.digit.to_string()
        }
    };
    match &goal.layout() {
        GoalLayout::Single(a) => d(a),
        GoalLayout::Sum2(a, b) => format!("{} + {}", d(a), d(b)),
        GoalLayout::Sum3(a, b, c) => format!("{} + {} + {}", d(a), d(b), d(c)),
        GoalLayout::Product2(a, b) => format!("{} × {}", d(a), d(b)),
        GoalLayout::Product3(a, b, c) => format!("{} × {} × {}", d(a), d(b), d(c)),
        GoalLayout::L(a, b, c) => format!("{} × {} + {}", d(a), d(b), d(c)),
        GoalLayout::T(a, b, c) => format!("{} × ({} + {})", d(a), d(b), d(c)),
        GoalLayout::Illegal { .. } => goal.to_string(),
    }
}
