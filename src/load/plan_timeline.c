/*
 * plan_timeline: the lines of the text report's timeline (report_text_time.c,
 * text_timeline) a run can print, for the memory estimate: the report is
 * rendered into memory before it is written, so its lines are held.
 */
#include "loader.h"

#include <math.h>

/* The timeline's buckets are the shortest of its steps that holds the
   run's busy seconds in about this many rows (report_text_time.c,
   PK_TEXT_TIMELINE_ROWS), 5 s at the shortest (its first step), 60 s
   when the run keeps per-minute records only (past a day) */
#define LD_TIMELINE_ROWS 60.0
#define LD_TIMELINE_MIN_BUCKET_S 5.0
#define LD_TIMELINE_MINUTE_S 60.0

/*
 * A variant's timeline has a row for each bucket of b seconds with a
 * busy record (a second's, or a minute's past a day, with a request),
 * an idle stretch's line or one idle bucket's row between two of them,
 * and one at the end: at most 2 x busy + 1 lines. Its buckets are
 * consecutive from 0 to the run's end, so busy <= ceil(end / b), b at
 * least 5 s (60 with minutes only). With A the seconds the busy records
 * span (1 at least each), busy <= A, and b is at least A / 60
 * (bucket_s: the first step with A <= 60 x step, past the last
 * ceil(A / 60)), so busy <= 60 x end / A + 1: the smaller of the two is
 * at most sqrt(60 x end) + 1, whatever A. And busy <= attempts: a busy
 * record has a request. end_s: the run's end, s; minutes: 1 when the
 * run keeps per-minute records only.
 */
double ld_timeline_lines(double attempts, double end_s, int minutes)
{
	double end = fmax(end_s, 0);
	double b = minutes ? LD_TIMELINE_MINUTE_S : LD_TIMELINE_MIN_BUCKET_S;
	double busy = fmin(fmin(attempts, ceil(end / b)),
			   floor(sqrt(LD_TIMELINE_ROWS * end)) + 1);

	return 2 * fmax(busy, 0) + 1;
}
