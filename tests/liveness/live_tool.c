/* tests/liveness: run the liveness analysis on a binary and print its
 * table, one line per site: "<ret, 16 hex digits as nm prints it> <frame>
 * <lo>:<hi> ...". */
#include "backends/native/liveness.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 3) return 2;
    rv_live_stats st;
    char *why = NULL;
    if (rv_live_write(argv[1], NULL, argv[2], &st, &why) != 0) {
        fprintf(stderr, "live_tool: %s\n", why);
        free(why);
        return 1;
    }
    FILE *f = fopen(argv[2], "rb");
    rv_live_header h;
    if (!f || fread(&h, sizeof h, 1, f) != 1 || h.magic != RV_LIVE_MAGIC) return 1;
    rv_live_site *s = calloc(h.nsites + 1, sizeof *s);
    rv_live_range *r = calloc(h.nranges + 1, sizeof *r);
    if (fread(s, sizeof *s, h.nsites, f) != h.nsites ||
        fread(r, sizeof *r, h.nranges, f) != h.nranges)
        return 1;
    fclose(f);
    for (size_t i = 0; i < h.nsites; i++) {
        printf("%016llx %u", (unsigned long long)s[i].ret, s[i].frame);
        for (uint32_t k = 0; k < s[i].n; k++)
            printf(" %d:%d", r[s[i].first + k].lo, r[s[i].first + k].hi);
        printf("\n");
    }
    free(s);
    free(r);
    return 0;
}
