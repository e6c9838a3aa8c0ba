//! Writing a Solution found: the built nodes become the parts of a
//! [`Solution`] (VII-B), fully grouped so that it has a single interpretation
//! (VII-B-6), with each written symbol handed a cube of its class. A wild
//! cube written as another symbol carries its annotation (`∪@B`, XIII-A-2).

use super::classes::{Config, Cube, R_PART};
use super::nodes::NONE;
use onsets_core::{Bracket, Expr, Part, Restriction, Symbol, Written};

/// Hands out cubes to the written symbols of one part, left to right.
pub(super) struct Writer<'a> {
    cfg: &'a Config,
    order: Vec<Vec<Cube>>,
    next: Vec<usize>,
}

impl<'a> Writer<'a> {
    /// The cubes of each class in the order they are handed out: those the
    /// part must use (Required, VII-B-4-b), the X cubes of the Required Cube
    /// variations in `flags` (XIII-A-1), then the others, plain before wild.
    pub(super) fn new(cfg: &'a Config, part: usize, flags: u8) -> Self {
        let mut order = Vec::new();
        for (k, c) in cfg.classes.iter().enumerate() {
            let must = if part == R_PART { c.req_r } else { c.req_s } as usize;
            let mut v: Vec<Cube> = c.cubes[..must.min(c.cubes.len())].to_vec();
            let mut rest: Vec<Cube> = c.cubes[must.min(c.cubes.len())..].to_vec();
            for (i, var) in cfg.vars.iter().enumerate() {
                if flags & (1 << i) != 0 && var.class == k && !var.part[part].auto {
                    if let Some(j) = rest.iter().position(|x| x.face == var.face) {
                        v.push(rest.remove(j));
                    }
                }
            }
            rest.sort_by_key(|x| x.wild);
            v.extend(rest);
            order.push(v);
        }
        let n = order.len();
        Writer {
            cfg,
            order,
            next: vec![0; n],
        }
    }

    fn sym(&mut self, class: u8, sym: Symbol) -> Written {
        let k = class as usize;
        let list = &self.order[k];
        let i = self.next[k];
        self.next[k] += 1;
        let cube = if i < list.len() {
            list[i]
        } else {
            // reusable operation cube (XIII-A-6): prefer one needing no annotation
            *list.iter().find(|c| !c.wild).unwrap_or(&list[0])
        };
        if cube.wild && sym != cube.face {
            Written::annotated(sym, cube.face)
        } else {
            Written::new(sym)
        }
    }

    /// The Set-Name of node `n`; its operands in parentheses when they are
    /// themselves binary (VII-B-6).
    pub(super) fn expr(&mut self, n: u32) -> Expr {
        let node = self.cfg.nodes[n as usize];
        if node.l == NONE {
            return Expr::Set(self.sym(node.class, node.sym));
        }
        if node.r == NONE {
            let l = self.operand(node.l);
            let s = self.sym(node.class, node.sym);
            Expr::Complement(Box::new(l), s)
        } else {
            let l = self.operand(node.l);
            let s = self.sym(node.class, node.sym);
            let r = self.operand(node.r);
            Expr::Chain(vec![l, r], vec![s])
        }
    }

    fn operand(&mut self, n: u32) -> Expr {
        let e = self.expr(n);
        if self.cfg.nodes[n as usize].r != NONE {
            Expr::Group(Bracket::Paren, Box::new(e))
        } else {
            e
        }
    }

    /// The Restriction ending in chain node `n` (VI-B-2).
    fn restriction(&mut self, n: u32) -> Restriction {
        let mut links = Vec::new();
        let mut at = n;
        loop {
            let c = self.cfg.chain_nodes[at as usize];
            links.push(c);
            if c.prev == NONE {
                break;
            }
            at = c.prev;
        }
        links.reverse();
        let mut sides = vec![self.expr(links[0].side)];
        let mut relations = Vec::new();
        for c in &links[1..] {
            relations.push(self.sym(c.class, c.sym));
            sides.push(self.expr(c.side));
        }
        // A chain node is built only on a Set-Name with a relation before
        // it (`classes.rs`), so the chain has two or more sides.
        Restriction::new(Vec::new(), sides, relations)
            .expect("a Restriction chain node joins two or more Set-Names")
    }

    /// The Restrictions of the Restriction part ending in part node `n`.
    pub(super) fn part(&mut self, n: u32) -> Vec<Part> {
        let mut chains = Vec::new();
        let mut at = n;
        loop {
            let p = self.cfg.part_nodes[at as usize];
            chains.push(p.chain);
            if p.prev == NONE {
                break;
            }
            at = p.prev;
        }
        chains
            .into_iter()
            .rev()
            .map(|c| Part::Restriction(self.restriction(c)))
            .collect()
    }
}
