//! The library's error type.
//!
//! Every fallible library function returns [`Result`]. Parse errors carry a
//! [`Location`] (source name, 1-based line and column) so that the command line
//! can print one line `error: FILE:LINE:COL: what` and the calculator can point
//! at the column. Errors never carry a backtrace or panic payload: bad input is
//! an ordinary value.

use std::fmt;

/// What went wrong, in broad classes a caller may want to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Input text that does not follow its grammar.
    Syntax,
    /// Well-formed input that names something that does not exist or is not allowed
    /// (an unknown position, a negative heap, an empty set).
    InvalidInput,
    /// A game graph that was required to be acyclic has a cycle.
    Cycle,
    /// A user-set limit (positions, memory, time) was reached.
    LimitExceeded,
    /// The computation was cancelled through the budget's cancel flag.
    Cancelled,
    /// A number too large to hold.
    Overflow,
    /// Division by zero or another undefined arithmetic operation.
    Undefined,
    /// Reading or writing a file failed.
    Io,
}

/// Where in a source text an error was found. Lines and columns are 1-based;
/// columns count characters, not bytes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Location {
    /// The source's name (usually a file path), if it has one.
    pub source: Option<String>,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number (in characters).
    pub column: usize,
}

impl Location {
    /// A location in an unnamed source.
    pub fn new(line: usize, column: usize) -> Self {
        Location { source: None, line, column }
    }

    /// The location of byte offset `offset` in `text`, in an unnamed source.
    /// An offset past the end points just after the last character.
    pub fn of_offset(text: &str, offset: usize) -> Self {
        let offset = offset.min(text.len());
        let before = text.get(..offset).unwrap_or(text);
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        Location::new(line, column)
    }

    /// The same location, in the source named `source`.
    pub fn in_source(mut self, source: impl Into<String>) -> Self {
        self.source = Some(source.into());
        self
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            Some(source) => write!(f, "{source}:{}:{}", self.line, self.column),
            None => write!(f, "{}:{}", self.line, self.column),
        }
    }
}

/// An error from the library: a kind, a one-line message, and where it happened.
///
/// It is one pointer wide (what it says lives behind a box), so a
/// [`Result`] is no larger than the value it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<Details>);

/// What an [`Error`] says.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Details {
    kind: ErrorKind,
    message: String,
    location: Option<Location>,
    /// The ruleset parameter whose value is wrong, when the error is about one.
    parameter: Option<&'static str>,
}

impl Error {
    /// An error of `kind` with a one-line `message` and no location.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error(Box::new(Details { kind, message: message.into(), location: None, parameter: None }))
    }

    /// A syntax error at `location`.
    pub fn syntax(location: Location, message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Syntax, message).at(location)
    }

    /// An invalid-input error with no location.
    pub fn invalid(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::InvalidInput, message)
    }

    /// The same error, located at `location`.
    pub fn at(mut self, location: Location) -> Self {
        self.0.location = Some(location);
        self
    }

    /// The same error; if it has a location, that location now names `source`.
    pub fn in_source(mut self, source: impl Into<String>) -> Self {
        if let Some(location) = self.0.location.take() {
            self.0.location = Some(location.in_source(source));
        }
        self
    }

    /// The same error, marked as about the value of the ruleset parameter
    /// `name` (so a command line can name the option that gave it).
    pub fn for_parameter(mut self, name: &'static str) -> Self {
        self.0.parameter = Some(name);
        self
    }

    /// The ruleset parameter whose value the error is about, if it is about one.
    pub fn parameter(&self) -> Option<&'static str> {
        self.0.parameter
    }

    /// The kind of error.
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }

    /// The message, without the location.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// Where the error happened, if known.
    pub fn location(&self) -> Option<&Location> {
        self.0.location.as_ref()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.location {
            Some(location) => write!(f, "{location}: {}", self.0.message),
            None => f.write_str(&self.0.message),
        }
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Self {
        Error::new(ErrorKind::Io, err.to_string())
    }
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let text = "a: b\nbé: c\n";
        assert_eq!(Location::of_offset(text, 0), Location::new(1, 1));
        assert_eq!(Location::of_offset(text, 5), Location::new(2, 1));
        assert_eq!(Location::of_offset(text, 8), Location::new(2, 3));
        assert_eq!(Location::of_offset(text, 100), Location::new(3, 1));
    }

    #[test]
    fn display_puts_location_first() {
        let err = Error::syntax(Location::new(3, 7), "expected ':'").in_source("g.txt");
        assert_eq!(err.to_string(), "g.txt:3:7: expected ':'");
        assert_eq!(Error::invalid("empty set").to_string(), "empty set");
    }
}
