/*
 * runway_rates.h: the workload's rates: each stream's phases, the
 * stretches a step walks and the slices they make (runway_rates.c,
 * runway_fold.c), and rewrites at another size. Internal to
 * src/result/.
 */
#ifndef PKSIM_RUNWAY_RATES_H
#define PKSIM_RUNWAY_RATES_H

#include "runway_group.h"

/* One phase of the single cycle the projection repeats, per stream */
struct rphase {
	const struct pk_phase_spec *ps;
	int64_t start_s, dur_s; /* within its stream's cycle */
	double adds;		/* new items an operation, net of deletes
				   (with deletes apart, runway_dels.c:
				   gross) */
	double dels;		/* deletes an operation sends when they are
				   taken apart (runway_dels.c), else 0 */
	double rewrites;	/* stored items an operation rewrites at
				   mean_bytes: replaces, rewriting upserts */
	double recreated;	/* of adds, rewriting upserts whose target
				   has expired (time to live): they write
				   it anew */
	double mean_bytes;	/* mean item size */
	double factor;		/* stored bytes an item byte (index_factor) */
	double ru_per_byte;	/* write charge a byte, RU/B: the mean of each
				   drawn size's charge over the mean size */
	int drawn;		/* 1: its item sizes are drawn (uniform,
				   normal), 0 one size */
	/* RU an operation takes that stores nothing new: point reads,
	   replaces, deletes and rewriting upserts, single-partition and
	   targeted queries land where the items are (keyed); fan-out
	   queries, and a stream's that adds no items, spread evenly over
	   the ranges; the IN-list query a reader of a random-suffix key
	   sends first (rule 38) is split evenly over the ranges holding
	   the suffix's values (find: cand.find_share), or spread when it
	   fans out */
	double keyed_ru, spread_ru, find_ru;
	struct pk_schedule_spec rel; /* with a schedule: its part by the
					phase's own clock
					(schedule_phase_part), for a
					cycle shorter than a step */
	struct pk_schedule_own own;  /* with a schedule: its own clock in
					closed form (occurrence's pieces) */
	struct pk_schedule_cursor cur;
	int64_t cur_cycle;  /* the cycle cur walks, -1 none */
	double set_ru;	    /* the container RU/s (autoscale: the max) it
			       sets at its start, 0 none */
	int bucket;	    /* the throughput bucket its requests count
			       against (rules 31, 34), 0 none or uncapped */
	double bucket_frac; /* ... the share of a range's RU/s it may use,
			       1 without */
	int low;	    /* its requests are Low priority (rules 30, 35) */
	int set_j;	    /* the latest phase of its cycle at or before it
			       that sets the RU/s, -1 none */
};

/* Stretches one cycle of a short stream holds, at most */
#define PK_RW_CYCLE_STRETCHES 64

/* One stretch of one stream: its new bytes, the RU their writes take,
   the RU of its other requests (rphase's keyed and spread) and its
   length, s */
struct stretch {
	double bytes, ru, keyed, spread, find, len;
	double ops; /* operations its phase offers in it (before a client
		       holds any back) */
	/* its new items, the stored items it rewrites and their bytes as
	   rewritten (stored with the index) */
	double items, rw_ops, rw_bytes;
	double dels; /* the deletes it sends (runway_dels.c), 0 without */
	size_t ph;   /* its phase, an index into its stream's ph */
	/* the container's RU/s in force in it over those at the end of the
	   run (what the ranges' shares are of), and the workload second it
	   was set at (-1: the container's own, never set by a phase) */
	double ru_scale, set_at;
	int bucket;	    /* its phase's rphase.bucket */
	double bucket_frac; /* ... and bucket_frac */
	int low;	    /* ... and low */
	int drawn;	    /* ... and drawn */
	double reps;	    /* cycles of a short stream it stands for (its one
			       cycle's stretch repeated), 1 for a walked one */
	double runs;	    /* runs of seconds apart it joins, each cycle (a
			       spiking phase's spikes, or the gaps between them,
			       in one piece; stretches folded into it), >= 1 */
	int client;	    /* what of its stream's client held it back (a
			       pk_runway_client), 0 nothing */
};

/* rstream.joined's bits */
#define PK_RW_JOINED_FOLD 1u
#define PK_RW_JOINED_SPIKES 2u

/* Stretches a stream gives one step, at most */
#define PK_RW_STRETCHES 64
/* Own-clock pieces (a step's rate, a spike) one occurrence of a phase
   keeps apart in a step, at most */
#define PK_RW_PIECES 8

/* Own-clock pieces of one occurrence of a phase as they first come
   (occurrence): each a step's spike seconds or the rest of its seconds
   (key: step x 2, plus 1 for the spikes), at most `most` of them; a
   piece of a key not yet kept once `most` are kept joins the last
   kept: the latest kept at its rate a second (runs: one more), else
   the last; past PK_RW_PIECE_STEPS steps walked so, every later step
   joins the last kept in closed form. */
struct rw_pieces {
	size_t key[PK_RW_PIECES], n, most;
	double ops[PK_RW_PIECES], len[PK_RW_PIECES];
	double runs[PK_RW_PIECES]; /* runs of seconds apart each joins */
	size_t walked; /* steps walked one by one past the room so far */
};

/* [a, b) of phase p (its own seconds; wall multiplier m constant over
   it) into pc, step by step: each step's spike seconds and the rest in
   closed form (schedule_own_split), the one that comes first at a
   first, so the pieces keep the order a walk edge by edge gives; once
   the pieces are full, the steps whose keys are not kept in one count
   (schedule_own_count). Costs the steps crossed, never the spikes. */
void runway_pieces_span(struct rw_pieces *pc, const struct rphase *p, double a,
			double b, double m);

/* One slice of a step in which every stream's stretch is one: each
   stream's part of theirs (the streams run at once) */
struct slice {
	double len;
	double ru_scale; /* the RU/s in force over the end's: that of the
			    stream whose setting came last */
	double bytes[PK_MAX_STREAMS], ru[PK_MAX_STREAMS], keyed[PK_MAX_STREAMS],
	    spread[PK_MAX_STREAMS], find[PK_MAX_STREAMS];
	/* each stream's stretch.items, rw_ops and rw_bytes */
	double items[PK_MAX_STREAMS], rw_ops[PK_MAX_STREAMS],
	    rw_bytes[PK_MAX_STREAMS];
	double dels[PK_MAX_STREAMS]; /* each stream's stretch.dels */
	/* each stream's throughput bucket and its share of the RU/s
	   (stretch.bucket, bucket_frac; 0 and 1 without) */
	int bucket[PK_MAX_STREAMS];
	double bucket_frac[PK_MAX_STREAMS];
	/* each stream's requests Low priority there (stretch.low) */
	int low[PK_MAX_STREAMS];
	/* each stream's item sizes drawn there (stretch.drawn) */
	int drawn[PK_MAX_STREAMS];
	/* what of each stream's client held it back (stretch.client) */
	int client[PK_MAX_STREAMS];
	/* cycles it stands for: the slices of one step are one short
	   cycle's, each repeated this often (one stream; 1 otherwise) */
	double reps;
	/* the most runs of seconds apart a stream's stretch joins in it
	   each cycle (stretch.runs, times its part of the stretch) */
	double runs;
	/* each range's share of the stored items its keyed requests read
	   (runway_stored_shares; borrowed from the steps, n_ranges
	   entries), NULL: its range's share of the writes (cand.range_mass) */
	const double *kshare;
};

/* A step's slices as runway_again_step last found them new: gen, their
   generation, moves on only when a step's slices differ from the last
   step's (0: not kept, more than its cap or none) */
struct rw_again {
	struct slice *prev; /* owned; the last new slices */
	size_t n;
	uint64_t gen, last; /* last: the latest gen given */
};

struct rstream {
	struct rphase *ph;
	size_t n;
	int64_t cycle_s;
	double scale; /* real seconds a simulated one (time_scale) */
	/* a cycle shorter than a step (in real time): its first cycle's
	   stretches by the phases' own clocks, which every step repeats,
	   each times its phase's wall-clock multipliers (daily, weekly,
	   holidays) averaged over the step */
	struct stretch once[PK_RW_CYCLE_STRETCHES];
	size_t n_once;
	int have_once;
	/* the RU/s in force (rphase.set_ru, set_j): the container's at its
	   creation (ru_first, autoscale: the max) until a phase sets one,
	   the cycle's last setting (last_set, -1 none) from the second
	   cycle on; over ru_end, what the ranges hold at the end */
	double ru_first, ru_end;
	int last_set;
	/* its client's limits (client.ru_budget, RU/s; client.concurrency
	   over client.latency, operations a second); 0 none */
	double client_ru, client_ops;
	/* what its client could not send yet, sent first when it can (the
	   replay's client queue): operations, their new bytes (before the
	   index factor), write RU, keyed and spread RU */
	struct {
		double ops, bytes, ru, keyed, spread, find;
	} queue;
	/* what a walk joined of its stretches that ran apart (bits):
	   PK_RW_JOINED_FOLD those past the room it keeps
	   (runway_stretch_fold), PK_RW_JOINED_SPIKES the spikes of more
	   than one period of a spiking phase in one piece; their seconds
	   are counted, their order is not, which burst credit sees */
	unsigned joined;
};

/* New items an operation of ps adds: creates, new upserts and batch
   items less deletes, never below 0 */
double runway_phase_adds(const struct pk_phase_spec *ps);

/* ... its creates, new upserts and batch items, deletes not taken off */
double runway_phase_new(const struct pk_phase_spec *ps);

/* The mean size of the new items sc's phases add, weighted by how many
   each offers (rate x duration x adds), bytes; the phases' plain mean
   when none has a rate */
double runway_mean_item(const struct pk_scenario *sc);

/* The largest item a size spec gives, bytes */
double runway_largest_size(const struct pk_size_spec *z);

/* Each stream's phases of sc (st: sc->n_streams entries) for variant v:
   stored bytes an item byte (factor), write charge, the other requests'
   RU (rphase); untimed: as if nothing expired (no rewriting upsert
   finds its target expired and writes it anew); runway_streams_free
   frees them */
void runway_streams_init(const struct pk_result_variant *v,
			 const struct pk_scenario *sc, double factor,
			 int untimed, struct rstream *st);

/* Each stream's share over its cycle (its phases' mean rates: rate x
   duration x adds over the cycle) of the new bytes (by_bytes 1) or of
   the new items (0) the streams of st (ns of them) add, into w[0 ..
   ns): 0 for a stream that adds none, all 0 when none does */
void runway_streams_weigh(const struct rstream *st, size_t ns, int by_bytes,
			  double *w);

void runway_streams_free(struct rstream *st, size_t ns);

/* The stretches of stream st in [t0, t1) (workload seconds), into out
   (at most cap, those past it joined to kept ones: runway_fold.c);
   returns how many */
size_t runway_stretches(const struct pk_scenario *sc, struct rstream *st,
			double t0, double t1, struct stretch *out, size_t cap);

/* runway_fold.c: stretch x of stream st, past the room of out[0 .. n)
   (n >= 1 kept, in time order), added into the latest kept one that
   asks a range the same each second (rates a second, phase settings),
   else into out[n - 1]: its operations, bytes, RU and seconds are
   counted, never dropped; n 0: nothing */
void runway_stretch_fold(const struct rstream *st, struct stretch *out,
			 size_t n, const struct stretch *x);

/* n more phases looked at by the projection's steps
   (runway_phase_visits) */
void runway_count_phase_visits(unsigned long n);

/* Stream st's requests over [t0, t1) (workload seconds) walked phase
   by phase by their own and the wall clock, as one stretch into *out
   (its pieces summed; ru_scale and ph the last piece's): never a short
   cycle's mean, so a second at a time follows a busy and a quiet phase
   apart (runway_secs.c). Walk forward in time (each phase's cursor walks
   forward only; reset rphase.cur_cycle to -1 first). Returns the pieces
   summed, 0 for a stream with no cycle. */
size_t runway_stretch_walked(const struct pk_scenario *sc, struct rstream *st,
			     double t0, double t1, struct stretch *out);

/* Where one stream's keyed requests (point reads, replaces, deletes,
   rewriting upserts, single-partition and targeted queries) land when a
   range's RU/s holds its writes back: each reads an item drawn from
   what is stored, so a range's part of them is its share of the stored
   items, and that share is what its RU/s let it store. Into s[0 ..
   n_ranges) the fixed point s_r = m_r f_r / sum_j m_j f_j, m_r the
   range's share of the new items (rmass), f_r = min(1, its RU/s in
   force over slice x's length / what its requests ask: m_r x its
   writes' RU + s_r x the keyed RU + an even part of the spread RU),
   found by halving steps (ASSUMPTION: the stored share settles where
   the served writes put it, the slice's rates held; what preload
   stored, burst credit, throughput buckets, priority and a fleet pool's
   lending are left out of the share). Returns 0 (s untouched) when no
   range is held back at the writes' shares, so those stand. */
int runway_stored_shares(const struct pk_result_variant *v, const double *rmass,
			 const struct slice *x, double *s);

/* The slices of ns streams' stretches x[k][0 .. nx[k]) (each stream's
   one after another from 0, lengths in real seconds) into out (room for
   ns x PK_RW_STRETCHES + 1); returns how many */
size_t runway_slices_of(struct stretch (*x)[PK_RW_STRETCHES], const size_t *nx,
			size_t ns, struct slice *out);

/* Rewrites at another size over the projection's steps (runway.h,
   rewrites): every stream's new items so far, and one step's rewrites,
   their bytes, and each stream's new bytes and items offered */
struct rw_rewrites {
	double all;	   /* new items offered so far, this step's in */
	double before;	   /* ... before this step (stored items, with
			      deletes taken apart) */
	double ops, bytes; /* the step's rewrites and their bytes as
			      rewritten */
	double offered[PK_MAX_STREAMS], items[PK_MAX_STREAMS];
};

/* r's step: slices x[0 .. n) of ns streams */
void runway_rewrites_step(struct rw_rewrites *r, const struct slice *x,
			  size_t n, size_t ns);

/* What a logical partition holding acc bytes of its *items new items
   holds after r's step, when the step adds add bytes (of its shares
   mass[0 .. ns) of each stream's new items offered, what the bounds
   let through) and its share of the step's rewrites, as many as its
   share of the stored items, at the same part of what was offered;
   *items grows by its new items. Rewrites pick stored items uniformly
   (ASSUMPTION: whatever their size; the step's new items among them,
   each from its write on): over a step of A new items and R rewrites
   at steady rates on N0 stored (N1 after), an item stored before it
   keeps its size with (N0 / N1)^(R / A) (e^(-R / N0) without new
   ones), the step's new items with (N1 - N0 keep) / (A + R) (the
   solution of S' = a - r S / N), the rest take the rewrite's.
   Bytes. */
double runway_rewritten(const struct rw_rewrites *r, const double *mass,
			size_t ns, double add, double acc, double *items);

#endif
