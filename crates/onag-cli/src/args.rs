//! Shared clap value parsers for numeric arguments, so every subcommand reads
//! numbers the same way (digits or a power like `10^30`) and says in words what
//! is wrong with a bad one ("must not be negative", "is too large (at most N)")
//! instead of passing on a raw Rust parser message.
//!
//! Arguments using these parsers that may receive a negative number set
//! `allow_negative_numbers = true`, so that `-1` reaches the parser and gets the
//! "must not be negative" message rather than being taken for an unknown flag.

use num_traits::ToPrimitive;
use onag::number::{BigUint, parse_natural};

/// Parses a heap size or other natural number of any size: digits or `A^B`.
///
/// The message leaves out the text itself: clap names the value and the argument.
pub fn heap(text: &str) -> Result<BigUint, String> {
    parse_natural(text)
        .map_err(|e| e.message().trim_start_matches(&format!("'{text}' ")).to_string())
}

/// Parses a count that must fit in 64 bits (`--upto`, `--max-positions`, ...).
pub fn count(text: &str) -> Result<u64, String> {
    heap(text)?.to_u64().ok_or_else(|| format!("is too large (at most {})", u64::MAX))
}

/// Parses a size that must be at least 1 and fit in 64 bits (`--p-positions`,
/// `--grundy`): a size of 0 would print nothing, which reads like success.
pub fn size(text: &str) -> Result<u64, String> {
    match count(text)? {
        0 => Err("must be at least 1".to_string()),
        n => Ok(n),
    }
}

/// Parses a count that must fit in 32 bits (board sides and the like).
pub fn count32(text: &str) -> Result<u32, String> {
    heap(text)?.to_u32().ok_or_else(|| format!("is too large (at most {})", u32::MAX))
}

/// Parses a time limit: a whole number of seconds, at least 1 (a limit of
/// 0 would stop every computation before it starts).
pub fn seconds(text: &str) -> Result<u64, String> {
    let looks_numeric = text.bytes().any(|b| b.is_ascii_digit())
        && text.bytes().all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b));
    let words = ["inf", "infinity", "nan"];
    let fractional = looks_numeric && text.contains(['.', 'e', 'E']);
    if fractional || words.contains(&text.trim_start_matches(['+', '-']).to_lowercase().as_str()) {
        return Err("must be a whole number of seconds (e.g. --timeout 10)".to_string());
    }
    match count(text)? {
        0 => Err("must be at least 1 second".to_string()),
        n if n > onag::budget::MAX_TIMEOUT.as_secs() => {
            Err(format!("is too long (at most {} seconds)", onag::budget::MAX_TIMEOUT.as_secs()))
        }
        n => Ok(n),
    }
}

/// Parses a memory size: a number of bytes, or one with a binary unit
/// `K`, `M`, `G`, `T` (optionally followed by `iB` or `B`): `512M`, `4GiB`.
pub fn memory(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let digits = upper.trim_end_matches("IB").trim_end_matches('B');
    let (number, shift) = match digits.chars().last() {
        Some('K') => (&digits[..digits.len() - 1], 10),
        Some('M') => (&digits[..digits.len() - 1], 20),
        Some('G') => (&digits[..digits.len() - 1], 30),
        Some('T') => (&digits[..digits.len() - 1], 40),
        _ if digits.len() != upper.len() && digits.len() + 2 != upper.len() => {
            return Err("must be a number of bytes with an optional unit K, M, G or T (e.g. 4G)"
                .to_string());
        }
        _ => (digits, 0),
    };
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        let message = if number.starts_with('-') {
            "must not be negative"
        } else {
            "must be a number of bytes with an optional unit K, M, G or T (e.g. 4G)"
        };
        return Err(message.to_string());
    }
    count(number)?
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("is too large (at most {} bytes)", u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes_take_binary_units() {
        assert_eq!(memory("1000"), Ok(1000));
        assert_eq!(memory("512M"), Ok(512 << 20));
        assert_eq!(memory("4G"), Ok(4 << 30));
        assert_eq!(memory("4GiB"), Ok(4 << 30));
        assert_eq!(memory("2kb"), Ok(2048));
        assert_eq!(memory("1T"), Ok(1 << 40));
        assert!(memory("G").is_err());
        assert!(memory("4X").is_err());
        assert!(memory("1.5G").is_err());
        assert_eq!(memory("-1G"), Err("must not be negative".to_string()));
        assert!(memory("99999999999T").unwrap_err().contains("too large"));
    }

    #[test]
    fn counts_say_what_is_wrong() {
        assert_eq!(count("10^3"), Ok(1000));
        assert_eq!(count("-1"), Err("must not be negative".to_string()));
        assert_eq!(count("2^64"), Err(format!("is too large (at most {})", u64::MAX)));
        assert_eq!(count32("2^32"), Err(format!("is too large (at most {})", u32::MAX)));
        assert_eq!(size("0"), Err("must be at least 1".to_string()));
        assert_eq!(size("1"), Ok(1));
        assert!(count("x").unwrap_err().contains("is not a non-negative integer"));
    }

    #[test]
    fn seconds_are_whole() {
        assert_eq!(seconds("30"), Ok(30));
        for bad in ["0.5", "inf", "-inf", "NaN", "1e3", ".5"] {
            assert!(seconds(bad).unwrap_err().contains("whole number of seconds"), "{bad}");
        }
        assert_eq!(seconds("-2"), Err("must not be negative".to_string()));
    }
}
