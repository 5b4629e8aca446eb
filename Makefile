# ravel — build.  `make` builds build/release/{ravel,libravel_rt.a};
# `make SAN=1` builds build/san/ with AddressSanitizer and UBSan on ravel
# itself (the runtime is never sanitized: it is linked into the programs
# under test).  `make test` builds the sanitized ravel and runs tests/run.
CC      ?= cc
ifeq ($(CC),cc)
CC      := $(shell command -v clang >/dev/null 2>&1 && echo clang || echo gcc)
endif
WARN    := -Wall -Wextra -Werror -Wno-unused-parameter
CSTD    := -std=c11 -D_GNU_SOURCE
ifeq ($(SAN),1)
OUT     := build/san
OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
else
OUT     := build/release
OPT     := -O2 -g
endif

# --mpi (src/explorers/ranks.c) when Open MPI's compiler wrapper is found
# (Debian: libopenmpi-dev); without it ravel builds and runs, and --mpi
# says it was built without MPI.  MPI=0 leaves it out.
ifneq ($(MPI),0)
MPI_CFLAGS := $(shell mpicc --showme:compile 2>/dev/null)
MPI_LIBS   := $(shell mpicc --showme:link 2>/dev/null)
endif
ifneq ($(MPI_LIBS),)
# the MPI headers are not ours: -isystem keeps -Werror to our code
$(OUT)/obj/src/explorers/ranks.o: CSTD += -DRAVEL_HAVE_MPI $(patsubst -I%,-isystem %,$(MPI_CFLAGS))
LINK_MPI := $(MPI_LIBS) -pthread
endif

# Everything but the runtime goes into the ravel binary.
RAVEL_SRC := $(shell find src -name '*.c' -not -path 'src/runtime/*' | sort)
RAVEL_OBJ := $(RAVEL_SRC:%.c=$(OUT)/obj/%.o)
# libravel.a: everything but the CLI entry point, for unit tests and benches.
LIB_OBJ   := $(filter-out $(OUT)/obj/src/cli/main.o,$(RAVEL_OBJ))
RT_SRC    := $(shell find src/runtime -name '*.c' -o -name '*.S' | sort) src/core/action.c src/core/model.c src/core/trace.c src/core/util.c
RT_OBJ    := $(patsubst %,$(OUT)/rtobj/%.o,$(RT_SRC))
# The runtime runs inside the program under test: no sanitizers, no
# instrumentation, position-independent so it links into PIE or non-PIE.
RT_FLAGS  := -std=c11 -D_GNU_SOURCE -O2 -g -fPIC -fno-stack-protector -fno-omit-frame-pointer \
             -Wall -Wextra -Werror -Wno-unused-parameter -fvisibility=default

# `make install PREFIX=/usr/local DESTDIR=`: ravel in PREFIX/bin, its
# runtime in PREFIX/lib/ravel (found from ravel's own location), the man
# page ravel(1) and the bash completion.  The release build (SAN=1: the
# sanitized one, as the tests install it).
PREFIX  ?= /usr/local
BINDIR  := $(PREFIX)/bin
RTDIR   := $(PREFIX)/lib/ravel
MANDIR  := $(PREFIX)/share/man/man1
BASHDIR := $(PREFIX)/share/bash-completion/completions

.PHONY: all test clean format bench install uninstall
all: $(OUT)/ravel $(OUT)/libravel_rt.a $(OUT)/libravel.a $(OUT)/ravel_cxx.h

# C++ sources get it first (compile.c cxx_prelude); beside the runtime
$(OUT)/ravel_cxx.h: src/backends/native/cxx_prelude.h
	@mkdir -p $(dir $@)
	cp $< $@

$(OUT)/ravel: $(OUT)/obj/src/cli/main.o $(OUT)/libravel.a
	$(CC) $(OPT) -o $@ $^ -lcapstone -ldw -lelf -lm $(LINK_MPI)

$(OUT)/libravel.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

$(OUT)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(OPT) -MMD -MP -c $< -o $@

$(OUT)/libravel_rt.a: $(RT_OBJ)
	rm -f $@ && ar rcs $@ $^

$(OUT)/rtobj/%.c.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(RT_FLAGS) -MMD -MP -c $< -o $@

$(OUT)/rtobj/%.S.o: %.S
	@mkdir -p $(dir $@)
	$(CC) -c $< -o $@

test:
	@$(MAKE) --no-print-directory SAN=1 all
	@bash tests/run

# make bench [QUICK=1] [LIMIT=S] [BUDGET=MIN] [PEERS=DIR] [ONLY=REGEX]: bench/RESULTS.md (bench/README.md)
bench:
	@$(MAKE) --no-print-directory all
	@QUICK='$(QUICK)' LIMIT='$(LIMIT)' BUDGET='$(BUDGET)' PEERS='$(PEERS)' ONLY='$(ONLY)' python3 bench/run

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(RTDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR)
	install -m 755 $(OUT)/ravel $(DESTDIR)$(BINDIR)/ravel
	install -m 644 $(OUT)/libravel_rt.a $(DESTDIR)$(RTDIR)/libravel_rt.a
	install -m 644 $(OUT)/ravel_cxx.h $(DESTDIR)$(RTDIR)/ravel_cxx.h
	install -m 644 docs/ravel.1 $(DESTDIR)$(MANDIR)/ravel.1
	install -m 644 scripts/ravel-completion.bash $(DESTDIR)$(BASHDIR)/ravel

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/ravel $(DESTDIR)$(RTDIR)/libravel_rt.a $(DESTDIR)$(RTDIR)/ravel_cxx.h $(DESTDIR)$(MANDIR)/ravel.1 \
	      $(DESTDIR)$(BASHDIR)/ravel
	-rmdir $(DESTDIR)$(RTDIR) 2>/dev/null

format:
	clang-format -i $$(find src tests bench examples -name '*.c' -o -name '*.h')

clean:
	rm -rf build

-include $(RAVEL_OBJ:.o=.d) $(RT_OBJ:.o=.d)
