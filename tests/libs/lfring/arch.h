/* Vendored from https://github.com/sysprog21/concurrent-programs lfring/arch.h
 * at commit e04b9c3654043276f523a50b9f29fd7d135d5809.  Copyright (C)
 * 2021-2023 National Cheng Kung University, Taiwan; BSD 2-clause licence:
 * tests/libs/LICENSE.concurrent-programs.  Changes for ravel are marked. */
#pragma once

// Parameters for smp_fence()
#define LoadStore 0x12
#define StoreLoad 0x21

#if defined(__x86_64__)
static inline void smp_fence(unsigned int mask)
{
    if ((mask & StoreLoad) == StoreLoad) {
        __asm__ volatile("mfence" ::: "memory");
    } else if (mask != 0) {
        /* Any fence but StoreLoad */
        __asm__ volatile("" ::: "memory");
    }
}
#else
#error "Unsupported architecture"
#endif

#include "common.h"

#if defined(__x86_64__)
union u128 {
    struct {
        uint64_t lo, hi;
    } s;
    __int128 ui;
};

#if defined(LFRING_PORTABLE_CAS)
/* Added for ravel's tests/libs: the same 16-byte CAS as a compiler builtin
 * (ThreadSanitizer instruments it; the inline assembly below it does not). */
static inline bool lf_compare_exchange(register __int128 *var,
                                       __int128 *exp,
                                       __int128 neu)
{
    return __atomic_compare_exchange_n(var, exp, neu, false, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE);
}
#else
static inline bool lf_compare_exchange(register __int128 *var,
                                       __int128 *exp,
                                       __int128 neu)
{
    union u128 cmp = {.ui = *exp}, with = {.ui = neu};
    bool ret;
    __asm__ __volatile__("lock cmpxchg16b %1\n\tsetz %0"
                         : "=q"(ret), "+m"(*var), "+d"(cmp.s.hi), "+a"(cmp.s.lo)
                         : "c"(with.s.hi), "b"(with.s.lo)
                         : "cc", "memory");
    if (UNLIKELY(!ret))
        *exp = cmp.ui;
    return ret;
}

#endif /* LFRING_PORTABLE_CAS */

#else
#error "Unsupported architecture"
#endif
