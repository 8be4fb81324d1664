//! The checkpoint file of a long Grundy search (`onag octal --checkpoint`):
//! the values found so far, kept on disk as search goes, and read back so a
//! search interrupted by Ctrl-C, `--timeout` or a crash goes on from there.
//!
//! Layout: a 64-byte header, the line `onag grundy values/2 CODE` padded
//! with spaces and ended by a newline (CODE as `onag` prints it), then
//! blocks of values in order of heaps 0, 1, 2, ...: each block is its count
//! `n` (1 to 65,536), the values of the next `n` heaps and the CRC-32 of
//! the count and the values, all little-endian `u32`. Invariants: every
//! value read back was verified by its block's checksum (a block that fails
//! refuses the file, named with its heaps); a block cut short by a crash
//! (the last) is dropped when the file is opened again.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};

use anyhow::{Context as _, bail};
use onag::impartial::heap::TakeAndBreak;

/// The header's length in bytes.
pub const HEADER: usize = 64;

/// What the header line starts with.
const MAGIC: &str = "onag grundy values/2 ";

/// What the header of a file written before blocks had checksums starts with.
const MAGIC_UNCHECKED: &str = "onag grundy values ";

/// The most values in one block.
const BLOCK: usize = 1 << 16;

/// An open checkpoint: the values it held when opened, and the file, ready
/// to take the values found after them.
pub struct Checkpoint {
    path: String,
    out: BufWriter<File>,
    /// Values in the file (those read, then those written).
    held: u64,
}

/// The header line of `rule`'s checkpoint, exactly [`HEADER`] bytes.
fn header(rule: &TakeAndBreak) -> Option<Vec<u8>> {
    let line = format!("{MAGIC}{rule}");
    (line.len() < HEADER).then(|| format!("{line:<width$}\n", width = HEADER - 1).into_bytes())
}

impl Checkpoint {
    /// Opens (or creates) the checkpoint of `rule` at `path` and reads the
    /// values it holds, at most `limit + 1` of them, into a table with room
    /// for `limit + 1`; every block is verified, even past the values kept.
    pub fn open(path: &str, rule: &TakeAndBreak, limit: u64) -> anyhow::Result<(Self, Vec<u32>)> {
        let at = || format!("--checkpoint '{path}'");
        let Some(head) = header(rule) else {
            bail!("{}: the code {rule} is too long for the file's header", at());
        };
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .with_context(|| format!("{}: cannot open it for writing", at()))?;
        let len = file.metadata().with_context(at)?.len();
        let capacity = usize::try_from(limit.saturating_add(1)).unwrap_or(usize::MAX);
        let mut values = Vec::new();
        values
            .try_reserve_exact(capacity)
            .map_err(|_| anyhow::anyhow!("{}: cannot allocate {capacity} values", at()))?;
        let held = if len == 0 {
            file.write_all(&head).with_context(at)?;
            0
        } else {
            check_header(&mut file, &head, rule).map_err(|e| anyhow::anyhow!("{}: {e}", at()))?;
            let mut reader = std::io::BufReader::with_capacity(1 << 20, &mut file);
            let keep = limit.saturating_add(1);
            let (held, whole) = read_blocks(&mut reader, &mut values, keep)
                .map_err(|e| anyhow::anyhow!("{}: {e}", at()))?;
            drop(reader);
            // A block cut short by a crash is dropped.
            if whole != len {
                file.set_len(whole).with_context(at)?;
            }
            file.seek(SeekFrom::Start(whole)).with_context(at)?;
            held
        };
        let out = BufWriter::with_capacity(1 << 16, file);
        Ok((Checkpoint { path: path.to_string(), out, held }, values))
    }

    /// The number of values the file holds.
    pub fn held(&self) -> u64 {
        self.held
    }

    /// The file's name as given.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Appends the values of heaps `from..from + batch.len()` that the file
    /// does not hold yet, as blocks with their checksums, and flushes them.
    pub fn append(&mut self, from: u64, batch: &[u32]) -> std::io::Result<()> {
        let skip = usize::try_from(self.held.saturating_sub(from)).unwrap_or(usize::MAX);
        for block in batch.get(skip..).unwrap_or(&[]).chunks(BLOCK) {
            let mut bytes = Vec::with_capacity(4 * block.len() + 8);
            bytes.extend_from_slice(&(block.len() as u32).to_le_bytes());
            for v in block {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
            let sum = crc32fast::hash(&bytes);
            bytes.extend_from_slice(&sum.to_le_bytes());
            self.out.write_all(&bytes)?;
        }
        self.held = self.held.max(from + batch.len() as u64);
        self.out.flush()
    }
}

/// Reads the header of an existing file and checks it is `head`, the
/// header of `rule`'s checkpoint.
fn check_header(file: &mut File, head: &[u8], rule: &TakeAndBreak) -> Result<(), String> {
    let mut found = [0u8; HEADER];
    file.read_exact(&mut found)
        .map_err(|_| "not a checkpoint of onag (the file is too short)".to_string())?;
    if found == head {
        return Ok(());
    }
    let line = String::from_utf8_lossy(&found);
    if let Some(code) = line.strip_prefix(MAGIC) {
        return Err(format!("it holds the values of {}, not of {rule}", code.trim_end()));
    }
    if line.starts_with(MAGIC_UNCHECKED) {
        return Err("written by an older onag, without checksums: its values cannot be \
                    verified (remove the file to search again)"
            .to_string());
    }
    Err("not a checkpoint of onag (no header line)".to_string())
}

/// Reads and verifies the blocks after the header, keeping the first `keep`
/// values in `values`; returns how many values the whole blocks hold and
/// where they end (a block cut short at the end is left out).
fn read_blocks(
    reader: &mut impl Read,
    values: &mut Vec<u32>,
    keep: u64,
) -> Result<(u64, u64), String> {
    let (mut held, mut end) = (0u64, HEADER as u64);
    let mut bytes = Vec::new();
    for index in 1u64.. {
        let mut count = [0u8; 4];
        if !read_whole(reader, &mut count)? {
            break;
        }
        let n = u32::from_le_bytes(count) as usize;
        let heaps = || format!("block {index} (from heap {held})");
        if n == 0 || n > BLOCK {
            return Err(format!("{} has a count of {n} values: the file is damaged", heaps()));
        }
        bytes.clear();
        bytes.extend_from_slice(&count);
        bytes.resize(4 * n + 8, 0);
        if !read_whole(reader, &mut bytes[4..])? {
            break;
        }
        let (body, sum) = bytes.split_at(4 * n + 4);
        if crc32fast::hash(body) != u32::from_le_bytes([sum[0], sum[1], sum[2], sum[3]]) {
            return Err(format!(
                "block {index} (heaps {held}..{}) fails its checksum: the file is damaged",
                held + n as u64 - 1
            ));
        }
        let room = usize::try_from(keep.saturating_sub(values.len() as u64)).unwrap_or(n);
        values.extend(
            body[4..]
                .chunks_exact(4)
                .take(room)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        );
        held += n as u64;
        end += 4 * n as u64 + 8;
    }
    Ok((held, end))
}

/// Fills `buf` from `reader`: `false` when the input ends first (a block
/// cut short), an error when reading fails.
fn read_whole(reader: &mut impl Read, buf: &mut [u8]) -> Result<bool, String> {
    match reader.read_exact(buf) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Ok(false),
        Err(e) => Err(e.to_string()),
    }
}
