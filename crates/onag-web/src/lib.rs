//! onag in the browser: the calculator and the rulesets of the library as a
//! WebAssembly module, for the static site that `web/build.sh` builds.
//!
//! The page runs the module in a Web Worker (`web/static/worker.js`), one
//! request at a time, and reads every answer as JSON text:
//!
//! - [`Calculator::eval`]: one worksheet input, answered with the line
//!   `onag eval` prints for it (the value, or `error: N:COL: message`);
//!   variables live from one input to the next.
//! - [`rulesets`]: every ruleset of the catalog, with the characters a
//!   board's cells may hold.
//! - [`analyse`]: a position's canonical form, outcome, mean, temperature and
//!   winning moves, the JSON of `onag NAME --json POSITION`.
//! - [`options`]: each player's options of a position with their values,
//!   for the explorer and for play.
//! - [`thermograph_svg`], [`grundy_svg`]: the thermograph of a game, a
//!   Grundy sequence, as SVG pictures; for the page's main thread, where
//!   the picture module can measure its text.
//!
//! Each call takes the command line's limits (`--max-positions`,
//! `--max-memory`, `--timeout`) as JSON ([`limits::Limits`]). A computation
//! is stopped by ending the worker: a cancel flag would need memory shared
//! with the page, which a browser grants only to a cross-origin isolated
//! page, and a static site served by `python3 -m http.server` is not one.
//!
//! In the browser the library runs on one thread (rayon's pool is the
//! calling thread; the finisher's second thread is never started), with
//! the same answers as on several; the budget's clock is
//! `performance.now()`; the memory limit counts every live byte
//! ([`onag::memory::Counting`] around the module's allocator).

pub mod board;
pub mod calc;
pub mod limits;
pub mod picture;

use std::sync::Mutex;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::limits::Limits;

/// Every allocation counted, so the memory limit is about every live byte,
/// as on the command line.
#[global_allocator]
static ALLOCATOR: onag::memory::Counting<std::alloc::System> =
    onag::memory::Counting(std::alloc::System);

/// The stack of the WebAssembly module in bytes, set at link time by the
/// build script.
pub const WASM_STACK: usize = parse_usize(env!("ONAG_WEB_STACK"));

const fn parse_usize(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while i < bytes.len() {
        n = n * 10 + (bytes[i] - b'0') as usize;
        i += 1;
    }
    n
}

/// The message of the last panic, for [`last_panic`].
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Keeps the message of a panic, so the worker can report it after the
/// module traps (a panic aborts in WebAssembly).
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = info.to_string().replace('\n', " ");
        }
    }));
}

/// The message of the last panic, empty if there was none: an internal
/// error, reported by the worker before it is started anew.
#[wasm_bindgen]
pub fn last_panic() -> String {
    LAST_PANIC.lock().map(|m| m.clone()).unwrap_or_default()
}

/// JSON of a success, `{"ok": true, <field>: value}`, or of a failure,
/// `{"ok": false, "error": "error: ..."}`.
fn reply<T: Serialize>(field: &str, result: Result<T, String>) -> String {
    let value = match result {
        Ok(value) => serde_json::json!({ "ok": true, field: value }),
        Err(error) => serde_json::json!({ "ok": false, "error": error }),
    };
    value.to_string()
}

/// Reads the limits, or the failure reply for them.
fn limits(json: &str) -> Result<Limits, String> {
    Limits::from_json(json).map_err(|e| format!("error: {e}"))
}

/// The worksheet's calculator session.
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct Calculator(calc::Calculator);

#[wasm_bindgen]
impl Calculator {
    /// A session with no variables.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Calculator {
        Calculator(calc::Calculator::new())
    }

    /// Evaluates input number `number` (from 1) within `limits` (JSON):
    /// `{"ok": true, "answer": {"ok": bool, "text": "..."}}`, `text` being
    /// the line `onag eval` prints.
    pub fn eval(&mut self, number: u32, input: &str, limits_json: &str) -> String {
        let result = limits(limits_json).map(|limits| self.0.eval(number as usize, input, &limits));
        reply("answer", result)
    }
}

/// Every ruleset: `{"ok": true, "rulesets": [...]}` ([`board::RulesetInfo`]).
#[wasm_bindgen]
pub fn rulesets() -> String {
    reply("rulesets", Ok(board::rulesets()))
}

/// Reads the parameters, a JSON array of `NAME=VALUE` texts.
fn params(json: &str) -> Result<Vec<String>, String> {
    if json.trim().is_empty() {
        return Ok(Vec::new());
    }
    serde_json::from_str(json)
        .map_err(|_| "error: parameters: expected a list of NAME=VALUE".into())
}

/// The value, outcome and winning moves of `position` of the ruleset
/// `ruleset` (its command-line name), with parameters `params_json` (a
/// JSON array of `NAME=VALUE`) within `limits_json`: `{"ok": true,
/// "report": {...}}`, the report being what `onag NAME --json POSITION`
/// prints.
#[wasm_bindgen]
pub fn analyse(ruleset: &str, position: &str, params_json: &str, limits_json: &str) -> String {
    let result = params(params_json)
        .and_then(|given| board::report(ruleset, position, &given, &limits(limits_json)?));
    reply("report", result)
}

/// Each player's options of `position` with their values: `{"ok": true,
/// "options": {...}}` ([`board::Options`]); arguments as for [`analyse`].
#[wasm_bindgen]
pub fn options(ruleset: &str, position: &str, params_json: &str, limits_json: &str) -> String {
    let result = params(params_json)
        .and_then(|given| board::options(ruleset, position, &given, &limits(limits_json)?));
    reply("options", result)
}

/// The thermograph of `game` (in the calculator's notation, such as a
/// report's value) as an SVG picture: `{"ok": true, "svg": "<svg ..."}`.
/// Call it on the page's main thread, not in a worker: the picture module
/// measures its text with the page's DOM.
#[wasm_bindgen]
pub fn thermograph_svg(game: &str, limits_json: &str) -> String {
    reply("svg", limits(limits_json).and_then(|limits| picture::thermograph(game, &limits)))
}

/// A Grundy sequence `list` (a list of natural numbers in the calculator's
/// notation) as an SVG scatter plot titled "Grundy values of `title`":
/// `{"ok": true, "svg": "<svg ..."}`. Like [`thermograph_svg`], for the
/// page's main thread.
#[wasm_bindgen]
pub fn grundy_svg(title: &str, list: &str, limits_json: &str) -> String {
    reply("svg", limits(limits_json).and_then(|limits| picture::grundy(title, list, &limits)))
}
