//! The checkpoint file of a long Grundy search (`onag octal --checkpoint`):
//! the values found so far, kept on disk as search goes, and read back so a
//! search interrupted by Ctrl-C, `--timeout` or a crash goes on from there.
//!
//! Layout: a 64-byte header, the line `onag grundy values CODE` padded
//! with spaces and ended by a newline (CODE as `onag` prints it), then
//! the values of heaps 0, 1, 2, ... as little-endian `u32`
//! (`numpy.fromfile(FILE, '<u4', offset=64)`). Invariant: the file holds
//! whole values only; bytes of a value cut short by a crash are dropped
//! when it is opened again.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};

use anyhow::{Context as _, bail};
use onag::impartial::heap::TakeAndBreak;

/// The header's length in bytes.
pub const HEADER: usize = 64;

/// What the header line starts with.
const MAGIC: &str = "onag grundy values ";

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
    /// for `limit + 1`.
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
            let mut found = [0u8; HEADER];
            file.read_exact(&mut found).map_err(|_| {
                anyhow::anyhow!("{}: not a checkpoint of onag (the file is too short)", at())
            })?;
            if found != head[..] {
                let line = String::from_utf8_lossy(&found);
                match line.strip_prefix(MAGIC) {
                    Some(code) => {
                        bail!("{}: it holds the values of {}, not of {rule}", at(), code.trim_end())
                    }
                    None => bail!("{}: not a checkpoint of onag (no header line)", at()),
                }
            }
            let count = (len - HEADER as u64) / 4;
            let read = count.min(limit.saturating_add(1));
            let mut reader = std::io::BufReader::with_capacity(1 << 20, &mut file);
            let mut buf = [0u8; 4096];
            let mut left = read * 4;
            while left > 0 {
                let take = left.min(buf.len() as u64) as usize;
                reader.read_exact(&mut buf[..take]).with_context(at)?;
                values.extend(
                    buf[..take]
                        .chunks_exact(4)
                        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
                );
                left -= take as u64;
            }
            drop(reader);
            // A value cut short by a crash is dropped.
            let whole = HEADER as u64 + count * 4;
            if whole != len {
                file.set_len(whole).with_context(at)?;
            }
            file.seek(SeekFrom::Start(whole)).with_context(at)?;
            count
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
    /// does not hold yet, and flushes them to the file.
    pub fn append(&mut self, from: u64, batch: &[u32]) -> std::io::Result<()> {
        let skip = usize::try_from(self.held.saturating_sub(from)).unwrap_or(usize::MAX);
        for v in batch.iter().skip(skip) {
            self.out.write_all(&v.to_le_bytes())?;
        }
        self.held = self.held.max(from + batch.len() as u64);
        self.out.flush()
    }
}
