//! A cache hint for tables probed at random: asking for several slots at
//! once lets their loads overlap instead of waiting for each in turn.

/// Asks the processor to bring `slots[i]` into cache (a hint: nothing is
/// read; an index out of range asks nothing).
#[inline]
pub(crate) fn prefetch<T>(slots: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = slots.get(i) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let ptr: *const T = x;
        // SAFETY: a prefetch is only a hint: it reads no data into the
        // program and cannot fault; the pointer comes from a reference.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr.cast()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slots, i);
}
