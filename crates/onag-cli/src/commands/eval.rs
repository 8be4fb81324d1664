//! `onag eval`: the calculator in batch mode, as CALCULATOR.md specifies.
//!
//! `onag eval 'E1' 'E2'` prints one line per argument; `onag eval -` reads
//! standard input and prints one line per non-empty input line. A failing
//! input prints `error: N:COL: message` on stdout (N is the input's number,
//! COL the column) so lines stay aligned, and evaluation goes on; the exit
//! status is 1 if any input failed. Variables live until the end of the batch.

use std::io::BufRead;
use std::process::ExitCode;

use clap::Args;
use onag::lang::Session;
use onag::{Error, ErrorKind};
use serde::Serialize;

use crate::commands::Context;
use crate::render::{self, EXIT_INTERRUPTED};

/// Arguments of `onag eval`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  onag eval '{0|*}' '3+-1' '[n*n for n from 1 to 5]'\n  \
                        printf 'x := *3\\nx + *5\\n' | onag eval -\n\n\
                        Output is CGSuite's plain-text notation; a failing input prints one \
                        line 'error: N:COL: message' and the exit status is 1.")]
pub struct EvalArgs {
    /// Expressions to evaluate; `-` reads standard input, one input per line
    /// (after `--`, expressions may start with `-`: `onag eval -- -^`).
    #[arg(required = true, value_name = "EXPR", allow_negative_numbers = true)]
    pub exprs: Vec<String>,
}

/// The stack size of the evaluation thread: generous, so that printing or
/// walking very deep games never overflows it.
pub const STACK_SIZE: usize = 256 << 20;

/// The stack the calculator's evaluation may use on the [`STACK_SIZE`]
/// thread (the rest is headroom for printing and the library).
pub const EVAL_STACK: usize = STACK_SIZE - (32 << 20);

/// A calculator session as the CLI sets it up: the user's position limit
/// and the evaluation thread's stack.
pub fn new_session(ctx: &Context) -> Session {
    let mut session = Session::new();
    session.set_position_limit_given(ctx.global.max_positions.is_some());
    session.set_stack_limit(EVAL_STACK);
    session.set_library_path(onag::lang::library_path(
        &ctx.global.lib,
        std::env::var_os("ONAG_PATH").as_deref(),
    ));
    session
}

/// The calculator's position limit when `--max-positions` is not given: the
/// session's arena may hold this many games, so a runaway input (the followers
/// of a huge integer) ends with an error instead of exhausting memory.
pub const DEFAULT_MAX_POSITIONS: u64 = 10_000_000;

/// The budget for one calculator input, and its progress bar.
pub fn input_budget(ctx: &Context) -> (onag::Budget, crate::progress::ProgressBar) {
    let (budget, bar) = ctx.budget("evaluating");
    match ctx.global.max_positions {
        Some(_) => (budget, bar),
        None => (budget.with_max_positions(DEFAULT_MAX_POSITIONS), bar),
    }
}

/// One input's result in `--json` output.
#[derive(Debug, Serialize)]
struct JsonLine<'a> {
    input: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The text of an error for input number `number`: `N:COL: message` when the
/// error has a column, else the message.
pub fn error_text(err: &Error, number: usize) -> String {
    match err.location() {
        // An error in a class file names the file.
        Some(location) if location.source.is_some() => format!("{location}: {}", err.message()),
        Some(location) => format!("{number}:{}: {}", location.column, err.message()),
        None => err.message().to_string(),
    }
}

/// One input of a batch: its number (argument or line, from 1) and its text,
/// or `None` when the line is not UTF-8.
pub type Input = (usize, Option<String>);

/// What a prompt command (`:help`, `:quit`) in a batch does.
pub enum Command {
    /// Print this text.
    Print(String),
    /// Print this error line (the batch then exits with 1).
    Error(String),
    /// Stop reading input.
    Quit,
}

/// Evaluates `inputs` in one session and prints one line each; returns exit
/// code 1 if any failed, 130 after Ctrl-C. `commands` reads a line that is
/// a prompt command (`None` when it is not one, and for `onag eval`).
/// `lines`: the inputs are the lines of a file, where a block left open
/// at the end of one (`begin` ... `end` over several lines) is one error
/// that says to use `onag run`, not an error for each of its lines.
pub fn batch(
    ctx: &Context,
    inputs: impl Iterator<Item = std::io::Result<Input>>,
    lines: bool,
    commands: &dyn Fn(&str) -> Option<Command>,
) -> anyhow::Result<ExitCode> {
    let mut session = new_session(ctx);
    let mut out = render::Output::new();
    let mut failed = false;
    let mut inputs = inputs;
    while let Some(input) = inputs.next() {
        let (number, text) = read(input)?;
        if lines && let Some(word) = text.as_deref().and_then(onag::lang::unfinished_block) {
            // A block over several lines (`def f(n) begin` ... `end`): the
            // lines of a batch are inputs of their own, and each would fail.
            let first = text.unwrap_or_default();
            let message = skip_block(&mut inputs, number, first.clone(), &word)?;
            if ctx.json() {
                let line = JsonLine { input: &first, value: None, error: Some(message) };
                out.line(format_args!("{}", serde_json::to_string(&line)?))?;
            } else {
                out.line(format_args!("error: {message}"))?;
            }
            failed = true;
            continue;
        }
        match text.as_deref().and_then(commands) {
            Some(Command::Print(help)) => {
                out.line(format_args!("{}", help.trim_end()))?;
                continue;
            }
            Some(Command::Error(message)) => {
                out.line(format_args!("error: {number}: {message}"))?;
                failed = true;
                continue;
            }
            Some(Command::Quit) => break,
            None => {}
        }
        let result = match &text {
            Some(text) => {
                let (budget, _bar) = input_budget(ctx);
                session.set_first_line(number);
                session.run_to_string(text, &budget)
            }
            None => Err(Error::invalid("the input line is not UTF-8").at(onag::Location {
                source: None,
                line: 1,
                column: 1,
            })),
        };
        let text = text.as_deref().unwrap_or("");
        if ctx.json() {
            let line = match &result {
                Ok(value) => JsonLine { input: text, value: Some(value.clone()), error: None },
                Err(err) => {
                    JsonLine { input: text, value: None, error: Some(error_text(err, number)) }
                }
            };
            out.line(format_args!("{}", serde_json::to_string(&line)?))?;
        } else {
            match &result {
                Ok(value) => out.line(format_args!("{value}"))?,
                Err(err) => out.line(format_args!("error: {}", error_text(err, number)))?,
            }
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

/// An input read, or the error of reading standard input.
fn read(input: std::io::Result<Input>) -> anyhow::Result<Input> {
    input.map_err(|e| anyhow::Error::new(e).context("cannot read standard input"))
}

/// Reads the lines of the block that line `number` (`text`) opens with
/// `word`, up to the one that finishes it, and returns the one error for
/// them all: a batch is one input per line, a script goes to `onag run`.
fn skip_block(
    inputs: &mut impl Iterator<Item = std::io::Result<Input>>,
    number: usize,
    mut text: String,
    word: &str,
) -> anyhow::Result<String> {
    let mut last = number;
    while onag::lang::unfinished_block(&text).is_some() {
        let Some(input) = inputs.next() else {
            return Ok(format!(
                "{number}:1: the '{word}' of line {number} is not finished by the end of the \
                 input, and each line here is one input: run a multi-line script with onag run FILE"
            ));
        };
        let (line, more) = read(input)?;
        last = line;
        text.push('\n');
        text.push_str(more.as_deref().unwrap_or(""));
    }
    Ok(format!(
        "{number}:1: a '{word}' block over lines {number}-{last}, and each line here is one \
         input: run a multi-line script with onag run FILE"
    ))
}

/// The non-blank lines of standard input, numbered by their line number.
pub fn stdin_inputs() -> impl Iterator<Item = std::io::Result<Input>> {
    let mut reader = std::io::stdin().lock();
    let mut number = 0;
    std::iter::from_fn(move || {
        loop {
            let mut line = Vec::new();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return Some(Err(e)),
            }
            number += 1;
            while line.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                line.pop();
            }
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            return Some(Ok((number, String::from_utf8(line).ok())));
        }
    })
}

/// Runs `f` on a thread with a [`STACK_SIZE`] stack and returns its result.
pub fn on_big_stack<T: Send>(f: impl FnOnce() -> anyhow::Result<T> + Send) -> anyhow::Result<T> {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new().stack_size(STACK_SIZE).spawn_scoped(scope, f)?;
        handle.join().map_err(|_| anyhow::anyhow!("the evaluation thread failed"))?
    })
}

/// Runs `onag eval`.
pub fn run(ctx: &Context, args: EvalArgs) -> anyhow::Result<ExitCode> {
    on_big_stack(|| run_batch(ctx, args))
}

fn run_batch(ctx: &Context, args: EvalArgs) -> anyhow::Result<ExitCode> {
    if args.exprs.len() == 1 && args.exprs[0] == "-" {
        return batch(ctx, stdin_inputs(), true, &|_| None);
    }
    if args.exprs.iter().any(|e| e == "-") {
        anyhow::bail!(
            "'-' reads the expressions from standard input and must be the only argument of onag eval"
        );
    }
    let inputs = args.exprs.into_iter().enumerate().map(|(i, e)| Ok((i + 1, Some(e))));
    batch(ctx, inputs, false, &|_| None)
}
