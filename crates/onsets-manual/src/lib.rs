//! # onsets-manual
//!
//! The games of Layman E. Allen's 1969 manual *ON-SETS: The Game of Set
//! Theory* that are not Basic or Advanced ON-SETS themselves (docs/manual-1969.md;
//! `../shared/rules/manual-1969.txt`, editions.md §2.13–2.16):
//! * the programmed series of 28 introductory games (§8.1–8.4): FISH, OUT,
//!   SQUAD and SETS games for each of CUBE, CUP, CAP, DIFF, COMP, EQ and INC
//!   ([`intro`]);
//! * the three solitaire games ONE, GO-THROUGH and A-B (§8.5, [`solitaire`]);
//! * the §7 puzzles and §4 exercises as far as the scan allows, with answers
//!   re-derived ([`puzzles`]).
//!
//! Pure: no I/O, no clock; every deal and throw comes from a seed ([`kit::Dice`]).
//! Set-Names are read by onsets-core's parser and evaluator with the 1969
//! readings of [`naming`]; the exact search of what a throw can build is
//! [`search`].

pub mod intro;
pub mod kit;
pub mod naming;
pub mod puzzles;
pub mod search;
pub mod solitaire;
