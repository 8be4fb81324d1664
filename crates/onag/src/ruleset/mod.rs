//! Rulesets: positions of partizan games whose values are canonical forms in a
//! [`crate::game::Arena`].

pub mod hackenbush;
