//! The built expressions: Set-Names as nodes of a tree, Restrictions as
//! chains of sides, Restriction parts as lists of Restrictions, all kept in
//! arenas of the configuration ([`Config`]) and referred to by index; and
//! the builds themselves (usage, truth table, written symbols).

use super::classes::Config;
use onsets_core::eval::binary;
use onsets_core::Symbol;

/// No node (a leaf's children, a chain's start).
pub(super) const NONE: u32 = u32::MAX;

/// A node of a built Set-Name.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) class: u8,
    pub(super) sym: Symbol,
    pub(super) l: u32,
    pub(super) r: u32,
}

/// A build: classes used (4-bit counter per class), operation symbols
/// written (capped at 2, only under Two Operations), truth table.
#[derive(Clone, Copy, Debug)]
pub(super) struct Item {
    pub(super) usage: u64,
    pub(super) ops: u8,
    pub(super) table: u16,
    pub(super) syms: u16,
    pub(super) node: u32,
}

/// A link of a built Restriction (VI-B-2): the chain before it (or
/// [`NONE`] for the first side), the relation written and the side after it.
#[derive(Clone, Copy, Debug)]
pub(super) struct ChainNode {
    pub(super) prev: u32,
    pub(super) class: u8,
    pub(super) sym: Symbol,
    pub(super) side: u32,
}

/// A Restriction being built: usage, accepted cards (the AND of its links
/// so far), the table of its last side, written symbols, last chain node.
#[derive(Clone, Copy, Debug)]
pub(super) struct Chain {
    pub(super) usage: u64,
    pub(super) accept: u16,
    pub(super) last: u16,
    pub(super) syms: u16,
    pub(super) node: u32,
}

/// A Restriction part: a linked list of Restrictions.
#[derive(Clone, Copy, Debug)]
pub(super) struct PartNode {
    pub(super) prev: u32,
    pub(super) chain: u32,
}

/// A Restriction part built: usage, accepted cards, written symbols, last
/// part node.
#[derive(Clone, Debug)]
pub(super) struct PartState {
    pub(super) usage: u64,
    pub(super) accept: u16,
    pub(super) syms: u16,
    pub(super) node: u32,
}

impl Config {
    pub(super) fn node(&mut self, class: usize, sym: Symbol, l: u32, r: u32) -> u32 {
        self.nodes.push(Node {
            class: class as u8,
            sym,
            l,
            r,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Truth table of a Set-Name node within `mask`.
    pub(super) fn table_of(&self, n: u32, mask: u16) -> u16 {
        let node = self.nodes[n as usize];
        if node.l == NONE {
            return onsets_core::eval::set_table(node.sym)
                .map(|c| c.bits())
                .unwrap_or(0)
                & mask;
        }
        let a = self.table_of(node.l, mask);
        if node.r == NONE {
            return !a & mask;
        }
        let b = self.table_of(node.r, mask);
        binary(
            node.sym,
            onsets_core::CardSet(a),
            onsets_core::CardSet(b),
            self.sem,
        )
        .bits()
            & mask
    }

    /// Operation symbols written in a Set-Name node.
    pub(super) fn ops_in(&self, n: u32) -> u8 {
        let node = self.nodes[n as usize];
        if node.l == NONE {
            return 0;
        }
        let r = if node.r == NONE {
            0
        } else {
            self.ops_in(node.r)
        };
        (1 + self.ops_in(node.l) as u32 + r as u32).min(255) as u8
    }

    pub(super) fn syms_in(&self, n: u32) -> u16 {
        let node = self.nodes[n as usize];
        if node.l == NONE {
            return 1;
        }
        let r = if node.r == NONE {
            0
        } else {
            self.syms_in(node.r)
        };
        1 + self.syms_in(node.l) + r
    }
}
