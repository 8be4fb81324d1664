//! `onag nimber`: nim arithmetic from the command line, one result a line.
//!
//! Operands are decimal or `0x` hexadecimal numbers of up to 4096 bits;
//! results print in decimal (or hexadecimal with `--hex`). Operands below
//! `2^128` go through the fixed-width fields, wider ones through
//! [`NimberBig`]. `onag nimber mul -` multiplies pairs read from standard input,
//! one pair a line, with a hand-rolled parser and printer so that the product
//! is not the bottleneck; with `--json` it prints JSON Lines.

use std::io::{BufRead, Read};
use std::process::ExitCode;

use anyhow::{Context as _, anyhow, bail};
use clap::{Args, Subcommand};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use onag::nimber::{self, NimberBig};
use onag::number::parse_natural;
use serde::Serialize;

use crate::commands::Context;
use crate::render;

/// Widest operand accepted, in bits.
const MAX_BITS: u64 = 4096;
/// Largest multiplication table printed.
const MAX_TABLE: u64 = 4096;

/// Arguments of `onag nimber`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  onag nimber mul 8 4\n  onag nimber table 16\n  \
onag nimber inv 2\n  onag nimber sqrt 0xffff --hex\n  printf '8 4\\n2 3\\n' | onag nimber mul -")]
pub struct NimberArgs {
    /// The operation.
    #[command(subcommand)]
    pub op: NimberOp,

    /// Print results in hexadecimal (`0x…`).
    #[arg(long, global = true)]
    pub hex: bool,
}

/// One nim operation. Operands are decimal or `0x` hexadecimal, below 2^4096.
#[derive(Debug, Subcommand)]
pub enum NimberOp {
    /// Nim-sum (XOR) of the operands.
    Add {
        /// Two or more nimbers.
        #[arg(required = true, num_args = 2.., value_name = "N", allow_negative_numbers = true)]
        operands: Vec<String>,
    },
    /// Nim product of the operands; `mul -` multiplies the pairs on each line of stdin.
    Mul {
        /// Two or more nimbers, or `-` alone to read pairs from standard input.
        #[arg(required = true, num_args = 1.., value_name = "N", allow_negative_numbers = true)]
        operands: Vec<String>,
    },
    /// Multiplicative inverse.
    Inv {
        /// A nonzero nimber.
        #[arg(value_name = "N", allow_negative_numbers = true)]
        x: String,
    },
    /// Quotient A ⊗ B⁻¹.
    Div {
        /// Dividend.
        #[arg(value_name = "A", allow_negative_numbers = true)]
        a: String,
        /// Divisor (nonzero).
        #[arg(value_name = "B", allow_negative_numbers = true)]
        b: String,
    },
    /// Nim power X^E (E an ordinary non-negative integer).
    Pow {
        /// Base.
        #[arg(value_name = "X", allow_negative_numbers = true)]
        x: String,
        /// Exponent.
        #[arg(value_name = "E", allow_negative_numbers = true)]
        e: String,
    },
    /// Square root (unique in characteristic 2).
    Sqrt {
        /// A nimber.
        #[arg(value_name = "N", allow_negative_numbers = true)]
        x: String,
    },
    /// The N×N multiplication table of the nimbers below N (1 ≤ N ≤ 4096).
    Table {
        /// Size of the table.
        #[arg(value_name = "N", allow_negative_numbers = true)]
        size: String,
    },
}

/// Parses a decimal or `0x` hexadecimal natural number, naming `what` on error.
fn parse_number(text: &str, what: &str) -> anyhow::Result<BigUint> {
    let value = if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            bail!("{what} '{text}' is not a hexadecimal number");
        }
        BigUint::parse_bytes(hex.as_bytes(), 16)
            .ok_or_else(|| anyhow!("{what} '{text}' is not a hexadecimal number"))?
    } else {
        parse_natural(text).map_err(|e| anyhow!("{what} {}", e.message()))?
    };
    if value.bits() > MAX_BITS {
        let shown: String = text.chars().take(24).collect();
        bail!("{what} '{shown}…' is wider than {MAX_BITS} bits");
    }
    Ok(value)
}

/// A JSON number when it fits 64 bits, else a decimal string; hex strings with `--hex`.
fn json_number(x: &BigUint, hex: bool) -> serde_json::Value {
    if hex {
        return serde_json::Value::String(format!("0x{x:x}"));
    }
    match x.to_u64() {
        Some(v) => serde_json::Value::from(v),
        None => serde_json::Value::String(x.to_string()),
    }
}

fn text_number(x: &BigUint, hex: bool) -> String {
    if hex { format!("0x{x:x}") } else { x.to_string() }
}

#[derive(Serialize)]
struct OpResult {
    operation: &'static str,
    operands: Vec<serde_json::Value>,
    result: serde_json::Value,
}

#[derive(Serialize)]
struct TableResult {
    size: u64,
    table: Vec<Vec<serde_json::Value>>,
}

/// Nim product of two natural numbers of any width.
fn product(a: &BigUint, b: &BigUint) -> BigUint {
    match (a.to_u128(), b.to_u128()) {
        (Some(x), Some(y)) => BigUint::from(nimber::mul128(x, y)),
        _ => NimberBig::from_biguint(a).mul(&NimberBig::from_biguint(b)).to_biguint(),
    }
}

fn inverse(a: &BigUint) -> Option<BigUint> {
    match a.to_u128() {
        Some(x) => nimber::inverse128(x).map(BigUint::from),
        None => NimberBig::from_biguint(a).inverse().map(|i| i.to_biguint()),
    }
}

fn square_root(a: &BigUint) -> BigUint {
    match a.to_u128() {
        Some(x) => BigUint::from(nimber::sqrt128(x)),
        None => NimberBig::from_biguint(a).sqrt().to_biguint(),
    }
}

fn power(x: &BigUint, e: &BigUint) -> BigUint {
    match x.to_u128() {
        Some(b) => {
            let reduced = e % (BigUint::from(u128::MAX));
            let exponent = reduced.to_u128().unwrap_or(0);
            let exponent = if exponent == 0 && e.bits() > 0 { u128::MAX } else { exponent };
            BigUint::from(nimber::pow128(b, exponent))
        }
        None => NimberBig::from_biguint(x).pow(e).to_biguint(),
    }
}

/// Runs `onag nimber`.
pub fn run(ctx: &Context, args: NimberArgs) -> anyhow::Result<ExitCode> {
    let hex = args.hex;
    let (operation, operands, result): (&'static str, Vec<BigUint>, BigUint) = match args.op {
        NimberOp::Add { operands } => {
            let xs = parse_all(&operands)?;
            let sum = xs.iter().fold(BigUint::default(), |acc, x| acc ^ x);
            ("add", xs, sum)
        }
        NimberOp::Mul { operands } => {
            if operands.iter().any(|o| o == "-") {
                if operands.len() != 1 {
                    bail!("'-' (read pairs from standard input) must be the only operand");
                }
                return bulk_multiply(hex, ctx.json());
            }
            if operands.len() < 2 {
                bail!("mul needs two or more operands, or '-' to read pairs from standard input");
            }
            let xs = parse_all(&operands)?;
            let mut acc = BigUint::from(1u8);
            for x in &xs {
                acc = product(&acc, x);
            }
            ("mul", xs, acc)
        }
        NimberOp::Inv { x } => {
            let a = parse_number(&x, "operand")?;
            let r = inverse(&a).ok_or_else(|| anyhow!("0 has no inverse (division by zero)"))?;
            ("inv", vec![a], r)
        }
        NimberOp::Div { a, b } => {
            let (a, b) = (parse_number(&a, "dividend")?, parse_number(&b, "divisor")?);
            let i = inverse(&b).ok_or_else(|| anyhow!("division by zero"))?;
            let q = product(&a, &i);
            ("div", vec![a, b], q)
        }
        NimberOp::Pow { x, e } => {
            let (x, e) = (parse_number(&x, "base")?, parse_number(&e, "exponent")?);
            let r = power(&x, &e);
            ("pow", vec![x, e], r)
        }
        NimberOp::Sqrt { x } => {
            let a = parse_number(&x, "operand")?;
            let r = square_root(&a);
            ("sqrt", vec![a], r)
        }
        NimberOp::Table { size } => return table(ctx, &size, hex),
    };
    if ctx.json() {
        return render::json(&OpResult {
            operation,
            operands: operands.iter().map(|x| json_number(x, hex)).collect(),
            result: json_number(&result, hex),
        });
    }
    let mut out = render::Output::new();
    out.line(format_args!("{}", text_number(&result, hex)))?;
    out.finish()
}

fn parse_all(operands: &[String]) -> anyhow::Result<Vec<BigUint>> {
    operands.iter().map(|o| parse_number(o, "operand")).collect()
}

fn table(ctx: &Context, size: &str, hex: bool) -> anyhow::Result<ExitCode> {
    let n = parse_number(size, "table size")?;
    let n = n
        .to_u64()
        .filter(|&n| n <= MAX_TABLE)
        .ok_or_else(|| anyhow!("table size '{size}' is too large (at most {MAX_TABLE})"))?;
    if n == 0 {
        bail!("table size '{size}' must be at least 1");
    }
    let row = |a: u64| (0..n).map(move |b| nimber::mul64(a, b));
    if ctx.json() {
        let table =
            (0..n).map(|a| row(a).map(|v| json_number(&BigUint::from(v), hex)).collect()).collect();
        return render::json(&TableResult { size: n, table });
    }
    let mut out = render::Output::new();
    let mut line = String::new();
    for a in 0..n {
        line.clear();
        for (i, v) in row(a).enumerate() {
            if i > 0 {
                line.push(' ');
            }
            if hex {
                line.push_str(&format!("0x{v:x}"));
            } else {
                line.push_str(&v.to_string());
            }
        }
        out.line(format_args!("{line}"))?;
    }
    out.finish()
}

/// The message of [`bulk_number`] for a number that needs [`wide_line`].
const WIDE: &str = "number is wider than 128 bits";

/// A bulk line with a number wider than 128 bits: the general (slower) path
/// for nimbers of up to 4096 bits, with the same line format.
fn wide_line(
    text: &[u8],
    line_no: usize,
    hex: bool,
    json: bool,
    buf: &mut Vec<u8>,
) -> anyhow::Result<()> {
    let text = String::from_utf8_lossy(text);
    let fields: Vec<&str> = text.split([' ', '\t', ',']).filter(|f| !f.is_empty()).collect();
    let [a, b] = fields[..] else {
        bail!("stdin:{line_no}: expected two numbers on the line");
    };
    let a = parse_number(a, "operand").map_err(|e| anyhow!("stdin:{line_no}: {e}"))?;
    let b = parse_number(b, "operand").map_err(|e| anyhow!("stdin:{line_no}: {e}"))?;
    let p = product(&a, &b);
    if json {
        buf.extend_from_slice(json_number(&p, hex).to_string().as_bytes());
    } else {
        buf.extend_from_slice(text_number(&p, hex).as_bytes());
    }
    buf.push(b'\n');
    Ok(())
}

/// Parses one number of a bulk line starting at `*pos`; skips spaces and tabs
/// before it. Errors name the 1-based column.
fn bulk_number(line: &[u8], pos: &mut usize) -> Result<u128, (usize, &'static str)> {
    while *pos < line.len() && (line[*pos] == b' ' || line[*pos] == b'\t') {
        *pos += 1;
    }
    let start = *pos;
    let rest = &line[start..];
    let (digits, radix) = if rest.len() > 2 && rest[0] == b'0' && (rest[1] | 0x20) == b'x' {
        (&rest[2..], 16u32)
    } else {
        (rest, 10u32)
    };
    let skip = rest.len() - digits.len();
    let mut value: u128 = 0;
    let mut count = 0;
    for &c in digits {
        let d = match c {
            b'0'..=b'9' => u32::from(c - b'0'),
            b'a'..=b'f' if radix == 16 => u32::from(c - b'a' + 10),
            b'A'..=b'F' if radix == 16 => u32::from(c - b'A' + 10),
            _ => break,
        };
        value = value
            .checked_mul(u128::from(radix))
            .and_then(|v| v.checked_add(u128::from(d)))
            .ok_or((start + 1, WIDE))?;
        count += 1;
    }
    if count == 0 {
        let what = if rest.first() == Some(&b'-') {
            "numbers must not be negative"
        } else {
            "expected a non-negative number"
        };
        return Err((start + 1, what));
    }
    *pos = start + skip + count;
    Ok(value)
}

fn push_number(buf: &mut Vec<u8>, x: u128, hex: bool) {
    let mut tmp = [0u8; 40];
    let mut i = tmp.len();
    let mut v = x;
    if hex {
        loop {
            i -= 1;
            tmp[i] = b"0123456789abcdef"[(v & 15) as usize];
            v >>= 4;
            if v == 0 {
                break;
            }
        }
        buf.extend_from_slice(b"0x");
    } else if let Ok(mut w) = u64::try_from(v) {
        loop {
            i -= 1;
            tmp[i] = b'0' + (w % 10) as u8;
            w /= 10;
            if w == 0 {
                break;
            }
        }
    } else {
        loop {
            i -= 1;
            tmp[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
    }
    buf.extend_from_slice(&tmp[i..]);
}

/// `onag nimber mul -`: one product per input line. With `--json` each line
/// is a JSON value (JSON Lines): a number, or a string when it is hexadecimal
/// or does not fit 64 bits.
fn bulk_multiply(hex: bool, json: bool) -> anyhow::Result<ExitCode> {
    let stdin = std::io::stdin();
    let mut reader = std::io::BufReader::with_capacity(1 << 16, stdin.lock());
    let mut out = render::Output::new();
    let mut buf: Vec<u8> = Vec::with_capacity(1 << 17);
    let mut line: Vec<u8> = Vec::with_capacity(128);
    let mut line_no = 0usize;
    // Results before a bad line are still printed, then the error.
    let result = (|| -> anyhow::Result<()> {
        loop {
            line.clear();
            let n = reader
                .by_ref()
                .read_until(b'\n', &mut line)
                .context("cannot read standard input")?;
            if n == 0 {
                break;
            }
            line_no += 1;
            let mut text: &[u8] = &line;
            if let Some(t) = text.strip_suffix(b"\n") {
                text = t;
            }
            if let Some(t) = text.strip_suffix(b"\r") {
                text = t;
            }
            if text.iter().all(|c| *c == b' ' || *c == b'\t') {
                buf.extend_from_slice(if json { b"null\n" } else { b"\n" });
                continue;
            }
            let fail = |(col, msg): (usize, &str)| anyhow!("stdin:{line_no}:{col}: {msg}");
            let mut pos = 0;
            let a = match bulk_number(text, &mut pos) {
                Err((_, WIDE)) => {
                    wide_line(text, line_no, hex, json, &mut buf)?;
                    continue;
                }
                a => a.map_err(fail)?,
            };
            if pos < text.len() && text[pos] == b',' {
                pos += 1;
            } else if pos < text.len() && text[pos] != b' ' && text[pos] != b'\t' {
                return Err(fail((pos + 1, "expected a space between the two numbers")));
            }
            let b = match bulk_number(text, &mut pos) {
                Err((_, WIDE)) => {
                    wide_line(text, line_no, hex, json, &mut buf)?;
                    continue;
                }
                b => b.map_err(fail)?,
            };
            while pos < text.len() && (text[pos] == b' ' || text[pos] == b'\t') {
                pos += 1;
            }
            if pos < text.len() {
                return Err(fail((pos + 1, "expected two numbers on the line")));
            }
            let p = match (u64::try_from(a), u64::try_from(b)) {
                (Ok(x), Ok(y)) => u128::from(nimber::mul64(x, y)),
                _ => nimber::mul128(a, b),
            };
            let quote = json && (hex || p > u128::from(u64::MAX));
            if quote {
                buf.push(b'"');
            }
            push_number(&mut buf, p, hex);
            if quote {
                buf.push(b'"');
            }
            buf.push(b'\n');
            if buf.len() >= 1 << 16 {
                out.bytes(&buf)?;
                buf.clear();
            }
        }
        Ok(())
    })();
    out.bytes(&buf)?;
    result?;
    out.finish()
}
