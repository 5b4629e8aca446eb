/* The library half of live_frame_address.c -DEXTERN: remembers its
 * caller's frame address (tests/cutoffs/run.sh builds it). */
extern long *saved_fp;
__attribute__((noinline)) void save_fp(void) { saved_fp = __builtin_frame_address(1); }
