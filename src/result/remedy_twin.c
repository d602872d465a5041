/*
 * remedy_twin: a manual container's raise to r RU/s replayed as the
 * switch to autoscale at max r, when the two are the same run, so that
 * the switch's search takes that replay's figures instead of running it
 * again (the raise with splits' last doubling and the switch's first
 * try are often the same setting).
 *
 * The rule (same_run): the manual raise replays the run's own container
 * (t->spec as it is: created on the run's P partitions at its RU/s T),
 * the phases raising it to r; the switch, as replay_view_build makes it,
 * creates the container on P partitions at a max and the phases raise
 * the max to r. They are the same run when the max at creation is T,
 * each phase sets the max to what the manual phase sets the RU/s to (or
 * neither sets one), and the containers, phases and the rest of the
 * scenario are otherwise equal. Then every second has the same layout
 * and RU/s, as the service models autoscale: each partition serves its
 * Tmax / P share (rules 3, 4), a raise past P x 10,000 splits as a
 * manual raise does (rule 6), and the mode changes nothing else a
 * request meets; autoscale's scaling shows only in the bill and in the
 * RU/s a second is billed at (rules 17, 27). Two rules could still part
 * them, each checked on the twin's run: rule 8 refuses an autoscale max
 * below max(1,000, 10 RU/s a GB, a tenth of the highest), each term at
 * least the manual minimum's (400, 1 RU/s a GB, a hundredth), so a
 * setting the twin took the manual replay takes, and a twin refused
 * leaves the manual replay to run; rule 18 raises the max when storage
 * passes max / 10 GB, which no manual container does: a twin with that
 * action is not used either.
 *
 * A raise within the layout (r at most P x 10,000, the most the P
 * partitions take without a split, rule 5) is the same run as the switch
 * created at max r, as replay_view_build makes that switch: the manual
 * replay creates the container at T and its first phase raises it to r
 * at t = 0, before the first request (phase actions come due before
 * each operation, sim.c), at once and on the same P partitions (rule
 * 5), each serving r / P (rule 4) as autoscale's do from creation; the
 * phases after it set the same in both (each starts from r in force),
 * and the raise's change event, the only trace it leaves, is read by no
 * figure (split_wait_end reads only a change that waited).
 *
 * A replay whose answer is only whether it rate limits (yes_no) runs as
 * its twin only at a setting on the 1,000 grid, the only ones the switch
 * tries: a twin that rate limits stops at its first 429, which answers
 * the manual replay too when no rule-18 raise came before it (the two
 * runs are the same up to there); after one, the manual replay runs.
 *
 * The figures must be the same too, beside the 429s (figures_of): the
 * month (the rule asks for a scenario without prices, so neither replay
 * has one); the bills per hour and their peak (the manual replay has
 * none: dropped); and the split delay's 429s (delay_of), which read each
 * second's RU/s, autoscale's scaled one in the twin: the rule asks for
 * no split delay, where a raise splits at once, no split waits and
 * split_wait_end_s is 0 in both, so delay_of reads no second.
 */
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "remedy_int.h"

void twin_free(struct replay_twin *tw)
{
	figures_free(&tw->fig);
	memset(tw, 0, sizeof(*tw));
}

/* A copy of src into dst (what dst owned freed), its hours' bills too */
static void figures_copy(struct pk_remedy_figures *dst,
			 const struct pk_remedy_figures *src)
{
	struct pk_remedy_figures g = *src;

	g.billed_classic = NULL;
	g.billed_dynamic = NULL;
	if (src->n_hours > 0 && src->billed_classic && src->billed_dynamic) {
		g.billed_classic = xcalloc(src->n_hours, sizeof(int64_t));
		g.billed_dynamic = xcalloc(src->n_hours, sizeof(int64_t));
		memcpy(g.billed_classic, src->billed_classic,
		       src->n_hours * sizeof(int64_t));
		memcpy(g.billed_dynamic, src->billed_dynamic,
		       src->n_hours * sizeof(int64_t));
	} else {
		g.n_hours = 0;
	}
	figures_move(dst, &g);
}

/* 1 if ch sets the container's RU/s (or max) to ch->r and nothing else:
   no redistribution, merge, stream or bucket change (a demand to fill is
   read from whichever of the two runs ran: demand_of reads each range's
   RU/s and busiest second, the same in both) */
static int plain_ru(const struct replay_change *ch)
{
	return ch->what == REPLAY_RU && ch->r > 0 && !ch->redist &&
	       ch->merge_to == 0 && !ch->bulk_client && !ch->raise_others &&
	       ch->bucket_id == 0;
}

/* A phase's setting (manual: its RU/s; autoscale: its max), 0 when it
   sets none; -1 when it sets the other mode's field too */
static int64_t phase_setting_of(const struct pk_phase_spec *ph, int autoscale)
{
	int64_t mine =
	    autoscale ? ph->autoscale_max_ru_per_s : ph->throughput_ru_per_s;
	int64_t other =
	    autoscale ? ph->throughput_ru_per_s : ph->autoscale_max_ru_per_s;

	if (other > 0) {
		return -1;
	}
	return mine > 0 ? mine : 0;
}

/* 1 if phases a (manual) and b (autoscale), n of each, set the same RU/s
   and max in turn and are otherwise equal; with raised, a's first phase
   sets the RU/s b is created at, and b's sets none */
static int phases_same(const struct pk_phase_spec *a,
		       const struct pk_phase_spec *b, size_t n, int raised)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct pk_phase_spec x, y;
		int64_t sa = i == 0 && raised ? 0 : phase_setting_of(&a[i], 0);
		int64_t sb = phase_setting_of(&b[i], 1);

		if (sa < 0 || sb < 0 || sa != sb) {
			return 0;
		}
		/* both byte copies of the scenario's phase: the same
		   bytes but for the two settings */
		memcpy(&x, &a[i], sizeof(x));
		memcpy(&y, &b[i], sizeof(y));
		x.throughput_ru_per_s = y.throughput_ru_per_s = 0;
		x.autoscale_max_ru_per_s = y.autoscale_max_ru_per_s = 0;
		if (memcmp(&x, &y, sizeof(x)) != 0) {
			return 0;
		}
	}
	return 1;
}

/* 1 if containers a (manual, t's own) and b (autoscale) are created on
   P partitions, b at max_ru RU/s, and are otherwise equal */
static int containers_same(const struct remedy_task *t,
			   const struct pk_container_spec *a,
			   const struct pk_container_spec *b, int64_t max_ru)
{
	struct pk_container_spec x, y;

	if (memcmp(a, t->spec, sizeof(*a)) != 0 ||
	    b->existing_partitions != t->out->created_partitions ||
	    a->autoscale_max_ru_per_s > 0 || b->throughput_ru_per_s > 0 ||
	    b->autoscale_max_ru_per_s != max_ru) {
		return 0;
	}
	memcpy(&x, a, sizeof(x));
	memcpy(&y, b, sizeof(y));
	x.throughput_ru_per_s = y.throughput_ru_per_s = 0;
	x.autoscale_max_ru_per_s = y.autoscale_max_ru_per_s = 0;
	x.existing_partitions = y.existing_partitions = 0;
	return memcmp(&x, &y, sizeof(x)) == 0;
}

/* 1 if manual replay m raises the RU/s at its first phase to r within
   the layout (above the creation's, at most its cap, rule 5) and the
   autoscale replay a is created at max r, its first phase setting none
   (the file header's raise within the layout) */
static int raised_at_start(const struct remedy_task *t,
			   const struct replay_view *m,
			   const struct replay_view *a, int64_t r)
{
	return m->ph[0].throughput_ru_per_s == r &&
	       r > m->cs.throughput_ru_per_s && r <= t->out->cap_ru_per_s &&
	       a->cs.autoscale_max_ru_per_s == r &&
	       phase_setting_of(&a->ph[0], 1) == 0;
}

/* 1 if the manual replay m and the autoscale replay a of t at r are the
   same run (the file header's rules, but for the two checks on a's run) */
static int same_run(const struct remedy_task *t, const struct replay_view *m,
		    const struct replay_view *a, int64_t r)
{
	struct pk_scenario x, y;
	int raised;

	if (t->sc->pricing.prices || t->out->split_delay_s != 0 ||
	    m->cs.serverless || m->cs.fabric || m->sc.n_phases == 0 ||
	    m->sc.n_phases != a->sc.n_phases) {
		return 0;
	}
	raised = raised_at_start(t, m, a, r);
	if (!containers_same(t, &m->cs, &a->cs,
			     raised ? r : m->cs.throughput_ru_per_s) ||
	    !phases_same(m->ph, a->ph, m->sc.n_phases, raised)) {
		return 0;
	}
	/* the rest of the scenario: the same */
	memcpy(&x, &m->sc, sizeof(x));
	memcpy(&y, &a->sc, sizeof(y));
	x.container = y.container;
	x.phases = y.phases;
	x.variants = y.variants;
	return memcmp(&x, &y, sizeof(x)) == 0;
}

/* Served from the twin kept: the switch to autoscale at the max it ran,
   as replay_with would have answered it */
static int from_kept(const struct remedy_task *t,
		     const struct replay_change *ch,
		     struct pk_remedy_figures *f)
{
	const struct replay_twin *tw = t->twin;

	/* a yes_no replay stops at its first 429 (halt_of: any 429 for a
	   setting of the RU/s) and answers 1: the whole run had one */
	if (ch->yes_no && tw->fig.throttled_429 > 0) {
		return 1;
	}
	figures_copy(f, &tw->fig);
	return 0;
}

/* Run the manual raise ch of t as its autoscale twin when they are the
   same run: 1 with the manual raise's answer in *rc, 0 with its figures
   in *f (and the twin's kept) or 1 when, read only for whether it rate
   limits, the twin stopped at its first 429 with no rule-18 raise before
   it (the two runs are the same up to that 429); 0 when the manual raise
   is to be run */
static int run_twin(const struct remedy_task *t, const struct replay_change *ch,
		    struct pk_remedy_figures *f, int *rc_out)
{
	struct replay_change tc = *ch;
	struct replay_view m, a;
	struct pk_remedy_figures g;
	char *why = NULL;
	int same, raised = 0, rc;

	tc.to_autoscale = 1;
	replay_view_build(t, ch, &m);
	replay_view_build(t, &tc, &a);
	same = same_run(t, &m, &a, ch->r);
	replay_view_free(&m);
	if (!same) {
		replay_view_free(&a);
		return 0;
	}
	memset(&g, 0, sizeof(g));
	rc = replay_view_run(t, &tc, &a, &g, &why, &raised);
	replay_view_free(&a);
	free(why);
	if (rc == 1 && !raised) {
		*rc_out = 1;
		return 1;
	}
	if (rc != 0 || raised || g.split_wait_end_s != 0) {
		figures_free(&g);
		return 0;
	}
	t->twin->have = 1;
	t->twin->r = ch->r;
	figures_copy(&t->twin->fig, &g);
	/* the manual replay's figures: no hours billed as autoscale */
	figures_free(&g);
	g.billed_peak_ru = 0;
	figures_move(f, &g);
	*rc_out = 0;
	return 1;
}

int twin_replay(const struct remedy_task *t, const struct replay_change *ch,
		struct pk_remedy_figures *f, int *rc)
{
	if (!t->twin || !plain_ru(ch)) {
		return 0;
	}
	if (ch->to_autoscale) {
		if (!t->twin->have || t->twin->r != ch->r) {
			return 0;
		}
		*rc = from_kept(t, ch, f);
		t->out->twinned++;
		return 1;
	}
	/* a manual container's raise: the switch to autoscale may try the
	   same max; one read only for whether it rate limits, only on the
	   switch's grid (the file header) */
	if (t->out->autoscale ||
	    (ch->yes_no && ch->r % PK_PROVISION_AUTOSCALE_STEP != 0) ||
	    !run_twin(t, ch, f, rc)) {
		return 0;
	}
	return 1;
}
