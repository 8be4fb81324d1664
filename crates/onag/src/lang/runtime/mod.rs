//! What evaluation runs in: the session's state and one input's context
//! ([`context`]: variables, scopes, budget, error locations), the generic
//! operations every class may ask of it ([`hooks`]), and the shape of a
//! member table ([`table`]).

pub(crate) mod args;
pub(crate) mod context;
pub(crate) mod hooks;
pub(crate) mod library;
pub(crate) mod table;
