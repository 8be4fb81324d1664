//! Files written whole or not at all (`--output`, `--plot`, `--svg`).
//!
//! The text goes to a temporary file beside the target (same folder, so the
//! rename stays on one file system), which is flushed to disk and renamed
//! over the target only when complete. A run interrupted on the way (Ctrl-C,
//! a time limit, an error, a crash) leaves an earlier file of that name as
//! it was, never a truncated one that looks whole.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use anyhow::Context as _;

/// A file being written; [`AtomicFile::commit`] puts it in place, and
/// dropping it uncommitted removes the temporary file.
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    out: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Starts writing `path`: creates the temporary file beside it (an
    /// error names `path`, so a bad folder fails before a long computation).
    pub fn create(path: &str) -> anyhow::Result<Self> {
        let target = PathBuf::from(path);
        let name = target
            .file_name()
            .with_context(|| format!("cannot write '{path}': not a file name"))?;
        let folder = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".{}.tmp", std::process::id()));
        let temp = folder.join(temp_name);
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&temp)
            .with_context(|| format!("cannot write '{path}'"))?;
        Ok(AtomicFile { target, temp, out: Some(BufWriter::with_capacity(1 << 16, file)) })
    }

    /// Flushes the text to disk and renames it over the target.
    pub fn commit(mut self) -> io::Result<()> {
        let out = self.out.take().expect("an uncommitted file has its writer");
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&self.temp, &self.target)
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.as_mut().expect("an uncommitted file has its writer").write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.as_mut().expect("an uncommitted file has its writer").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.out.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}
