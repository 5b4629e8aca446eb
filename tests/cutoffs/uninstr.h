/* uninstr.h — set_hidden(p): `*p = 1` by code that the compiler did not
 * instrument, spelled as one of the ways a program can say so (-D names in
 * tests/cutoffs/run.sh).  It lives in this header so that uninstr.c holds
 * none of the words a scan of the source text would look for. */
/* gcc instruments the stores to a local array too: wipe()'s 8192 would
 * each be an event (its frame is hashed anyway) */
#ifdef __clang__
#define WIPE_ATTR
#else
#define WIPE_ATTR __attribute__((no_sanitize_thread))
#endif
#if defined ASM_MACRO /* an inline asm statement behind a macro */
#define HIDE_STORE(p) __asm__ volatile("movl $1, %0" : "=m"(*(p)))
__attribute__((noinline)) static void set_hidden(int *p) { HIDE_STORE(p); }
#elif defined NO_SANITIZE
__attribute__((no_sanitize("thread"), noinline)) static void set_hidden(int *p) { *p = 1; }
#elif defined NO_SANITIZE_THREAD
__attribute__((no_sanitize_thread, noinline)) static void set_hidden(int *p) { *p = 1; }
#elif defined NO_SANITIZE_CALLS /* a function that also calls: clang still calls __tsan_func_entry */
__attribute__((noinline)) static void nothing(void) {}
__attribute__((no_sanitize("thread"), noinline)) static void set_hidden(int *p)
{
    nothing();
    *p = 1;
}
#elif defined DISABLE_INSTRUMENTATION
__attribute__((disable_sanitizer_instrumentation, noinline)) static void set_hidden(int *p)
{
    *p = 1;
}
#elif defined PRAGMA
#pragma clang attribute push(__attribute__((no_sanitize("thread"))), apply_to = function)
__attribute__((noinline)) static void set_hidden(int *p) { *p = 1; }
#pragma clang attribute pop
#elif defined NAKED
__attribute__((naked, noinline)) static void set_hidden(int *p)
{
    __asm__("movl $1, (%rdi)\n\tret");
}
#elif defined FILE_ASM
__asm__(".pushsection .text\n.type ravel_test_set, @function\nravel_test_set:\n"
        "\tmovl $1, (%rdi)\n\tret\n.size ravel_test_set, .-ravel_test_set\n.popsection\n");
void set_hidden(int *p) __asm__("ravel_test_set");
#elif defined EXTERN /* defined in another source: uninstr_set.s, .S or a C file */
void set_hidden(int *p);
#elif defined MASKMOV /* SSE2 maskmovdqu: the store's address is an implicit operand (rdi) */
#include <immintrin.h>
__attribute__((noinline)) static void set_hidden(int *p)
{
    _mm_maskmoveu_si128(_mm_set1_epi32(1), _mm_set_epi32(0, 0, 0, -1), (char *)p);
}
#elif defined MASKSTORE /* AVX2 vpmaskmovd: an intrinsic ThreadSanitizer passes by */
#include <immintrin.h>
__attribute__((noinline, target("avx2"))) static void set_hidden(int *p)
{
    _mm_maskstore_epi32(p, _mm_set_epi32(0, 0, 0, -1), _mm_set1_epi32(1));
}
#elif defined SCATTER /* AVX-512 scatter: the address is a vector of indices */
#include <immintrin.h>
__attribute__((noinline, target("avx512f"))) static void set_hidden(int *p)
{
    _mm512_mask_i32scatter_epi32(p, 1, _mm512_setzero_si512(), _mm512_set1_epi32(1), 4);
}
#elif defined COMPRESS /* AVX-512 compress store */
#include <immintrin.h>
__attribute__((noinline, target("avx512f"))) static void set_hidden(int *p)
{
    _mm512_mask_compressstoreu_epi32(p, 1, _mm512_set1_epi32(1));
}
#elif defined NONTEMPORAL /* instrumented as a plain store (movnti) */
__attribute__((noinline)) static void set_hidden(int *p) { __builtin_nontemporal_store(1, p); }
#else /* plain C: for -fsanitize-ignorelist=, -fno-sanitize=thread, ... */
__attribute__((noinline)) static void set_hidden(int *p) { *p = 1; }
#endif
