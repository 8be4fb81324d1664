//! The limits a page sets on each computation: the command line's
//! `--max-positions`, `--max-memory` and `--timeout`, read from JSON. The
//! page labels its fields with the options' names, and an error names them
//! as the command line's errors do.

use onag::Budget;
use serde::Deserialize;
use std::time::Duration;

/// Limits on one computation, each optional as on the command line.
///
/// Read from JSON such as `{"max_positions": 1000000, "max_memory": 1073741824,
/// "timeout": 60}` (bytes and whole seconds); every field may be left out or
/// be `null`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// At most this many positions (`--max-positions`).
    pub max_positions: Option<u64>,
    /// At most this many bytes added by the computation (`--max-memory`).
    pub max_memory: Option<u64>,
    /// At most this many seconds, at least 1 (`--timeout`).
    pub timeout: Option<u64>,
}

impl Limits {
    /// Reads limits from JSON text; an empty text is no limit at all. The
    /// error is one line that names the field.
    pub fn from_json(text: &str) -> Result<Limits, String> {
        if text.trim().is_empty() {
            return Ok(Limits::default());
        }
        let limits: Limits = serde_json::from_str(text).map_err(|e| {
            let message = e.to_string();
            let message = message.split(" at line ").next().unwrap_or(&message);
            format!("limits: {message}")
        })?;
        match limits.timeout {
            Some(0) => Err("limits: the time limit must be at least 1 second".to_string()),
            Some(t) if t > onag::budget::MAX_TIMEOUT.as_secs() => Err(format!(
                "limits: the time limit is too long (at most {} seconds)",
                onag::budget::MAX_TIMEOUT.as_secs()
            )),
            _ => Ok(limits),
        }
    }

    /// The budget with these limits, as the command line makes it from its
    /// options (without a cancel flag: the page stops a computation by
    /// ending the worker that runs it).
    pub fn budget(&self) -> Budget {
        let mut budget = Budget::unlimited();
        if let Some(max) = self.max_positions {
            budget = budget.with_max_positions(max);
        }
        if let Some(bytes) = self.max_memory {
            budget = budget.with_max_memory(bytes);
        }
        if let Some(seconds) = self.timeout {
            budget = budget.with_timeout(Duration::from_secs(seconds));
        }
        budget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_from_json() {
        assert_eq!(Limits::from_json(""), Ok(Limits::default()));
        assert_eq!(Limits::from_json("{}"), Ok(Limits::default()));
        assert_eq!(
            Limits::from_json(r#"{"max_positions": 5, "max_memory": null, "timeout": 2}"#),
            Ok(Limits { max_positions: Some(5), max_memory: None, timeout: Some(2) })
        );
        let err = Limits::from_json(r#"{"max_positions": -1}"#).unwrap_err();
        assert!(err.starts_with("limits: invalid value"), "{err}");
        assert!(!err.contains('\n'));
        let err = Limits::from_json(r#"{"positions": 1}"#).unwrap_err();
        assert!(err.contains("unknown field `positions`"), "{err}");
        assert!(Limits::from_json(r#"{"timeout": 0}"#).is_err());
        assert!(Limits::from_json(r#"{"timeout": 99999999999999}"#).is_err());
    }

    #[test]
    fn a_position_limit_names_the_option() {
        let budget = Limits { max_positions: Some(10), ..Limits::default() }.budget();
        let err = budget.check(11).unwrap_err();
        assert_eq!(err.message(), "11 positions exceed the limit of 10 (raise --max-positions)");
    }
}
