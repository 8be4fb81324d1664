//! The dispatchers, which know every class: operators ([`ops`]),
//! conversions to games ([`convert`]), sets, maps and the order of values
//! ([`collections`]), names and calls ([`names`]), members ([`members`])
//! and the value writer ([`show`]). They fill the runtime's generic
//! operations.

pub(crate) mod collections;
pub(crate) mod convert;
pub(crate) mod members;
pub(crate) mod names;
pub(crate) mod ops;
pub(crate) mod show;
