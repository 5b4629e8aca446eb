/*
 * ranks.h — `mpirun -n K ravel check --mpi --algo=dfs prog.c`: jobs.h's
 * parallel dfs with one worker per MPI rank, on as many machines as the
 * MPI job spans.
 *
 * Contract.  Every rank runs the same command line: it parses it, builds
 * the program itself (its own build cache; nothing is assumed shared) and
 * opens it.  The ranks then agree (rv_mpi_worst) that all of them could,
 * or all stop (rank 0 with exit 2, or 3 when a build was stopped).  Rank 0 runs jobs.c's
 * coordinator (the same code as --jobs: units, splitting, merging, global limits) over a transport
 * whose worker 0 is a process forked on rank 0 and whose worker r > 0 is a process forked on rank
 * r, its pipes relayed over MPI messages (rv_mpi_serve on rank r, a relay thread on rank 0; the
 * only MPI calls of a rank are made by one thread).  Rank 0's answer is jobs.h's: the sequential
 * one.  A worker that dies (its rank's relay sees it and says so to rank 0 with its wait status and
 * host) makes the run incomplete, exit 3, with a reason naming the rank.  A rank whose own process
 * dies ends the MPI job (mpirun kills the others): no report is printed, mpirun exits non-zero,
 * never a partial "exhaustive".
 *
 * Built with MPI only when the build found Open MPI's mpicc (Makefile,
 * RAVEL_HAVE_MPI); otherwise rv_mpi_built() is false and the others are
 * not to be called.
 */
#ifndef RAVEL_EXPLORERS_RANKS_H
#define RAVEL_EXPLORERS_RANKS_H

#include "jobs.h"

bool rv_mpi_built(void);

/* MPI_Init (once per process): this rank and the number of ranks.  0, or
 * -1 with a message in err.  MPI_Finalize runs at this process's exit. */
int rv_mpi_init(unsigned *rank, unsigned *size, char *err, size_t cap);

/* The largest of the ranks' codes (collective: every rank calls it
 * once): 0 when every rank passed 0. */
int rv_mpi_worst(int code);

/* Rank 0: explore with a worker per rank (jobs.h's rv_jobs_run). */
int rv_mpi_coordinate(rv_explore *x, rv_jobs_open_fn open, void *arg, rv_jobs *j);

/* Rank r > 0: run this rank's worker for rank 0 until rank 0 ends the
 * run.  0, or -1 when the worker could not be started (rank 0 is told). */
int rv_mpi_serve(rv_explore *x, rv_jobs_open_fn open, void *arg);

#endif
