/* tests/liveness: run the liveness analysis on a binary and print its
 * table, one line per site: "<ret, 16 hex digits as nm prints it> <frame>
 * <lo>:<hi> ...".  `live_tool --scan OBJ` prints what objscan.h finds in
 * a relocatable object instead: "unhooked: WHERE" and "stack-out: WHERE"
 * lines (none when it finds nothing); `live_tool --asm FILE` prints the
 * first inline-assembly marker line of a compiler's assembly output. */
#include "backends/native/liveness.h"
#include "backends/native/objscan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 3) return 2;
    if (!strcmp(argv[1], "--scan")) {
        rv_objscan sc;
        char *why = NULL;
        if (rv_objscan_file(argv[2], &sc, &why) != 0) {
            fprintf(stderr, "live_tool: %s\n", why);
            free(why);
            return 1;
        }
        if (sc.unhooked) printf("unhooked: %s\n", sc.unhooked);
        if (sc.stack_out) printf("stack-out: %s\n", sc.stack_out);
        rv_objscan_free(&sc);
        return 0;
    }
    if (!strcmp(argv[1], "--asm")) {
        FILE *f = fopen(argv[2], "rb");
        if (!f) return 1;
        static char text[1 << 22];
        size_t n = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[n] = 0;
        const char *m = rv_asm_marker(text);
        if (m) printf("marker: %.*s\n", (int)strcspn(m, "\n"), m);
        return 0;
    }
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
