//! The memory the process holds, as its allocator counts it, so that a
//! budget's memory limit is about real memory rather than the main tables.
//!
//! A program (the `onag` command, the Python module) installs [`Counting`]
//! around its allocator as the global allocator; every allocation then
//! adds to one process-wide count of live bytes, which [`in_use`] reads and
//! [`crate::Budget`]'s checks compare with the memory limit. Without it
//! (a library user's own allocator) [`in_use`] is `None` and the budget
//! falls back to the tables' own accounting.

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Live bytes allocated through [`Counting`].
static LIVE: AtomicUsize = AtomicUsize::new(0);

/// Whether a [`Counting`] allocator is installed (it has allocated).
static COUNTING: AtomicBool = AtomicBool::new(false);

/// A global allocator that counts the bytes live through `A`.
///
/// ```
/// #[global_allocator]
/// static ALLOCATOR: onag::memory::Counting<std::alloc::System> =
///     onag::memory::Counting(std::alloc::System);
///
/// fn main() {
///     let table = vec![0u32; 1 << 20];
///     assert!(onag::memory::in_use().unwrap() >= 4 << 20);
///     drop(table);
/// }
/// ```
#[derive(Debug, Default)]
pub struct Counting<A>(pub A);

impl<A> Counting<A> {
    fn added(&self, bytes: usize) {
        LIVE.fetch_add(bytes, Ordering::Relaxed);
        if !COUNTING.load(Ordering::Relaxed) {
            COUNTING.store(true, Ordering::Relaxed);
        }
    }
}

// SAFETY: every call is passed to `A` unchanged; the wrapper only counts.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is passed on.
        let p = unsafe { self.0.alloc(layout) };
        if !p.is_null() {
            self.added(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc_zeroed` is passed on.
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if !p.is_null() {
            self.added(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc` is passed on.
        unsafe { self.0.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract for `realloc` is passed on.
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            let old = layout.size();
            if new_size >= old {
                self.added(new_size - old);
            } else {
                LIVE.fetch_sub(old - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

/// The bytes live now, when a [`Counting`] allocator is installed.
pub fn in_use() -> Option<u64> {
    COUNTING.load(Ordering::Relaxed).then(|| LIVE.load(Ordering::Relaxed) as u64)
}
