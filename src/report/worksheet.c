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

/* ---- Markdown ---- */

static void md_claims(const struct pk_worksheet *w, FILE *out)
{
	size_t i;

	fprintf(out,
		"\n## What the run produced (seed %" PRIu64 ")\n\n"
		"Each claim of the lesson and its scenario (`expect:`), "
		"with the value this run measured.\n\n"
		"| claim | variant | expected | measured | holds |\n"
		"| --- | --- | --- | --- | --- |\n",
		w->seed);
	for (i = 0; i < w->n_outcomes; i++) {
		const struct pk_expect_outcome *o = &w->outcomes[i];

		fputs("| ", out);
		report_md_text(o->e->measure, out);
		fputs(" | ", out);
		report_md_text(o->variant ? o->variant : "-", out);
		fputs(" | ", out);
		report_md_text(o->expected, out);
		fputs(" | ", out);
		report_md_text(o->skipped ? "not run" : o->actual, out);
		fprintf(out, " | %s |\n",
			o->skipped ? "-"
			: o->pass  ? "yes"
				   : "**no**");
	}
}

static void markdown(const struct pk_worksheet *w, FILE *out)
{
	const struct pk_lesson *l = w->sc->lesson;
	size_t i;

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
	for (i = 0; i < l->n_questions; i++) {
		fprintf(out, "\n%zu. ", i + 1);
		report_md_text(l->questions[i].question, out);
		if (w->outcomes) {
			fputs("\n\n   **Answer:** ", out);
			report_md_text(l->questions[i].answer, out);
			fputc('\n', out);
		} else {
			fputs("\n\n   Your answer: "
			      "________________________________________\n",
			      out);
		}
	}
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

static void html_claims(const struct pk_worksheet *w, FILE *out)
{
	size_t i;

	fprintf(out,
		"<section id=\"figures\"><h2>What the run produced (seed "
		"%" PRIu64 ")</h2>\n<p>Each claim of the lesson and its "
		"scenario (<code>expect:</code>), with the value this run "
		"measured.</p>\n<table><tr><th>claim</th><th>variant</th>"
		"<th>expected</th><th>measured</th><th>holds</th></tr>\n",
		w->seed);
	for (i = 0; i < w->n_outcomes; i++) {
		const struct pk_expect_outcome *o = &w->outcomes[i];

		fputs("<tr><td>", out);
		heatsvg_text(o->e->measure, out);
		fputs("</td><td>", out);
		heatsvg_text(o->variant ? o->variant : "-", out);
		fputs("</td><td>", out);
		heatsvg_text(o->expected, out);
		fputs("</td><td>", out);
		heatsvg_text(o->skipped ? "not run" : o->actual, out);
		fprintf(out, "</td><td>%s</td></tr>\n",
			o->skipped ? "-"
			: o->pass  ? "yes"
				   : "<b>no</b>");
	}
	fputs("</table></section>\n", out);
}

static void html(const struct pk_worksheet *w, FILE *out)
{
	const struct pk_lesson *l = w->sc->lesson;
	const char *kind = w->outcomes ? "solutions" : "worksheet";
	size_t i;

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
	for (i = 0; i < l->n_questions; i++) {
		fputs("<li><p class=\"question\">", out);
		heatsvg_text(l->questions[i].question, out);
		fputs("</p>", out);
		if (w->outcomes) {
			fputs("<p class=\"answer\"><b>Answer:</b> ", out);
			heatsvg_text(l->questions[i].answer, out);
			fputs("</p>", out);
		} else {
			fputs("<div class=\"space\"></div>", out);
		}
		fputs("</li>\n", out);
	}
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
