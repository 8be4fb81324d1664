//! Rulesets played on graphs (`game.graph`): Hackenbush and Childish
//! Hackenbush, Snort, Col and Fjords, Arc Kayles and Partizan Arc Kayles.
//!
//! Every position is a [`Graph`] in CGSuite's form (labelled vertices,
//! ordered adjacency lists), read and written in CGSuite's graph notation
//! ([`notation`]), so that options list and print exactly as CGSuite's do.
//! What makes the solver fast lives beside the rules: regions (pieces at the
//! Hackenbush ground, connected components elsewhere), pruning of edges no
//! move can use, the colon principle for Hackenbush ([`reduce`]) and a
//! canonical labelling of every region ([`canon`]). [`stalks`] values
//! Blue-Red strings and their sums without search; [`edges`] reads coloured
//! Hackenbush edge lists.

pub mod arc_kayles;
pub mod canon;
pub mod col;
pub mod edges;
pub mod hackenbush;
pub mod multigraph;
pub mod notation;
pub mod reduce;
pub mod stalks;

pub use arc_kayles::{ArcKayles, PartizanArcKayles};
pub use col::{ColRules, GenCol, Tint};
pub use edges::{parse_edge_list, parse_edge_list_with, write_edge_list};
pub use hackenbush::{Childish, Colour, Hackenbush};
pub use multigraph::{Graph, GraphBuilder, Half};
pub use stalks::{Cut, Stalk, StalkSum, at_least_as_good};

use super::catalog::Ruleset;

/// The graph rulesets, in the order the help lists them.
pub static RULESETS: &[&Ruleset] = &[
    &hackenbush::HACKENBUSH,
    &hackenbush::CHILDISH_HACKENBUSH,
    &col::SNORT,
    &col::COL,
    &col::FJORDS,
    &arc_kayles::ARC_KAYLES,
    &arc_kayles::PARTIZAN_ARC_KAYLES,
];
