/*
 * html.c — the HTML report: one self-contained file (no network, no
 * external script, style sheet or font) that shows every error of a run
 * as a swimlane of its failing execution, with the run's summary.
 *
 * The file holds the data as JSON in a <script type="application/json">
 * element and a script (below, page_script) that draws it: a column per
 * thread, a row per step with its action, source line and call stack; the
 * threads involved with their stacks; the blocking relation of a deadlock
 * and its cycle; both accesses of a data race highlighted (the other one
 * is a plain access, not a step: a row of its own where it happened).
 * Long executions stay readable: runs of more than FOLD steps of one
 * thread are folded to their first and last rows (a click unfolds; the
 * rows of a folded run are made only then, so a page of 40,000 steps
 * opens as fast as a short one), and a
 * search box finds steps by line number, file:line or text (also from the
 * address: report.html#find=34 opens with line 34 found).  Without
 * JavaScript the page says so and shows the summary only.
 *
 * Strings in the JSON are escaped so that nothing in a program's names or
 * source can close the script element (<, >, & as \u003c, \u003e, \u0026).
 */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/util.h"
#include "explain.h"

/* ---- JSON for a script element ----------------------------------------------------- */

/* rv_json_str, with <, > and & escaped too (\u003c ...): nothing in a
 * string can then end the script element that holds the data. */
static void jstr(FILE *f, const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) {
        fputs("null", f);
        return;
    }
    rv_json_str(m, s);
    fclose(m);
    for (const char *p = buf; *p; p++) {
        if (*p == '<' || *p == '>' || *p == '&')
            fprintf(f, "\\u%04x", (unsigned char)*p);
        else
            fputc(*p, f);
    }
    free(buf);
}

/* ---- source lines ---------------------------------------------------------------------- */

typedef struct srcfile {
    char *name;
    char **lines; /* NULL: unreadable */
    size_t n;
} srcfile;

typedef struct srcset {
    srcfile *f;
    size_t n;
    char **keys; /* "file:line" referenced, for the src map */
    size_t nkeys, capkeys;
} srcset;

static srcfile *load_src(srcset *s, const char *name)
{
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->f[i].name, name)) return &s->f[i];
    s->f = rv_xrealloc(s->f, (s->n + 1) * sizeof *s->f);
    srcfile *f = &s->f[s->n++];
    memset(f, 0, sizeof *f);
    f->name = rv_xstrdup(name);
    FILE *in = fopen(name, "r");
    if (!in) return f;
    char *line = NULL;
    size_t cap = 0;
    ssize_t k;
    while ((k = getline(&line, &cap, in)) >= 0 && f->n < 1000000) {
        if (k && line[k - 1] == '\n') line[k - 1] = 0;
        f->lines = rv_xrealloc(f->lines, (f->n + 1) * sizeof *f->lines);
        f->lines[f->n++] = rv_xstrdup(line);
    }
    free(line);
    fclose(in);
    return f;
}

/* Note "file:line" of a location "file:line (function)" for the src map. */
static void note_src(srcset *s, const char *loc)
{
    if (!loc) return;
    const char *sp = strchr(loc, ' ');
    size_t n = sp ? (size_t)(sp - loc) : strlen(loc);
    for (size_t i = s->nkeys; i-- > 0 && i + 16 > s->nkeys;)
        if (strlen(s->keys[i]) == n && !strncmp(s->keys[i], loc, n)) return;
    for (size_t i = 0; i < s->nkeys; i++)
        if (strlen(s->keys[i]) == n && !strncmp(s->keys[i], loc, n)) return;
    if (s->nkeys == s->capkeys) {
        s->capkeys = s->capkeys ? 2 * s->capkeys : 64;
        s->keys = rv_xrealloc(s->keys, s->capkeys * sizeof *s->keys);
    }
    s->keys[s->nkeys++] = rv_xasprintf("%.*s", (int)n, loc);
}

static void write_src(FILE *f, srcset *s)
{
    fputs("{", f);
    bool first = true;
    for (size_t i = 0; i < s->nkeys; i++) {
        char *colon = strrchr(s->keys[i], ':');
        if (!colon) continue;
        long line = strtol(colon + 1, NULL, 10);
        *colon = 0;
        srcfile *sf = load_src(s, s->keys[i]);
        *colon = ':';
        if (line < 1 || (size_t)line > sf->n) continue;
        fputs(first ? "\n" : ",\n", f);
        first = false;
        jstr(f, s->keys[i]);
        fputc(':', f);
        jstr(f, sf->lines[line - 1]);
    }
    fputs("}", f);
}

static void free_src(srcset *s)
{
    for (size_t i = 0; i < s->n; i++) {
        for (size_t k = 0; k < s->f[i].n; k++) free(s->f[i].lines[k]);
        free(s->f[i].lines);
        free(s->f[i].name);
    }
    free(s->f);
    for (size_t i = 0; i < s->nkeys; i++) free(s->keys[i]);
    free(s->keys);
}

/* ---- stacks, deduplicated per error ------------------------------------------------------ */

typedef struct stacktab {
    char **text; /* frames joined by "\n" */
    size_t n, cap;
    size_t *slot; /* open addressing: index + 1, 0 empty */
    size_t nslot;
} stacktab;

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

static char *stack_text(const rv_xstack *s)
{
    size_t cap = 64, len = 0;
    char *out = rv_xmalloc(cap);
    out[0] = 0;
    for (size_t k = 0; k < s->n; k++) {
        char fr[512];
        rv_xframe_str(&s->f[k], fr, sizeof fr);
        size_t m = strlen(fr);
        if (len + m + 2 > cap) out = rv_xrealloc(out, cap = 2 * (len + m + 2));
        if (k) out[len++] = '\n';
        memcpy(out + len, fr, m + 1);
        len += m;
    }
    return out;
}

/* The index of stack s in the table (-1: empty). */
static long stack_index(stacktab *t, const rv_xstack *s)
{
    if (!s->n) return -1;
    char *txt = stack_text(s);
    if (2 * (t->n + 1) > t->nslot) {
        size_t ns = t->nslot ? 2 * t->nslot : 256;
        size_t *slot = rv_xcalloc(ns, sizeof *slot);
        for (size_t i = 0; i < t->n; i++) {
            size_t h = hash_str(t->text[i]) & (ns - 1);
            while (slot[h]) h = (h + 1) & (ns - 1);
            slot[h] = i + 1;
        }
        free(t->slot);
        t->slot = slot;
        t->nslot = ns;
    }
    size_t h = hash_str(txt) & (t->nslot - 1);
    while (t->slot[h]) {
        if (!strcmp(t->text[t->slot[h] - 1], txt)) {
            free(txt);
            return (long)t->slot[h] - 1;
        }
        h = (h + 1) & (t->nslot - 1);
    }
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->text = rv_xrealloc(t->text, t->cap * sizeof *t->text);
    }
    t->text[t->n] = txt;
    t->slot[h] = ++t->n;
    return (long)t->n - 1;
}

static void free_stacks(stacktab *t)
{
    for (size_t i = 0; i < t->n; i++) free(t->text[i]);
    free(t->text);
    free(t->slot);
}

/* ---- one error ------------------------------------------------------------------------------ */

/* The threads of a deadlock's cycle of "waits for a mutex held by", in
 * order, starting from the lowest thread on it; 0 if there is none. */
static size_t deadlock_cycle(const rv_trace *t, unsigned *cyc, size_t cap)
{
    for (unsigned s = 0; s < t->nthreads; s++) {
        unsigned cur = s;
        size_t n = 0;
        while (n < cap && n <= t->nthreads) {
            const rv_thread_end *te = &t->threads[cur];
            if (te->state != RV_T_LIVE || te->holder == RV_NO_THREAD ||
                !rv_mutex_of(&te->pending) || te->holder >= t->nthreads)
                break;
            cyc[n++] = cur;
            cur = (unsigned)te->holder;
            if (cur == s) return n;
            if (cur < s) break; /* found from a lower start already, or not a cycle */
        }
    }
    return 0;
}

static void write_error(FILE *f, const rv_report *r, size_t i, srcset *src)
{
    const rv_error *e = &r->x->errors[i];
    const rv_explained *x = r->explained ? r->explained[i] : NULL;
    const rv_trace *t = x ? &x->tr : e->trace;
    stacktab st = {0};
    fprintf(f, "{\"n\": %zu, \"kind\": ", i + 1);
    jstr(f, e->livelock ? "livelock" : rv_end_name(e->kind));
    fprintf(f, ", \"bug\": %s, \"message\": ",
            rv_property_violated_by(r->property, e) ? "true" : "false");
    jstr(f, e->msg);
    fputs(", \"schedule\": ", f);
    jstr(f, r->schedule_files ? r->schedule_files[i] : NULL);
    fputs(", \"replay\": ", f);
    jstr(f, r->replay_cmds ? r->replay_cmds[i] : NULL);
    fputs(", \"object\": ", f);
    jstr(f, x ? x->object : NULL);
    fprintf(f, ", \"stacks_recorded\": %s", x && x->stacks ? "true" : "false");
    fprintf(f, ", \"nthreads\": %u", t ? t->nthreads : 0);
    fputs(",\n \"steps\": [", f);
    for (size_t k = 0; t && k < t->n; k++) {
        const rv_xstep *s = x ? &x->steps[k] : NULL;
        char act[320];
        fprintf(f, "%s[%u, ", k ? ",\n  " : "\n  ", t->ev[k].act.tid);
        jstr(f, s ? s->action : rv_cli_action_str(r->x->backend, &t->ev[k].act, act, sizeof act));
        fputs(", ", f);
        const char *loc = s ? s->location : NULL;
        jstr(f, loc);
        note_src(src, loc);
        fprintf(f, ", %ld]", s ? stack_index(&st, &s->stack) : -1L);
    }
    fputs("],\n \"involved\": [", f);
    for (size_t k = 0; x && k < x->nth; k++) {
        const rv_xthread *h = &x->th[k];
        fputs(k ? ",\n  {\"t\": " : "\n  {\"t\": ", f);
        if (h->tid == RV_NO_THREAD)
            fputs("null", f);
        else
            fprintf(f, "%u", h->tid);
        fputs(", \"role\": ", f);
        jstr(f, h->role == RV_ROLE_BLOCKED        ? "blocked"
                : h->role == RV_ROLE_OTHER_ACCESS ? "other"
                                                  : "error");
        fputs(", \"what\": ", f);
        jstr(f, h->what);
        fputs(", \"loc\": ", f);
        jstr(f, h->location);
        note_src(src, h->location);
        fprintf(f, ", \"stack\": %ld, \"after\": %zu", stack_index(&st, &h->stack), h->step);
        const rv_thread_end *te =
            t && h->tid < t->nthreads && h->role == RV_ROLE_BLOCKED ? &t->threads[h->tid] : NULL;
        if (te && te->holder != RV_NO_THREAD && rv_mutex_of(&te->pending))
            fprintf(f, ", \"holder\": %" PRIu64, te->holder);
        fputc('}', f);
    }
    fputs("],\n \"cycle\": [", f);
    unsigned cyc[64];
    size_t nc = t && e->kind == RV_END_DEADLOCK ? deadlock_cycle(t, cyc, 64) : 0;
    for (size_t k = 0; k < nc; k++) fprintf(f, "%s%u", k ? ", " : "", cyc[k]);
    fputs("],\n \"stacks\": [", f);
    for (size_t k = 0; k < st.n; k++) {
        fputs(k ? ",\n  " : "\n  ", f);
        jstr(f, st.text[k]);
    }
    fputs("]}", f);
    free_stacks(&st);
}

/* The summary block of the text report: its "key   value" lines up to
 * the first blank line, as pairs (the one place that says what the run
 * did, so the page and the terminal agree). */
static void write_summary(FILE *f, const rv_report *r)
{
    if (!r->algo) {
        fputs("null", f);
        return;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) {
        fputs("null", f);
        return;
    }
    rv_report_human(m, r);
    fclose(m);
    fputc('[', f);
    bool first = true;
    for (char *line = buf; line && *line && *line != '\n';) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = 0;
        /* keys are padded to 12 columns ("avg |U|     23.5 ...") */
        if (strlen(line) > 12) {
            char *v = line + 12;
            for (char *e = v; e > line && e[-1] == ' ';) *--e = 0;
            while (*v == ' ') v++;
            fputs(first ? "\n [" : ",\n [", f);
            first = false;
            jstr(f, line);
            fputc(',', f);
            jstr(f, v);
            fputc(']', f);
        }
        line = nl ? nl + 1 : NULL;
    }
    fputs("]", f);
    free(buf);
}

/* ---- the page ---------------------------------------------------------------------------------
 */

static const char page_style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}"
    "header{background:#1d2330;color:#fff;padding:12px 20px}header h1{margin:0;font-size:20px}"
    "main{padding:12px 20px}section.error{background:#fff;border:1px solid #d6d9e0;"
    "border-radius:6px;margin:16px 0;padding:12px 16px;overflow-x:auto}code{overflow-wrap:anywhere}"
    "h2{font-size:17px;margin:4px 0 8px}h2 .kind{color:#b3261e}"
    "table{border-collapse:collapse}table.summary td{padding:1px 12px 1px 0;vertical-align:top}"
    "table.summary td:first-child{color:#5b6475}"
    ".meta{color:#5b6475;font-size:13px}code,.mono,.lanes td{font-family:ui-monospace,"
    "SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}"
    ".involved{display:flex;flex-wrap:wrap;gap:10px;margin:8px 0}"
    ".involved .thread{border:1px solid #d6d9e0;border-radius:4px;padding:6px 10px;min-width:260px}"
    ".involved .thread.error,.involved .thread.other{border-color:#b3261e;background:#fdf1f0}"
    ".involved .thread.blocked{border-color:#b26a00;background:#fff6e8}"
    ".involved ol{margin:4px 0 0;padding-left:22px}.involved li{font-family:ui-monospace,"
    "monospace;font-size:12.5px}"
    ".cycle{margin:8px 0;padding:6px 10px;background:#fff6e8;border-left:4px solid #b26a00}"
    ".toolbar{margin:10px 0;display:flex;gap:10px;align-items:center}"
    ".toolbar input{padding:4px 8px;width:260px}"
    ".lanes{width:100%;table-layout:fixed;background:#fff}"
    ".lanes th{position:sticky;top:0;background:#e9ecf2;border-bottom:2px solid #c3c8d3;"
    "padding:4px 6px;text-align:left;font-weight:600}"
    ".lanes th.num,.lanes td.num{width:52px;color:#7a8294;text-align:right}"
    ".lanes td{border-top:1px solid #eceef3;padding:3px "
    "6px;vertical-align:top;overflow-wrap:anywhere}"
    ".lanes td.lane{border-left:1px solid #eceef3}"
    ".lanes .act{font-weight:600}.lanes .loc{color:#3d5a99}.lanes "
    ".src{color:#5b6475;white-space:pre}"
    ".lanes tr.fold td{background:#f1f3f7;color:#5b6475;cursor:pointer;font-style:italic}"
    ".lanes tr.hit td{background:#fff7c2}"
    ".lanes tr.race td.on,.lanes tr.error td.on{background:#fde2df;outline:2px solid #b3261e}"
    ".lanes tr.blocked td.on{background:#ffe9c7;outline:2px solid #b26a00}"
    ".lanes tr.final td{border-top:2px solid #c3c8d3}"
    "details summary{cursor:pointer;color:#5b6475;font-size:11.5px}"
    "details pre{margin:2px 0;font-size:11.5px;white-space:pre-wrap}";

/* The script: reads #ravel-data, draws the summary and every error. */
static const char page_script[] =
    "'use strict';\n"
    "const D=JSON.parse(document.getElementById('ravel-data').textContent);\n"
    "const FOLD=8;\n"
    "function el(tag,cls,text){const e=document.createElement(tag);if(cls)e.className=cls;"
    "if(text!=null)e.textContent=text;return e;}\n"
    "function fileLine(loc){if(!loc)return null;const i=loc.indexOf(' ');"
    "return i<0?loc:loc.slice(0,i);}\n"
    "function lineNo(loc){const fl=fileLine(loc);if(!fl)return null;"
    "const m=/:(\\d+)$/.exec(fl);return m?m[1]:null;}\n"
    "function stackBox(E,k,open){if(k<0)return null;const d=el('details');if(open)d.open=true;"
    "d.appendChild(el('summary',null,'stack'));d.appendChild(el('pre',null,E.stacks[k]));return "
    "d;}\n"
    "function cell(E,t,act,loc,k,extra){const td=el('td','lane on');td.dataset.thread=t;"
    "td.appendChild(el('div','act',act));if(loc){td.appendChild(el('div','loc',fileLine(loc)));"
    "const s=D.src[fileLine(loc)];if(s!=null)td.appendChild(el('div','src',s.trim()));}"
    "if(extra)td.appendChild(el('div','extra',extra));const b=stackBox(E,k,false);"
    "if(b)td.appendChild(b);return td;}\n"
    "function row(E,cls,num,t,act,loc,k,extra){const tr=el('tr',cls);"
    "tr.appendChild(el('td','num',num));for(let i=0;i<E.nthreads;i++){"
    "if(i===t)tr.appendChild(cell(E,t,act,loc,k,extra));else{const td=el('td','lane');"
    "td.dataset.thread=i;tr.appendChild(td);}}"
    "tr.dataset.loc=loc||'';tr.dataset.text=act;return tr;}\n"
    "function threadName(E,t){const ks=E.steps.filter(s=>s[0]===t).map(s=>s[3]).concat("
    "E.involved.filter(h=>h.t===t).map(h=>h.stack));for(const k of ks){if(k<0)continue;"
    "const fr=E.stacks[k].split('\\n');const f=fr[fr.length-1].split(' ')[0];"
    "if(f&&f!=='?'+'?')return f;}return null;}\n"
    "function drawSteps(E,tbody){\n"
    " const other=E.involved.find(h=>h.role==='other');\n"
    " const rows=[];\n"
    /* a row is made (DOM) only when shown: a folded run of 40,000 steps
     * stays data until it is unfolded or searched */
    " const R=(cls,num,t,act,loc,k,extra,tt)=>({t:tt,loc:loc||'',text:act,"
    "mk:()=>row(E,cls,num,t,act,loc,k,extra)});\n"
    " E.steps.forEach((s,i)=>{\n"
    "  if(other&&other.after===i)rows.push(R('race access','',other.t,'the other access: '+"
    "(E.object||''),other.loc,other.stack,'a plain access, not a step',-1));\n"
    "  rows.push(R('step',String(i+1),s[0],s[1],s[2],s[3],null,s[0]));});\n"
    " if(other&&other.after>=E.steps.length)rows.push(R('race access','',other.t,"
    "'the other access: '+(E.object||''),other.loc,other.stack,'a plain access, not a step',-1));\n"
    " const err=E.involved.find(h=>h.role==='error');\n"
    " if(err){const cls=E.kind==='data-race'?'race error final':'error final';"
    "rows.push(R(cls,'',err.t,E.kind+(E.kind==='data-race'&&E.object?': '+E.object:''),"
    "err.loc,err.stack,E.message,-1));}\n"
    " const bl=E.involved.filter(h=>h.role==='blocked');\n"
    " if(bl.length){const tr=el('tr','blocked final');tr.appendChild(el('td','num','end'));"
    "for(let i=0;i<E.nthreads;i++){const h=bl.find(b=>b.t===i);if(h){const x=h.holder!=null?"
    "'the mutex is held by thread '+h.holder:null;const td=cell(E,i,h.what,h.loc,h.stack,x);"
    "td.classList.add('blockedlane');tr.appendChild(td);}else{const td=el('td','lane');"
    "td.dataset.thread=i;tr.appendChild(td);}}tr.dataset.loc='';tr.dataset.text='';"
    "rows.push({t:-1,loc:'',text:'',mk:()=>tr});}\n"
    " let i=0;\n"
    " while(i<rows.length){let j=i;while(j<rows.length&&rows[j].t>=0&&rows[j].t===rows[i].t)j++;\n"
    "  if(rows[i].t>=0&&j-i>FOLD){tbody.appendChild(rows[i].mk());\n"
    "   const hidden=rows.slice(i+1,j-1);\n"
    "   const f=el('tr','fold');const td=el('td',null,'\\u2026 '+hidden.length+' more steps of "
    "thread '+rows[i].t+' (click to show)');td.colSpan=E.nthreads+1;f.appendChild(td);\n"
    "   f.hidden_=hidden;"
    /* the rows, made and passed to each (a search marks them) before they
     * enter the page: one layout, not one per row */
    "f.open=each=>{const fr=document.createDocumentFragment();hidden.forEach(h=>{const r=h.mk();"
    "if(each)each(r);fr.appendChild(r);});f.replaceWith(fr);};f.onclick=()=>f.open();\n"
    "   tbody.appendChild(f);tbody.appendChild(rows[j-1].mk());i=j;}\n"
    "  else{tbody.appendChild(rows[i].mk());i++;}}\n"
    "}\n"
    "function matches(loc,text,q){return /^\\d+$/.test(q)?lineNo(loc)===q:"
    "loc.includes(q)||text.includes(q);}\n"
    /* rows in order: a shown row is marked, a folded run holding a match is
     * unfolded, its rows marked as they are made */
    "function search(sec,q){q=q.trim();let n=0,first=null;\n"
    " const mark=r=>{const hit=!!q&&matches(r.dataset.loc||'',r.dataset.text||'',q);"
    "r.classList.toggle('hit',hit);if(hit){n++;if(!first)first=r;}};\n"
    " sec.querySelectorAll('tbody tr').forEach(r=>{if(!r.classList.contains('fold'))mark(r);"
    "else if(q&&r.hidden_.some(h=>matches(h.loc,h.text,q)))r.open(mark);});\n"
    " sec.querySelector('.count').textContent=q?n+(n===1?' step matches':' steps match'):'';\n"
    " if(first)first.scrollIntoView({block:'center'});}\n"
    "function drawError(E){const sec=el('section','error');sec.id='error-'+E.n;\n"
    " const h=el('h2');h.appendChild(el('span','kind',(E.bug?'error ':'limit ')+E.n+': '+E.kind));"
    "const msg=E.message.startsWith(E.kind)?E.message.slice(E.kind.length).replace(/^: "
    "/,''):E.message;"
    "h.appendChild(document.createTextNode(msg?': '+msg:''));sec.appendChild(h);\n"
    " const "
    "meta=el('div','meta');meta.appendChild(document.createTextNode(E.steps.length+(E.steps.length="
    "==1?' step, ':' steps, ')"
    "+E.nthreads+(E.nthreads===1?' thread':' threads')+(E.schedule?'; schedule '+E.schedule:'')));"
    "if(E.replay){meta.appendChild(el('br'));meta.appendChild(el('code',null,E.replay));}"
    "sec.appendChild(meta);\n"
    " if(!E.stacks_recorded)sec.appendChild(el('p','meta','(call stacks were not recorded for "
    "this error)'));\n"
    " if(E.cycle.length){const c=el('div','cycle');c.dataset.threads=E.cycle.join(' ');"
    "let s='deadlock cycle: thread '+E.cycle[0];E.cycle.forEach(t=>{const "
    "h=E.involved.find(b=>b.t===t);"
    "s+=' \\u2192 '+(h?h.what.replace(/^waits for /,''):'')+', held by thread "
    "'+(h&&h.holder!=null?h.holder:'?');});"
    "c.textContent=s;sec.appendChild(c);}\n"
    " const inv=el('div','involved');E.involved.forEach(x=>{const d=el('div','thread '+x.role);"
    "d.dataset.thread=x.t;d.dataset.role=x.role;const title=x.role==='other'?'thread '+x.t+"
    "': the other access':x.role==='blocked'?'thread '+x.t+' '+x.what:'thread '+x.t+': '+x.what;"
    "d.appendChild(el('div','act',title));if(x.loc)d.appendChild(el('div','loc mono',x.loc));"
    "if(x.holder!=null)d.appendChild(el('div','meta','the mutex is held by thread '+x.holder));"
    "if(x.stack>=0){const ol=el('ol');ol.start=0;E.stacks[x.stack].split('\\n').forEach(f=>"
    "ol.appendChild(el('li',null,f)));d.appendChild(ol);}inv.appendChild(d);});"
    "sec.appendChild(inv);\n"
    " const tb=el('div','toolbar');const inp=el('input');inp.type='search';"
    "inp.placeholder='find a line: 34, file.c:34 or text';tb.appendChild(inp);"
    "const all=el('button',null,'show all "
    "steps');tb.appendChild(all);tb.appendChild(el('span','count meta'));"
    "sec.appendChild(tb);\n"
    " const tab=el('table','lanes');const th=el('thead');const "
    "hr=el('tr');hr.appendChild(el('th','num','#'));\n"
    " for(let t=0;t<E.nthreads;t++){const n=threadName(E,t);const c=el('th','lane','thread '+t+"
    "(n?' ('+n+')':''));c.dataset.thread=t;hr.appendChild(c);}\n"
    " th.appendChild(hr);tab.appendChild(th);const tbody=el('tbody');tab.appendChild(tbody);"
    "drawSteps(E,tbody);sec.appendChild(tab);\n"
    " inp.addEventListener('input',()=>search(sec,inp.value));"
    "inp.addEventListener('keydown',e=>{if(e.key==='Enter')search(sec,inp.value);});\n"
    " all.onclick=()=>{sec.querySelectorAll('tr.fold').forEach(f=>f.onclick());};\n"
    " return sec;}\n"
    "function draw(){const m=document.querySelector('main');\n"
    " document.getElementById('nojs').remove();\n"
    " if(D.summary){const t=el('table','summary');D.summary.forEach(p=>{const r=el('tr');"
    "r.appendChild(el('td',null,p[0]));r.appendChild(el('td',null,p[1]));t.appendChild(r);});"
    "m.appendChild(t);}else m.appendChild(el('p','meta','made from a schedule file: the summary of "
    "the run that found it is not recorded there'));\n"
    " if(!D.errors.length)m.appendChild(el('p',null,'no error'));\n"
    " D.errors.forEach(E=>m.appendChild(drawError(E)));\n"
    " const h=decodeURIComponent(location.hash||'');if(h.startsWith('#find=')){const q=h.slice(6);"
    "document.querySelectorAll('section.error').forEach(s=>{s.querySelector('input').value=q;"
    "search(s,q);});}\n"
    " document.body.dataset.ready='1';}\n"
    "draw();\n";

static void write_page(FILE *f, const rv_report *r)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width\">\n<title>ravel: ",
          f);
    for (const char *p = r->program; *p; p++) {
        if (*p == '<')
            fputs("&lt;", f);
        else if (*p == '&')
            fputs("&amp;", f);
        else
            fputc(*p, f);
    }
    fprintf(f,
            "</title>\n<style>%s</style></head>\n<body>\n<header><h1>ravel report</h1>"
            "<div class=\"meta\" id=\"program\"></div></header>\n<main>\n"
            "<p id=\"nojs\">This report is drawn by its script: enable JavaScript.</p>\n</main>\n",
            page_style);
    fputs("<script type=\"application/json\" id=\"ravel-data\">\n{\"program\": ", f);
    jstr(f, r->program);
    fputs(", \"version\": ", f);
    jstr(f, RV_VERSION);
    fputs(",\n\"summary\": ", f);
    write_summary(f, r);
    fputs(",\n\"errors\": [", f);
    srcset src = {0};
    bool first = true;
    for (size_t i = 0; i < r->x->nerrors; i++) {
        if (!rv_end_is_bug(r->x->errors[i].kind)) continue;
        fputs(first ? "\n" : ",\n", f);
        first = false;
        write_error(f, r, i, &src);
    }
    fputs("],\n\"src\": ", f);
    write_src(f, &src);
    free_src(&src);
    fprintf(f,
            "}\n</script>\n<script>\ndocument.getElementById('program').textContent="
            "'program '+JSON.parse(document.getElementById('ravel-data').textContent).program;\n"
            "%s</script>\n</body></html>\n",
            page_script);
}

int rv_report_file_write(const char *path, void (*fill)(FILE *, const rv_report *),
                         const rv_report *r, char *err, size_t cap)
{
    char *tmp;
    FILE *f = rv_tmpfile_open(path, &tmp, err, cap);
    if (!f) return -1;
    fill(f, r);
    return rv_tmpfile_commit(f, tmp, path, err, cap);
}

int rv_html_write(const char *path, const rv_report *r, char *err, size_t cap)
{
    return rv_report_file_write(path, write_page, r, err, cap);
}

/* ---- the report files of `ravel check` ---------------------------------------------------- */

static size_t count_violations(const rv_report *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->x->nerrors; i++)
        n += rv_end_is_bug(r->x->errors[i].kind) &&
             rv_property_violated_by(r->property, &r->x->errors[i]);
    return n;
}

/* DIR/<stem of the first source>.html, next to the schedule files. */
static char *default_html(const rv_cli_opts *o)
{
    const char *base = strrchr(o->pos[0], '/');
    base = base ? base + 1 : o->pos[0];
    const char *dot = strrchr(base, '.');
    int n = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
    return rv_xasprintf("%s/%.*s.html", o->out_dir, n, base);
}

void rv_report_files(const rv_cli_opts *o, rv_report *r)
{
    char err[512];
    r->html = r->sarif = NULL;
    bool found = count_violations(r) > 0;
    if (o->html || (found && !o->no_html && r->x->backend)) {
        char *path = o->html ? rv_xstrdup(o->html) : default_html(o);
        if (rv_html_write(path, r, err, sizeof err) < 0) {
            fprintf(stderr, "ravel: html: %s\n", err);
            free(path);
        } else {
            r->html = path;
        }
    }
    if (o->sarif) {
        if (rv_sarif_write(o->sarif, r, err, sizeof err) < 0)
            fprintf(stderr, "ravel: sarif: %s\n", err);
        else
            r->sarif = rv_xstrdup(o->sarif);
    }
}

void rv_report_files_free(rv_report *r)
{
    free((char *)r->html);
    free((char *)r->sarif);
    r->html = r->sarif = NULL;
}
