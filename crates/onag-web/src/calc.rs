//! The worksheet's calculator: one session whose variables live from one
//! input to the next, each answer the line `onag eval` prints for it.

use onag::Error;
use onag::lang::Session;
use serde::Serialize;

use crate::limits::Limits;

/// The position limit of an input when none is given, as `onag eval` has
/// it: a runaway input (the followers of a huge integer) ends with an error
/// instead of exhausting the memory.
pub const DEFAULT_MAX_POSITIONS: u64 = 10_000_000;

/// The stack evaluation may use. In the browser it is measured on the
/// module's own stack (in linear memory, [`crate::WASM_STACK`] long), but
/// the engine's calls also use the browser's native stack, which is about
/// 1 MB in a worker and cannot be raised: a calculator call takes some 3 KB
/// of the first and 2 KB of the second, so half a megabyte of the first
/// ends a deep recursion with the calculator's own error ("recursion too
/// deep") well before the browser's runs out. Natively (the tests) the
/// library's default for a thread of the default size.
pub const EVAL_STACK: usize =
    if cfg!(target_arch = "wasm32") { 512 << 10 } else { onag::lang::DEFAULT_STACK };

/// The answer to one input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// Whether the input was evaluated without error.
    pub ok: bool,
    /// What `onag eval` prints for it: the value in CGSuite's notation (empty
    /// when the input ends with `;`), or `error: N:COL: message`.
    pub text: String,
}

/// A calculator session for the worksheet.
#[derive(Debug)]
pub struct Calculator {
    session: Session,
}

impl Default for Calculator {
    fn default() -> Self {
        Calculator::new()
    }
}

impl Calculator {
    /// A session with no variables.
    pub fn new() -> Self {
        let mut session = Session::new();
        session.set_stack_limit(EVAL_STACK);
        Calculator { session }
    }

    /// Evaluates input number `number` (from 1, as `onag eval` numbers its
    /// arguments) within `limits`.
    pub fn eval(&mut self, number: usize, input: &str, limits: &Limits) -> Answer {
        self.session.set_position_limit_given(limits.max_positions.is_some());
        let mut budget = limits.budget();
        if limits.max_positions.is_none() {
            budget = budget.with_max_positions(DEFAULT_MAX_POSITIONS);
        }
        self.session.set_first_line(number);
        match self.session.run_to_string(input, &budget) {
            Ok(text) => Answer { ok: true, text },
            Err(err) => Answer { ok: false, text: format!("error: {}", error_text(&err, number)) },
        }
    }
}

/// The text of an error for input number `number`, as `onag eval` writes it:
/// `N:COL: message` when the error has a column, else the message.
pub fn error_text(err: &Error, number: usize) -> String {
    match err.location() {
        Some(location) if location.source.is_some() => format!("{location}: {}", err.message()),
        Some(location) => format!("{number}:{}: {}", location.column, err.message()),
        None => err.message().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(inputs: &[&str]) -> Vec<String> {
        let mut calc = Calculator::new();
        let limits = Limits::default();
        inputs.iter().enumerate().map(|(i, s)| calc.eval(i + 1, s, &limits).text).collect()
    }

    #[test]
    fn answers_and_errors_are_the_lines_onag_eval_prints() {
        assert_eq!(
            answers(&["{2|1}+*", "x := ^", "x + x + *", "1 +", "y", "3;"]),
            [
                "{2*|1*}",
                "^",
                "^^*",
                "error: 4:4: expected a value, found the end of the input",
                "error: 5:1: unknown name 'y'",
                ""
            ]
        );
    }

    #[test]
    fn a_position_limit_given_applies() {
        let mut calc = Calculator::new();
        let limits = Limits { max_positions: Some(10), ..Limits::default() };
        let answer =
            calc.eval(1, "game.grid.Domineering(\"....|....|....|....\").CanonicalForm", &limits);
        assert!(!answer.ok);
        assert!(answer.text.contains("(raise --max-positions)"), "{}", answer.text);
        // The session goes on after a limit.
        assert_eq!(calc.eval(2, "1+1", &Limits::default()).text, "2");
    }
}
