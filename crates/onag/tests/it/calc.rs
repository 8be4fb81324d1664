//! Runs calculator inputs in one session, for the golden tests of the
//! calculator's values.

use onag::Budget;
use onag::lang::Session;

/// The output (or `error: …`) of each input, run in order in one session.
pub fn run_all(inputs: &[&str]) -> Vec<String> {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(1_000_000);
    inputs
        .iter()
        .map(|input| match session.run_to_string(input, &budget) {
            Ok(text) => text,
            Err(err) => format!("error: {err}"),
        })
        .collect()
}

/// The output (or `error: …`) of one input in a session of its own.
pub fn run(input: &str) -> String {
    run_all(&[input]).remove(0)
}

/// Runs each input of `cases` in a session of its own and checks its output.
pub fn check_each(cases: &[(&str, &str)]) {
    for (input, want) in cases {
        assert_eq!(run(input), *want, "input {input:?}");
    }
}

/// Runs the inputs of `cases` in one session and checks each output.
pub fn check(cases: &[(&str, &str)]) {
    let inputs: Vec<&str> = cases.iter().map(|c| c.0).collect();
    for ((input, want), got) in cases.iter().zip(run_all(&inputs)) {
        assert_eq!(&got, want, "{input}");
    }
}
