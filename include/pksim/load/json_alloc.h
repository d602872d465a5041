/*
 * json_alloc: the count of jansson's allocations that failed, in the
 * calling thread.
 *
 * jansson does not say out of memory reliably: a parse whose object or
 * array cannot be allocated returns NULL with an empty error text and no
 * position, a string that cannot be copied is an "invalid token" at its
 * place, and a token whose buffer cannot grow is cut short without an
 * error at all (a parse that then succeeds on other text than the
 * file's). Building or writing a tree drops what cannot be allocated
 * the same way. So a caller that must tell out of memory from bad input
 * reads this count before and after its jansson calls: any failure
 * between is out of memory, whatever jansson returned. jansson's
 * allocation functions (load/json_arena.c, installed before main) call
 * json_alloc_next before each allocation and json_alloc_failed whenever
 * they return NULL; a test can make any one of them fail
 * (json_alloc_fail_at).
 */
#ifndef PKSIM_LOAD_JSON_ALLOC_H
#define PKSIM_LOAD_JSON_ALLOC_H

/* Count one failed jansson allocation of the calling thread: called by
   jansson's allocation functions only. */
void json_alloc_failed(void);

/* The jansson allocations that failed in the calling thread since it
   started (a count that only grows; threads do not share it). */
unsigned long long json_alloc_failures(void);

/* Called by jansson's allocation functions before each allocation: 1
   when this one is to fail (json_alloc_fail_at), else 0. Counts the
   allocation in json_alloc_made. */
int json_alloc_next(void);

/* The jansson allocations the calling thread asked for since it
   started, failed or not. */
unsigned long long json_alloc_made(void);

/* Fault injection for tests (SQLite's way of testing out of memory):
   the calling thread's n-th jansson allocation from now (1 the next
   one) fails, that one alone; 0: none fails. Nothing in pksim calls
   it. */
void json_alloc_fail_at(unsigned long long n);

#endif
