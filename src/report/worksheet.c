/*
 * worksheet: a lesson's handout and solutions in Markdown or HTML
 * (worksheet.h).
 */
#include "pksim/report/worksheet.h"

#include <inttypes.h>
#include <string.h>

#include "pksim/report/heatsvg.h"
#include "pksim/report/report_md.h"

/* The title: the lesson's `title:`, else the file's base name less
   ".yaml". Written escaped by esc. */
static void title(const struct pk_worksheet *w,
		  void (*esc)(const char *, FILE *), FILE *out)
{
	const char *file =
	    w->sc->lesson_file ? w->sc->lesson_file : w->sc->file;
	const char *base = strrchr(file, '/');
	char name[256];
	size_t len;

	if (w->sc->lesson->title) {
		esc(w->sc->lesson->title, out);
		return;
	}
	base = base ? base + 1 : file;
	len = strlen(base);
	if (len > 5 && strcmp(base + len - 5, ".yaml") == 0) {
		len -= 5;
	}
	if (len >= sizeof(name)) {
		len = sizeof(name) - 1;
	}
	memcpy(name, base, len);
	name[len] = '\0';
	esc(name, out);
}

/* The command to run, escaped by esc: compare for variants, else run;
   --narrate, as a class follows the events while the run reaches them
   (docs/teaching.md). */
static void command(const struct pk_worksheet *w,
		    void (*esc)(const char *, FILE *), FILE *out)
{
	fputs(w->sc->n_variants > 1 ? "pksim compare " : "pksim run ", out);
	esc(w->path, out);
	fputs(" --narrate", out);
	if (w->seed != w->sc->seed) {
		fprintf(out, " --seed %" PRIu64, w->seed);
	}
}

static void verbatim(const char *s, FILE *out)
{
	fputs(s, out);
}

/* How a format writes what the handout and the solutions share: the
   questions (with an answer or room for one) and the claims' rows. */
struct markup {
	void (*esc)(const char *s, FILE *out); /* text, escaped */
	const char *q_open;  /* before question N (a %zu: N, or none) */
	const char *q_close; /* after the question */
	const char *a_open;  /* before its answer (solutions) */
	const char *a_close; /* after the answer */
	const char *space;   /* room for the student's (worksheet) */
	const char *q_end;   /* after the question's answer or room */
	const char *row;     /* a claim's row: before its first cell */
	const char *cell;    /* between cells */
	const char *end;     /* after the last cell (a %s: holds) */
	const char *no;	     /* holds: "no", marked */
};

/* Each question of w's lesson, with its answer when w is the
   solutions, else room for one. */
static void questions(const struct pk_worksheet *w, const struct markup *m,
		      FILE *out)
{
	const struct pk_lesson *l = w->sc->lesson;
	size_t i;

	for (i = 0; i < l->n_questions; i++) {
		fprintf(out, m->q_open, i + 1);
		m->esc(l->questions[i].question, out);
		fputs(m->q_close, out);
		if (w->outcomes) {
			fputs(m->a_open, out);
			m->esc(l->questions[i].answer, out);
			fputs(m->a_close, out);
		} else {
			fputs(m->space, out);
		}
		fputs(m->q_end, out);
	}
}

/* A row for each claim of the solutions: measure, variant, expected,
   measured and whether it holds. */
static void claim_rows(const struct pk_worksheet *w, const struct markup *m,
		       FILE *out)
{
	size_t i;

	for (i = 0; i < w->n_outcomes; i++) {
		const struct pk_expect_outcome *o = &w->outcomes[i];

		fputs(m->row, out);
		m->esc(o->e->measure, out);
		fputs(m->cell, out);
		m->esc(o->variant ? o->variant : "-", out);
		fputs(m->cell, out);
		m->esc(o->expected, out);
		fputs(m->cell, out);
		m->esc(o->skipped ? "not run" : o->actual, out);
		fprintf(out, m->end,
			o->skipped ? "-"
			: o->pass  ? "yes"
				   : m->no);
	}
}

/* ---- Markdown ---- */

static const struct markup md = {
    report_md_text,
    "\n%zu. ",
    "",
    "\n\n   **Answer:** ",
    "\n",
    "\n\n   Your answer: ________________________________________\n",
    "",
    "| ",
    " | ",
    " | %s |\n",
    "**no**",
};

static void md_claims(const struct pk_worksheet *w, FILE *out)
{
	fprintf(out,
		"\n## What the run produced (random seed %" PRIu64
		", `--seed`)\n\n"
		"Each claim of the lesson and its scenario (`expect:`), "
		"with the value this run measured.\n\n"
		"| claim | variant | expected | measured | holds |\n"
		"| --- | --- | --- | --- | --- |\n",
		w->seed);
	claim_rows(w, &md, out);
}

static void markdown(const struct pk_worksheet *w, FILE *out)
{
	const struct pk_lesson *l = w->sc->lesson;

	fputs("# ", out);
	title(w, report_md_text, out);
	fputs(w->outcomes ? ": solutions\n\n" : ": worksheet\n\n", out);
	fputs("## Goal\n\n", out);
	report_md_text(l->goal, out);
	fputs("\n\n## What to run\n\n```sh\n", out);
	command(w, verbatim, out);
	fputs("\n```\n\n## What to look at\n\n", out);
	report_md_text(l->look_at, out);
	fputs("\n\n## Questions\n", out);
	questions(w, &md, out);
	if (w->outcomes) {
		md_claims(w, out);
	}
}

/* ---- HTML ---- */

static const char css[] =
    ":root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--mute:#555;"
    "--rule:#ccc}\n"
    "@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--bg:#15171a;"
    "--mute:#aaa;--rule:#444}}\n"
    "body{font:15px/1.45 system-ui,sans-serif;color:var(--fg);"
    "background:var(--bg);margin:1.5em auto;max-width:50em;"
    "padding:0 1em}\n"
    "h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid "
    "var(--rule);padding-bottom:.2em;margin-top:1.6em}\n"
    "pre{padding:.5em;border:1px solid var(--rule);overflow-x:auto}\n"
    "li{margin:.6em 0}.space{border:1px solid var(--rule);height:6em;"
    "margin-top:.4em}\n"
    "table{border-collapse:collapse}td,th{padding:.15em .6em;"
    "border-bottom:1px solid var(--rule);text-align:left}\n"
    "@media print{body{max-width:none;color:#000;background:#fff}"
    "li{break-inside:avoid}}\n";

static const struct markup html_markup = {
    heatsvg_text, "<li><p class=\"question\">",
    "</p>",	  "<p class=\"answer\"><b>Answer:</b> ",
    "</p>",	  "<div class=\"space\"></div>",
    "</li>\n",	  "<tr><td>",
    "</td><td>",  "</td><td>%s</td></tr>\n",
    "<b>no</b>",
};

static void html_claims(const struct pk_worksheet *w, FILE *out)
{
	fprintf(
	    out,
	    "<section id=\"figures\"><h2>What the run produced (random seed "
	    "%" PRIu64
	    ", <code>--seed</code>)</h2>\n<p>Each claim of the lesson and its "
	    "scenario (<code>expect:</code>), with the value this run "
	    "measured.</p>\n<table><tr><th>claim</th><th>variant</th>"
	    "<th>expected</th><th>measured</th><th>holds</th></tr>\n",
	    w->seed);
	claim_rows(w, &html_markup, out);
	fputs("</table></section>\n", out);
}

static void html(const struct pk_worksheet *w, FILE *out)
{
	const struct pk_lesson *l = w->sc->lesson;
	const char *kind = w->outcomes ? "solutions" : "worksheet";

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta "
	      "charset=\"utf-8\">\n<meta name=\"viewport\" "
	      "content=\"width=device-width,initial-scale=1\">\n<title>",
	      out);
	title(w, heatsvg_text, out);
	fprintf(out, ": %s</title>\n<style>\n%s</style>\n</head><body>\n<h1>",
		kind, css);
	title(w, heatsvg_text, out);
	fprintf(out, ": %s</h1>\n<section id=\"goal\"><h2>Goal</h2>\n<p>",
		kind);
	heatsvg_text(l->goal, out);
	fputs("</p></section>\n<section id=\"run\"><h2>What to run</h2>\n"
	      "<pre><code>",
	      out);
	command(w, heatsvg_text, out);
	fputs("</code></pre></section>\n<section id=\"look\"><h2>What to "
	      "look at</h2>\n<p>",
	      out);
	heatsvg_text(l->look_at, out);
	fputs("</p></section>\n<section id=\"questions\"><h2>Questions</h2>"
	      "\n<ol>\n",
	      out);
	questions(w, &html_markup, out);
	fputs("</ol></section>\n", out);
	if (w->outcomes) {
		html_claims(w, out);
	}
	fputs("</body></html>\n", out);
}

int worksheet_write(const struct pk_worksheet *w,
		    enum pk_worksheet_format format, FILE *out)
{
	if (format == PK_WORKSHEET_HTML) {
		html(w, out);
	} else {
		markdown(w, out);
	}
	return ferror(out) ? -1 : 0;
}
