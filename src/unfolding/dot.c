/*
 * dot.c — the explored unfolding as a Graphviz graph (--dot): one node per
 * event labelled "id: thread action", solid edges to the immediate causal
 * predecessors (and the thread predecessor), dotted undirected edges for
 * immediate conflicts, cutoffs filled grey.
 */
#include <stdio.h>

#include "unfolding.h"

int rv_unf_dot(rv_unf *u, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    fprintf(f, "digraph unfolding {\n  node [shape=box, fontname=\"monospace\"];\n");
    char buf[128];
    for (size_t i = 0; i < u->n; i++) {
        rv_uevent *e = u->ev[i];
        fprintf(f, "  e%u [label=\"%u: t%u %s\"%s];\n", e->id, e->id, e->act.tid,
                rv_action_str(&e->act, buf, sizeof buf),
                e->cutoff ? ", style=filled, fillcolor=grey" : "");
        bool tp_listed = false;
        for (size_t k = 0; k < e->npred; k++) {
            fprintf(f, "  e%u -> e%u;\n", e->pred[k]->id, e->id);
            tp_listed |= e->pred[k] == e->tparent;
        }
        if (e->tparent && !tp_listed)
            fprintf(f, "  e%u -> e%u [style=dashed];\n", e->tparent->id, e->id);
    }
    for (size_t i = 0; i < u->n; i++) {
        size_t n;
        rv_uevent *const *l = rv_unf_icf_list(u, u->ev[i], &n);
        for (size_t k = 0; k < n; k++)
            if (l[k]->id > u->ev[i]->id)
                fprintf(f, "  e%u -> e%u [style=dotted, dir=none, constraint=false];\n",
                        u->ev[i]->id, l[k]->id);
    }
    fprintf(f, "}\n");
    return fclose(f) == 0 ? 0 : -1;
}
