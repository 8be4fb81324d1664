//! `onag run FILE`: runs a CGScript worksheet and prints the value of each
//! top-level statement, as a CGSuite worksheet shows it: a statement ending
//! in `;` shows nothing.
//!
//! The file is read line by line; a statement that is not complete at the
//! end of a line (an open bracket, `begin`, `if` or a loop without its
//! `end`, an operator without its operand) goes on on the next lines. Each
//! statement is one input of one calculator session, with its own budget.
//! A failing statement prints `error: LINE:COL: message` (the line in the
//! file) on stdout in its place and the worksheet goes on; the exit status
//! is 1 if any failed, 130 after Ctrl-C.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use onag::ErrorKind;
use serde::Serialize;

use crate::commands::Context;
use crate::commands::eval::{input_budget, new_session, on_big_stack};
use crate::render::{self, EXIT_INTERRUPTED};

/// Arguments of `onag run`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  onag run examples/data/worksheet.cgs\n  \
                        onag run examples/data/worksheet.cgs --json --timeout 60\n\n\
                        A worksheet holds CGScript statements, one or more lines each \
                        ('-' reads one from standard input):\n  \
                        def f(n) := if n < 2 then n else f(n-1) + f(n-2) end\n  \
                        [f(n) for n from 0 to 10]\n\n\
                        Each statement's value is printed, as in a CGSuite worksheet; \
                        end a statement with ';' to print nothing for it.")]
pub struct RunArgs {
    /// The worksheet file (`-` reads standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// One statement's result in `--json` output.
#[derive(Debug, Serialize)]
struct JsonStatement<'a> {
    line: usize,
    input: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// A statement of a worksheet: the line it starts on and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    /// The line it starts on (from 1).
    pub line: usize,
    /// Its text (one or more lines).
    pub text: String,
}

/// Splits a worksheet into statements: lines are joined while what they
/// hold so far is incomplete; blank and comment-only lines are skipped.
pub fn statements(text: &str) -> Vec<Statement> {
    let mut out = Vec::new();
    let mut current: Option<Statement> = None;
    for (i, line) in text.lines().enumerate() {
        let statement = match current.take() {
            Some(mut s) => {
                s.text.push('\n');
                s.text.push_str(line);
                s
            }
            None => {
                let content = line.trim();
                if content.is_empty() || content.starts_with("//") {
                    continue;
                }
                Statement { line: i + 1, text: line.to_string() }
            }
        };
        if onag::lang::is_incomplete(&statement.text) {
            current = Some(statement);
        } else {
            out.push(statement);
        }
    }
    out.extend(current);
    out
}

/// Runs `onag run`.
pub fn run(ctx: &Context, args: RunArgs) -> anyhow::Result<ExitCode> {
    let text = if args.file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
    } else {
        std::fs::read_to_string(&args.file)
            .with_context(|| format!("cannot read '{}'", args.file.display()))?
    };
    on_big_stack(|| run_worksheet(ctx, &text))
}

fn run_worksheet(ctx: &Context, text: &str) -> anyhow::Result<ExitCode> {
    let mut session = new_session(ctx);
    let mut out = render::Output::new();
    let mut failed = false;
    let mut padded = String::new();
    for statement in statements(text) {
        // Leading newlines put the statement on its line of the file, so
        // errors (also those inside functions it defines) give file lines.
        padded.clear();
        padded.extend(std::iter::repeat_n('\n', statement.line - 1));
        padded.push_str(&statement.text);
        let (budget, bar) = input_budget(ctx);
        let result = session.run_to_string(&padded, &budget);
        drop(bar);
        let shown = match &result {
            Ok(value) if value.is_empty() => None,
            Ok(value) => Some(value.clone()),
            Err(_) => None,
        };
        let error = result.as_ref().err().map(|err| match err.location() {
            Some(at) => format!("{}:{}: {}", at.line, at.column, err.message()),
            None => err.message().to_string(),
        });
        if ctx.json() {
            if shown.is_some() || error.is_some() {
                let line = JsonStatement {
                    line: statement.line,
                    input: &statement.text,
                    value: shown,
                    error: error.clone(),
                };
                out.line(format_args!("{}", serde_json::to_string(&line)?))?;
            }
        } else if let Some(value) = &shown {
            out.line(format_args!("{value}"))?;
        } else if let Some(error) = &error {
            out.line(format_args!("error: {error}"))?;
        }
        failed |= result.is_err();
        if matches!(&result, Err(e) if e.kind() == ErrorKind::Cancelled) {
            out.finish()?;
            return Ok(ExitCode::from(EXIT_INTERRUPTED));
        }
    }
    out.finish()?;
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_span_the_lines_they_need() {
        let text = "x := 1\n\n// note\nif x == 1 then\n  2\nelse\n  3\nend\nf := y ->\n  y + 1\n[1,\n 2]\n";
        let all = statements(text);
        let got: Vec<(usize, &str)> = all.iter().map(|s| (s.line, s.text.as_str())).collect();
        assert_eq!(
            got,
            vec![
                (1, "x := 1"),
                (4, "if x == 1 then\n  2\nelse\n  3\nend"),
                (9, "f := y ->\n  y + 1"),
                (11, "[1,\n 2]"),
            ]
        );
    }

    #[test]
    fn an_unfinished_statement_runs_to_the_end() {
        let got = statements("1\nbegin\n  2\n");
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].line, 2);
    }
}
