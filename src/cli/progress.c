/*
 * progress: see progress.h.
 */
#include "pksim/cli/progress.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define PK_NS_PER_MS 1000000LL
#define PK_NS_PER_S 1000000000LL
/* a longer estimate is shown as this many seconds (a year) */
#define PK_PROGRESS_LEFT_MAX_S (366LL * 24 * 3600)

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * PK_NS_PER_S + ts.tv_nsec;
}

void progress_start(struct pk_progress *p, FILE *out, int quiet,
		    struct pk_sim_opts *so)
{
	const char *env = getenv("PKSIM_PROGRESS_AFTER_MS");
	char *end;
	long long after = PK_PROGRESS_AFTER_MS, every = PK_PROGRESS_EVERY_MS;

	p->out = !quiet && out && isatty(fileno(out)) ? out : NULL;
	if (env && env[0]) {
		long long v = strtoll(env, &end, 10);

		if (!*end && v >= 0) {
			after = v;
		}
	}
	p->start_ns = now_ns();
	env = getenv("PKSIM_PROGRESS_EVERY_MS");
	if (env && env[0]) {
		long long v = strtoll(env, &end, 10);

		if (!*end && v >= 0) {
			every = v;
		}
	}
	p->after_ns = (int64_t)after * PK_NS_PER_MS;
	p->every_ns = (int64_t)every * PK_NS_PER_MS;
	p->last_ns = 0;
	p->shown = 0;
	p->planned_ops = 0;
	so->progress = progress_update;
	so->progress_ctx = p;
}

/* Simulated seconds as H:MM:SS */
static void clock_text(int64_t ms, char *buf, size_t cap)
{
	long long s = ms < 0 ? 0 : (long long)(ms / 1000);

	snprintf(buf, cap, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
}

void progress_left_text(double s, char *buf, size_t cap)
{
	long long r;

	if (!(s >= 0.5)) {
		/* also NaN: nothing better to say than "soon" */
		snprintf(buf, cap, "less than 1s left");
		return;
	}
	/* rounded, not truncated: 59.6 s left is 1m 00s; a year caps it */
	r = s < PK_PROGRESS_LEFT_MAX_S ? llround(s) : PK_PROGRESS_LEFT_MAX_S;
	if (r >= 3600) {
		snprintf(buf, cap, "about %lldh %02lldm %02llds left", r / 3600,
			 r / 60 % 60, r % 60);
	} else {
		snprintf(buf, cap, "about %lldm %02llds left", r / 60, r % 60);
	}
}

size_t progress_fit(char *line, size_t cols)
{
	size_t n = strlen(line);

	/* one column kept free: a full row leaves some terminals' cursor
	   on the next row, where \r no longer reaches the line */
	if (cols == 0) {
		cols = PK_PROGRESS_COLS;
	}
	if (n > cols - 1) {
		n = cols - 1;
		line[n] = '\0';
	}
	return n;
}

double progress_fraction(int64_t done_ms, int64_t total_ms, uint64_t ops,
			 double planned_ops)
{
	double f;

	if (planned_ops > 0) {
		f = (double)ops / planned_ops;
	} else if (total_ms > 0) {
		f = (double)done_ms / (double)total_ms;
	} else {
		return 1.0;
	}
	/* while the stream is sent the run is not done, whatever the
	   estimate says */
	return f < 0 ? 0 : f < 0.999 ? f : 0.999;
}

/* The terminal's width in columns (TIOCGWINSZ), PK_PROGRESS_COLS when it
   does not say */
static size_t term_cols(FILE *out)
{
	struct winsize ws;

	if (ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
		return ws.ws_col;
	}
	return PK_PROGRESS_COLS;
}

/* Draw line at the start of the row, cut to the terminal's width */
static void draw(struct pk_progress *p, char *line)
{
	progress_fit(line, term_cols(p->out));
	/* \r and erase-to-end-of-line: one line, redrawn in place */
	fprintf(p->out, "\r%s\033[K", line);
	fflush(p->out);
	p->shown = 1;
}

void progress_update(void *ctx, int64_t done_ms, int64_t total_ms, uint64_t ops,
		     enum pk_sim_stage stage)
{
	struct pk_progress *p = ctx;
	int64_t t = now_ns(), wall;
	char done[32], total[32], left[48] = "", line[256];
	double f, rate;

	if (!p->out || t - p->start_ns < p->after_ns ||
	    (p->last_ns && t - p->last_ns < p->every_ns)) {
		return;
	}
	p->last_ns = t;
	wall = t - p->start_ns;
	rate = wall > 0 ? (double)ops * PK_NS_PER_S / (double)wall : 0;
	if (stage != PK_SIM_STREAM && done_ms >= total_ms) {
		/* past the phases' end: no share of a total to show */
		clock_text(done_ms, done, sizeof(done));
		clock_text(total_ms, total, sizeof(total));
		snprintf(line, sizeof(line),
			 "pksim: simulated %s (end %s), %s, %.1f M ops/s", done,
			 total,
			 stage == PK_SIM_DRAIN_WAITING ? "draining waiting ops"
						       : "draining retries",
			 rate / 1e6);
		draw(p, line);
		return;
	}
	if (done_ms > total_ms) {
		done_ms = total_ms;
	}
	f = progress_fraction(done_ms, total_ms, ops, p->planned_ops);
	if (f > 0) {
		double s = (double)wall / PK_NS_PER_S * (1.0 - f) / f;

		left[0] = ',';
		left[1] = ' ';
		progress_left_text(s, left + 2, sizeof(left) - 2);
	}
	clock_text(done_ms, done, sizeof(done));
	clock_text(total_ms, total, sizeof(total));
	/* floored: 99.5 % is not yet 100 % */
	snprintf(line, sizeof(line),
		 "pksim: simulated %s of %s (%.0f%%), %.1f M ops/s%s", done,
		 total, floor(100.0 * f), rate / 1e6, left);
	draw(p, line);
}

void progress_end(struct pk_progress *p)
{
	if (p->out && p->shown) {
		fputs("\r\033[K", p->out);
		fflush(p->out);
	}
}

void progress_remedies_start(struct pk_progress *p, size_t variants,
			     size_t max_replays)
{
	p->remedies_ns = now_ns();
	if (!p->out || variants == 0) {
		return;
	}
	fprintf(p->out,
		"pksim: replaying the remedies of %zu variant%s with 429s or a "
		"merge candidate (at most %zu replays, each as long as the "
		"run); --no-remedies "
		"skips them\n",
		variants, variants == 1 ? "" : "s", max_replays);
	fflush(p->out);
}

void progress_remedies_end(struct pk_progress *p, size_t replays,
			   const char *not_replayed)
{
	int64_t end = now_ns();
	double all = (double)(end - p->start_ns);
	double took = (double)(end - p->remedies_ns);

	if (p->out && not_replayed) {
		fprintf(p->out, "pksim: remedies %s\n", not_replayed);
		fflush(p->out);
	}
	if (!p->out || replays == 0) {
		return;
	}
	fprintf(p->out,
		"pksim: the remedies' %zu replay%s took %.1f s, %.0f%% of the "
		"wall time\n",
		replays, replays == 1 ? "" : "s", took / (double)PK_NS_PER_S,
		all > 0 ? 100.0 * took / all : 0.0);
	fflush(p->out);
}
