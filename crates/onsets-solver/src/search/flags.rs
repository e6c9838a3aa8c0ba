//! Required Cube flags (XIII-A-1, OS-A7, ruling 5): the Required Cube
//! variation asks one more symbol of the X cube's class in the part that
//! uses an X cube that is not already one it must use. Each build records,
//! as bit masks, the variations its part can satisfy; the two parts of a
//! Solution together must satisfy all of them.

use super::classes::{field, Class, Config, R_PART};
use onsets_core::{InForce, Symbol};

/// Placement data of one Required Cube variation in one part.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct VarPart {
    /// An X cube the part must use anyway.
    pub(super) auto: bool,
    /// An X cube the part could use in addition.
    pub(super) placeable: bool,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct ReqVar {
    pub(super) face: Symbol,
    pub(super) class: usize,
    pub(super) part: [VarPart; 2],
}

/// The Required Cube variations in force, with where each can be placed;
/// `None` when some X cube is not usable in this configuration.
pub(super) fn variations(rules: &InForce, classes: &[Class]) -> Option<Vec<ReqVar>> {
    let mut vars: Vec<ReqVar> = Vec::new();
    for &x in &rules.required_cubes {
        let k = classes
            .iter()
            .position(|c| c.cubes.iter().any(|cb| cb.face == x))?;
        let c = &classes[k];
        let has_req = c.cubes.iter().any(|cb| cb.face == x && cb.required);
        let has_free = c.cubes.iter().any(|cb| cb.face == x && !cb.required);
        let rel = c.stands.is_relation();
        vars.push(ReqVar {
            face: x,
            class: k,
            part: [
                VarPart {
                    auto: has_req,
                    placeable: has_free,
                },
                VarPart {
                    auto: has_req && !rel,
                    placeable: has_free || (has_req && rel),
                },
            ],
        });
    }
    Some(vars)
}

/// The maximal sets of Required Cube variations a part satisfies (bit masks;
/// an antichain of subsets of at most 8 variations: at most C(8, 4) = 70).
#[derive(Clone, Copy, Debug)]
pub(super) struct Flags {
    pub(super) len: u8,
    pub(super) f: [u8; 70],
}

impl Default for Flags {
    fn default() -> Self {
        Flags { len: 0, f: [0; 70] }
    }
}

impl Flags {
    pub(super) fn push(&mut self, f: u8) {
        self.f[self.len as usize] = f;
        self.len += 1;
    }
}

impl IntoIterator for Flags {
    type Item = u8;
    type IntoIter = std::iter::Take<std::array::IntoIter<u8, 70>>;
    fn into_iter(self) -> Self::IntoIter {
        self.f.into_iter().take(self.len as usize)
    }
}

impl Config {
    /// Every maximal set of Required Cube variations (bit mask) the part
    /// can satisfy with this usage, or `None` if it breaks VII-B-4-b.
    pub(super) fn flags(&self, u: u64, part: usize) -> Option<Flags> {
        for (k, c) in self.classes.iter().enumerate() {
            let req = if part == R_PART { c.req_r } else { c.req_s };
            if field(u, k) < req {
                return None;
            }
        }
        let n = self.vars.len();
        let mut out = Flags::default();
        if n == 0 {
            out.push(0);
            return Some(out);
        }
        // the satisfiable sets (at most 2^8), on the stack
        let mut ok = [0u8; 256];
        let mut n_ok = 0;
        for f in 0u8..(1 << n) {
            let mut extra = [0u8; 16];
            let mut good = true;
            for (i, v) in self.vars.iter().enumerate() {
                if f & (1 << i) == 0 {
                    continue;
                }
                let vp = v.part[part];
                if vp.auto {
                    continue;
                }
                if !vp.placeable {
                    good = false;
                    break;
                }
                extra[v.class] += 1;
            }
            if !good {
                continue;
            }
            let fits = self.classes.iter().enumerate().all(|(k, c)| {
                let req = if part == R_PART { c.req_r } else { c.req_s };
                extra[k] == 0 || field(u, k) >= req + extra[k]
            });
            if fits {
                ok[n_ok] = f;
                n_ok += 1;
            }
        }
        let ok = &ok[..n_ok];
        for &f in ok {
            if !ok.iter().any(|&g| g != f && g & f == f) {
                out.push(f);
            }
        }
        Some(out)
    }
}
