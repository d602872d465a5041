/*
 * help: usage texts and option errors (see help.h). One text per
 * subcommand, each with its usage, options, an example and the exit
 * statuses; the overview lists the commands.
 */
#include "pksim/cli/help.h"

#include <stdio.h>
#include <string.h>

#include "pksim/base/suggest.h"
#include "pksim/cli/cli.h"

/* Longest option as typed that an error message quotes in full. */
#define PK_HELP_MAX_OPTION 64

#define PK_HELP_EXIT_3                                                         \
	"  3  the run finished but an `expect:` assertion of the scenario\n"   \
	"     failed (each is listed on stderr with expected and actual)\n"

#define PK_HELP_EXIT                                                           \
	"exit status:\n"                                                       \
	"  0  success\n"                                                       \
	"  1  environment failure: a file exists but cannot be read, the\n"    \
	"     report cannot be written, out of memory\n"                       \
	"  2  bad input or usage: the scenario, a data file, an item or an\n"  \
	"     option is wrong (a missing file included); the message says\n"   \
	"     FILE:LINE:COL and what is allowed\n" PK_HELP_EXIT_3

#define PK_HELP_EXIT_012                                                       \
	"exit status:\n"                                                       \
	"  0  success\n"                                                       \
	"  1  environment failure: a file exists but cannot be read, the\n"    \
	"     report cannot be written, out of memory\n"                       \
	"  2  bad input or usage: the plan or an option is wrong (a missing\n" \
	"     file included); the message says FILE:LINE:COL and what is\n"    \
	"     allowed\n"

static const char overview_text[] =
    "usage: pksim run SCENARIO.yaml\n"
    "                 [--format "
    "text|json|csv|streams-csv|money-csv|markdown|html]\n"
    "                 [--seed N] [-o FILE]\n"
    "       pksim compare SCENARIO.yaml [--key K]... [options of run]\n"
    "       pksim compare --items FILE (--time-field F | --rate R |\n"
    "                     --at-once) --key K [--key K]... [options]\n"
    "       pksim locate SCENARIO.yaml [ITEM_JSON...]\n"
    "       pksim epk [--version 1|2] [--multihash] JSON_ARRAY\n"
    "       pksim plan PLAN.yaml [--format text|json|markdown] "
    "[--scenario] [-o FILE]\n"
    "       pksim check [SCENARIO.yaml...]\n"
    "       pksim lesson LESSON.yaml --worksheet|--solutions\n"
    "                    [--format markdown|html] [-o FILE]\n"
    "       pksim merge REPORT.json... [-o FILE]\n"
    "       pksim help [COMMAND] | COMMAND --help | --version\n"
    "\n"
    "Replays the scenario's workload against a simulated Azure Cosmos DB\n"
    "container and reports what the partition key did: physical\n"
    "partitions, hot logical partitions, 429 rate limiting, splits.\n"
    "With service: dynamodb it replays them on an Amazon DynamoDB table\n"
    "(table: partition_key, sort_key, capacity: provisioned with\n"
    "read_capacity_units and write_capacity_units, or on_demand) and\n"
    "reports in DynamoDB's units: docs/dynamodb.md.\n"
    "\n"
    "commands:\n"
    "  run      replay a scenario and report on it\n"
    "  compare  replay one workload under several partition keys and\n"
    "           rank them\n"
    "  locate   where items go: key value, EPK, partition key range\n"
    "  epk      the effective partition key of a key value\n"
    "  plan     storage, re-sync time, hot-partition shares and tipping\n"
    "           points from a few numbers, without a simulation\n"
    "  check    run scenarios and check their expect: assertions\n"
    "  lesson   a lesson's student worksheet, or its solutions with\n"
    "           the figures of a run\n"
    "  merge    the JSON reports of a sweep's compares (one variant\n"
    "           each) as one compare's report, ranked again\n"
    "  help     this text, or 'pksim help COMMAND' for one command\n"
    "\n"
    "'pksim COMMAND --help' prints a command's options and an example.\n"
    "The scenario format: pksim-scenario(5), or scenarios/README.md.\n"
    "\n" PK_HELP_EXIT;

static const char run_text[] =
    "usage: pksim run SCENARIO.yaml\n"
    "                 [--format "
    "text|json|csv|streams-csv|money-csv|markdown|html]\n"
    "                 [--seed N] [--wide] [--width N] [--quiet] [--jobs N]\n"
    "                 [--no-remedies] [--prices FILE] [--explain] [-o FILE]\n"
    "                 [--estimate]\n"
    "\n"
    "Replays the scenario's workload against a simulated container (each\n"
    "of its variants in turn) and reports the physical partitions, the\n"
    "hottest logical partitions, 429s, throughput changes and splits.\n"
    "The same scenario and seed give byte-identical output.\n"
    "\n"
    "options:\n"
    "  --format FORMAT  text (default, for a terminal), json (the whole\n"
    "                   result), csv (the per-second series per\n"
    "                   variant and partition key range), streams-csv\n"
    "                   (per stream and operation kind, for a scenario\n"
    "                   with streams), money-csv (each variant's bill,\n"
    "                   one row a line, with its price rows), markdown\n"
    "                   (assumptions, scorecard table, ranking with its\n"
    "                   reasons, findings: for a design review), or html\n"
    "                   (one self-contained page with the range x time\n"
    "                   heat map; no network needed)\n"
    "  --bands B        html heat map bands: share (default; height by\n"
    "                   hash-space share) or equal\n"
    "  --color WHEN     colour the text report's heat strip: auto\n"
    "                   (default: when standard output is a terminal and\n"
    "                   NO_COLOR is unset), always or never\n"
    "  --seed N         replace the scenario's seed (unsigned 64-bit)\n"
    "  --wide           text: EPK ranges whole, not cut to the digits\n"
    "                   that tell them apart (keys are never cut)\n"
    "  --width N        text: fit N columns (40 to 1000; 0: no limit):\n"
    "                   long lines break at spaces, never inside a\n"
    "                   number or a key; the heat strip takes more\n"
    "                   seconds a column, the remedies' table stacks\n"
    "                   its rows; default: the terminal's width\n"
    "                   when standard output is one, else no limit\n"
    "  -o, --output F   write the report to F, whole or not at all\n"
    "                   (through a temporary file and a rename); '-' is\n"
    "                   standard output; without --format, F's .json,\n"
    "                   .csv, .html (.htm) or .md picks the format, and\n"
    "                   with one naming another format F is refused\n"
    "  --force          let -o replace a read-only file (never one the\n"
    "                   run reads: the scenario or its data files)\n"
    "  --quiet          no progress line (a run over ~2 s shows one on\n"
    "                   standard error when that is a terminal)\n"
    "  --jobs N         threads (default: variants 1, remedy replays\n"
    "                   the cores); the output is the same for any N\n"
    "  --no-remedies    skip the remedies: the RU/s that stop a\n"
    "                   variant's 429s, found by replays of its stream\n"
    "  --estimate       run nothing: print the memory estimate by part\n"
    "                   and the work units, each beside the limit pksim\n"
    "                   refuses a run above (--format json: an object;\n"
    "                   text otherwise, so -o .csv/.html/.md is refused);\n"
    "                   it reads a data file whole (its keys are counted)\n"
    "  --prices FILE    price the run with this price table (a region:\n"
    "                   pricing: in the scenario; docs/money.md)\n"
    "  --explain        name each price row's source\n"
    "  --allow-undefined-key\n"
    "                   study items without the key's property on\n"
    "                   purpose (the undefined logical partition); by\n"
    "                   default a key that no item has is an error\n"
    "  --narrate        while the run proceeds, tell its events on\n"
    "                   stderr, one sentence each in simulated-time\n"
    "                   order (429s, 100 % normalized RU, hot\n"
    "                   partitions, splits, throughput changes, full\n"
    "                   logical partitions, the retry queue drained);\n"
    "                   stdout and -o reports are unchanged\n"
    "  --step           --narrate, the simulation waiting for Enter at\n"
    "                   each event (a terminal only)\n"
    "  -h, --help       this text\n"
    "\n"
    "A scenario's expect: assertions are checked after the report: a\n"
    "failing one is listed on stderr and the exit status is 3.\n"
    "\n"
    "example:\n"
    "  pksim run scenarios/iot-by-day.yaml --format csv -o series.csv\n"
    "  pksim run scenarios/iot-by-day.yaml --format html -o report.html\n"
    "\n" PK_HELP_EXIT;

static const char compare_text[] =
    "usage: pksim compare SCENARIO.yaml [--key K]... [--format F] "
    "[--seed N] [-o FILE]\n"
    "       pksim compare --items FILE (--time-field F "
    "[--time-compression X] |\n"
    "                     --rate R | --at-once) --key K [--key K]...\n"
    "                     [--throughput N] [--partitions N\n"
    "                     [--storage-per-partition SIZE]]\n"
    "                     [--items-format F] [options]\n"
    "\n"
    "Replays one operation stream through every variant of the scenario\n"
    "and each --key, prints a scorecard per variant and ranks them\n"
    "by the share of operations failed or refused (within 0.1\n"
    "percentage point), then 429s per operation (rates both under 1% of\n"
    "operations tie, as healthy; else within 1% of the larger), then the\n"
    "cost a month (within 1% of the larger; a variant without a price\n"
    "never wins or loses on cost), then RU of the operations (within 1% of\n"
    "the larger), then the hottest range's share of RU, then the hottest\n"
    "logical partition's, then peak normalized RU (each within 1\n"
    "percentage point; the hottest range's share and the peak also\n"
    "within twice the spread that hashing the logical partitions onto\n"
    "the ranges alone gives); variants within every tolerance share a\n"
    "rank (=2), in name order. RU of the operations: every first attempt's\n"
    "charge (queries that fan out cost more). Cost a month: the workload\n"
    "for 720 h, what clock hours bill per hour billed x 720 plus what\n"
    "consumption bills (serverless RU, on demand) per second run x\n"
    "2,592,000, or every variant's weekly schedule's week x 30/7, with\n"
    "`pricing:` or --prices (docs/money.md).\n"
    "\n"
    "options:\n"
    "  --key K          add a variant keyed by K: /path, '[/a, /b]' or\n"
    "                   '/a,/b' (hierarchical), '{a}-{b}' (synthetic);\n"
    "                   at most 16\n"
    "  --items FILE     items from a data file (JSON array, JSON lines,\n"
    "                   CSV with a header) instead of a scenario\n"
    "  --items-format F auto (default), json, jsonl or csv\n"
    "  --time-field F   records arrive at this field's time (epoch\n"
    "                   seconds or ISO 8601) ...\n"
    "  --time-compression X\n"
    "                   ... with the time between records divided by X\n"
    "                   (0.001 to 1e9; default 1); time to live stays in\n"
    "                   the data's own time\n"
    "  --rate R         ... or R records a second in file order (1000,\n"
    "                   1000/s, 60/m, 10/h)\n"
    "  --at-once        ... or all at t = 0\n"
    "  --query Q        with --items: a query the workload sends among\n"
    "                   the records, Q = PROP[,PROP...][@SHARE]: an\n"
    "                   equality filter on each property (values of a\n"
    "                   record already sent), SHARE of all operations\n"
    "                   (20% or 0.2; without it the queries split 50%);\n"
    "                   routed under each key (single partition,\n"
    "                   targeted, fan-out) and its RU counted; at most 16\n"
    "  --seeds N        replay N seeds (2 to 100, from --seed on): each\n"
    "                   ranking figure as median [min-max]; variants\n"
    "                   whose ranges overlap on a figure tie on it (text\n"
    "                   and markdown); the remedies are the first seed's\n"
    "                   run's, the one the verdicts are of\n"
    "  --throughput N   RU/s of the container for --items, 400 to\n"
    "                   1,000,000 (default 10,000)\n"
    "  --partitions N   with --items: the container exists with N\n"
    "                   physical partitions (1 to 10,000, as the\n"
    "                   portal's metrics show them), so --throughput\n"
    "                   applies to them (at most N x 10,000: instant,\n"
    "                   rule 5) instead of laying out a new container\n"
    "                   (one partition per 6,000 RU/s, rule 2)\n"
    "  --storage-per-partition SIZE\n"
    "                   with --partitions: the data each one stores now\n"
    "                   (20GB; at most 50GB), which counts in splits\n"
    "                   and the minimum RU/s\n"
    "  --format FORMAT  text (default), json, csv, markdown or html, as\n"
    "                   for run (html: the heat maps side by side; -o's\n"
    "                   extension picks it as for run)\n"
    "  --bands B        share (default) or equal, as for run\n"
    "  --color WHEN     colour the heat strips after the ranking: auto\n"
    "                   (default), always or never, as for run\n"
    "  --width N        text: fit N columns, as for run; the table's\n"
    "                   cells are never cut: its variants go in blocks\n"
    "                   that fit, the row labels repeated\n"
    "  --variant NAME   run only the variant NAME (among the scenario's\n"
    "                   and those --key adds: a --key variant not named\n"
    "                   is not run); again for more, run\n"
    "                   in the scenario's order (a sweep: a process per\n"
    "                   batch, merged by pksim merge);\n"
    "                   with it, or with --key, the scenario's expect:\n"
    "                   is not checked (it speaks of its own variants)\n"
    "  --narrate        the run's events on stderr as it proceeds, as\n"
    "                   for run (the variants in one thread)\n"
    "  --step           --narrate, waiting for Enter (a terminal only)\n"
    "  --seed N         replace the scenario's seed\n"
    "  -o, --output F   write the report to F, whole or not at all\n"
    "  --force          let -o replace a read-only file, as for run\n"
    "  --jobs N         threads for the variants and the remedy replays\n"
    "                   (default: the number of cores); the output is\n"
    "                   the same for any N\n"
    "  --no-remedies    replay no remedy: by default a variant with 429s\n"
    "                   gets its remedies (the RU/s that stop the 429s on\n"
    "                   the existing layout, and with splits; the\n"
    "                   autoscale max that does, with its bill), each found\n"
    "                   by replays of the same operation stream and\n"
    "                   printed with what the replays measured; without\n"
    "                   a 429, only a merge the findings name\n"
    "  --estimate       run nothing: the memory estimate and work units\n"
    "                   beside their limits, as for run (reading a data\n"
    "                   file whole)\n"
    "  --prices FILE    price each variant with this price table (the\n"
    "                   region: pricing: in the scenario, so not with\n"
    "                   --items; docs/money.md)\n"
    "  --explain        name each price row's source\n"
    "  --rank-by LIST   rank by these figures first, in this order, then\n"
    "                   the others in the order above, each within its\n"
    "                   tolerance: failed, 429, cost, ru, range, lp,\n"
    "                   peak, separated by commas (e.g. cost,failed,429\n"
    "                   for a team that weighs the bill first)\n"

    "  --quiet          no progress line (a run over ~2 s shows one on\n"
    "                   standard error when that is a terminal)\n"
    "  --allow-undefined-key\n"
    "                   study items without the key's property on\n"
    "                   purpose (the undefined logical partition); by\n"
    "                   default a key that no item has is an error\n"
    "  -h, --help       this text\n"
    "\n"
    "examples:\n"
    "  pksim compare scenarios/compare-iot.yaml\n"
    "  pksim compare --items data.json --time-field ts --key /device \\\n"
    "      --key '{day(ts)}'\n"
    "  pksim compare --items tx.json --at-once --key /id \\\n"
    "      --key /costCenter --query costCenter\n"
    "  pksim compare --items tx.json --rate 1000 --key /costCenter \\\n"
    "      --throughput 50000 --partitions 5\n"
    "  pksim compare scenarios/compare-iot.yaml --variant date "
    "--format json\n"
    "\n" PK_HELP_EXIT;

static const char locate_text[] =
    "usage: pksim locate SCENARIO.yaml [--allow-undefined-key] "
    "[ITEM_JSON...]\n"
    "\n"
    "Prints, for each item (JSON objects as arguments, or one per line\n"
    "on standard input when there are none) and each container variant\n"
    "of the scenario, the partition key value the key definition builds,\n"
    "its EPK, and the partition key range it lands in at the start of\n"
    "the run. An item without a property the key reads is an error.\n"
    "A DynamoDB table is not located (its hash is not published): a\n"
    "table variant says so; a scenario of tables only is refused.\n"
    "\n"
    "options:\n"
    "  --allow-undefined-key\n"
    "                   study items without the key's property on\n"
    "                   purpose (the undefined logical partition); by\n"
    "                   default a key that no item has is an error\n"
    "  -h, --help       this text\n"
    "\n"
    "example:\n"
    "  pksim locate scenarios/offices.yaml '{\"officeId\": \"paris\"}'\n"
    "\n" PK_HELP_EXIT;

static const char epk_text[] =
    "usage: pksim epk [--version 1|2] [--multihash] JSON_ARRAY\n"
    "\n"
    "Prints the effective partition key (EPK) of the key whose components\n"
    "are JSON_ARRAY, in uppercase hex on one line, as the SDKs compute it.\n"
    "Components are strings, numbers (hashed as IEEE-754 doubles), true,\n"
    "false, null, and {} for undefined; [] is the empty key (the minimum\n"
    "EPK, an empty line).\n"
    "\n"
    "options:\n"
    "  --version N      hash version 1 or 2 (default 2)\n"
    "  --multihash      hierarchical key, 1 to 3 levels, or 4 when the "
    "last is the\n"
    "                   item's id (rule 33; version 2 only)\n"
    "  -h, --help       this text\n"
    "\n"
    "example:\n"
    "  pksim epk '[\"redmond\"]'\n"
    "  22E342F38A486A088463DFF7838A5963\n"
    "\n" PK_HELP_EXIT;

static const char plan_text[] =
    "usage: pksim plan PLAN.yaml [--format text|json|markdown] "
    "[--scenario] [-o FILE]\n"
    "\n"
    "The back-of-envelope estimate of seed 002 (\"Estimating cost\"),\n"
    "without a simulation: from the entities a year per key value, the\n"
    "item size, index factor, writes per entity, RU per write, years,\n"
    "the RU/s maximum and the working days, it prints per value the\n"
    "storage after N years, the largest month and a one-year re-sync in\n"
    "RU and in seconds at its physical partition's share of the maximum; per "
    "candidate key the share of the\n"
    "current writes on the hottest logical partition; and the tipping\n"
    "points (writes/s at 10,000 RU/s per logical partition, items in\n"
    "20 GB, writes and RU on a working day). MB and GB are binary.\n"
    "The plan format: docs/plan-format.md.\n"
    "\n"
    "options:\n"
    "  --format FORMAT  text (default), json or markdown\n"
    "  --scenario       write a scenario instead, for 'pksim run' or\n"
    "                   'pksim compare': the plan's one-year re-sync at\n"
    "                   the maximum, one variant per candidate key\n"
    "  -o, --output F   write to F, whole or not at all; '-' is\n"
    "                   standard output; without --format, F's .json or\n"
    "                   .md picks the format (another report extension\n"
    "                   is refused)\n"
    "  --force          let -o replace a read-only file (never an input)\n"
    "  -h, --help       this text\n"
    "\n"
    "examples:\n"
    "  pksim plan scenarios/plans/offices.plan.yaml\n"
    "  pksim plan scenarios/plans/offices.plan.yaml --scenario -o r.yaml\n"
    "\n" PK_HELP_EXIT_012;

static const char check_text[] =
    "usage: pksim check [SCENARIO.yaml...]\n"
    "\n"
    "Runs each scenario (by default every shipped one: *.yaml of\n"
    "BINDIR/../share/pksim/scenarios beside an installed pksim, else of\n"
    "the source tree's scenarios/) and checks its expect: assertions:\n"
    "does each lesson still show what it says? Prints a table, one row\n"
    "per scenario (assertions, passed, failed, status: ok, FAIL, error\n"
    "or \"no expect:\"); each failing assertion goes to stderr as\n"
    "FILE:LINE:COL with its expected and actual value.\n"
    "\n"
    "options:\n"
    "  -h, --help       this text\n"
    "\n"
    "examples:\n"
    "  pksim check\n"
    "  pksim check scenarios/storage-split.yaml my-lesson.yaml\n"
    "\n" PK_HELP_EXIT;

static const char lesson_text[] =
    "usage: pksim lesson LESSON.yaml --worksheet|--solutions\n"
    "                    [--format markdown|html] [--seed N] [-o FILE]\n"
    "\n"
    "Writes a lesson's student handout (--worksheet): its goal, the\n"
    "command to run, what to look at and its questions with room for\n"
    "the answers, no answer given and nothing run; or its solutions\n"
    "(--solutions): the same with each answer, and every expect: claim\n"
    "of the lesson and its scenario with the value one run at the seed\n"
    "measured. A lesson is a scenario with a lesson: block\n"
    "(scenarios/lessons/, docs/teaching.md).\n"
    "\n"
    "options:\n"
    "  --worksheet      the student handout, without answers\n"
    "  --solutions      the answers and the figures of a run\n"
    "  --format FORMAT  markdown (default) or html (one page, printable)\n"
    "  --seed N         the run's seed (default: the scenario's); the\n"
    "                   command to run then names it\n"
    "  -o, --output F   write to F, whole or not at all; '-' is\n"
    "                   standard output; without --format, F's .html or\n"
    "                   .md picks the format (another report extension\n"
    "                   is refused)\n"
    "  --force          let -o replace a read-only file (never an input)\n"
    "  -h, --help       this text\n"
    "\n"
    "examples:\n"
    "  pksim lesson scenarios/lessons/01-partitioning-overview.yaml \\\n"
    "      --worksheet --format html -o lesson1.html\n"
    "  pksim lesson scenarios/lessons/02-choosing-a-key.yaml --solutions\n"
    "\n" PK_HELP_EXIT;

#define PK_HELP_EXIT_MERGE                                                     \
	"exit status:\n"                                                       \
	"  0  success\n"                                                       \
	"  1  environment failure: a report exists but cannot be read, the\n"  \
	"     merge cannot be written, out of memory\n"                        \
	"  2  bad input or usage: a file is missing, is not JSON or not a\n"   \
	"     compare's JSON report, the runs are of different workloads, a\n" \
	"     variant is given twice, no file, a report of more than 1 GiB\n"  \
	"     or reports of more than 1,431,655,765 bytes in all (merged in\n" \
	"     memory at about 6 bytes a byte, within 8 GiB)\n"

static const char merge_text[] =
    "usage: pksim merge REPORT.json... [-o FILE]\n"
    "\n"
    "A sweep's merge: the JSON reports of compares of one or a few\n"
    "variants each (pksim compare SCENARIO with its variant option, in\n"
    "json; see 'pksim compare --help'), run apart, e.g. with xargs -P,\n"
    "become the JSON report one compare of all their variants writes,\n"
    "byte for byte when the files are given in the scenario's variant\n"
    "order. Each variant's figures are its run's; the ranking (rank,\n"
    "tied, reason) is worked out again over every variant by compare's\n"
    "own code, and the duration is the longest run's. The runs must be of\n"
    "one workload: the same scenario name, seed and scenario.fingerprint\n"
    "(the same scenario file and workload options); each variant once.\n"
    "JSON only: the text report (its tables, heat strips and the streams\n"
    "line under the ranking) needs one compare of all the variants.\n"
    "\n"
    "options:\n"
    "  -o, --output F   write to F, whole or not at all; '-' is\n"
    "                   standard output\n"
    "  --force          let -o replace a read-only file (never an input)\n"
    "  -h, --help       this text\n"
    "\n"
    "example (README.md, \"Sweeps\", makes the four files):\n"
    "  pksim merge device.json date.json device-date.json \\\n"
    "      date-bucket.json -o compare.json\n"
    "\n" PK_HELP_EXIT_MERGE;

static const char help_text[] =
    "usage: pksim help [COMMAND]\n"
    "\n"
    "Prints the overview of pksim (its commands and exit statuses), or\n"
    "with COMMAND that command's usage, options and an example: the same\n"
    "text as 'pksim COMMAND --help'.\n"
    "\n"
    "options:\n"
    "  -h, --help       this text\n"
    "\n"
    "example:\n"
    "  pksim help compare\n"
    "\n" PK_HELP_EXIT;

static const char *const run_options[] = {
    "--format",
    "--bands",
    "--color",
    "--seed",
    "--wide",
    "--width",
    "--output",
    "-o",
    "--force",
    "--quiet",
    "--allow-undefined-key",
    "--narrate",
    "--step",
    "--help",
    "-h",
    "--jobs",
    "--no-remedies",
    "--estimate",
    "--prices",
    "--explain",
    NULL,
};

static const char *const compare_options[] = {
    "--key",
    "--narrate",
    "--step",
    "--items",
    "--items-format",
    "--time-field",
    "--time-compression",
    "--rate",
    "--at-once",
    "--query",
    "--seeds",
    "--throughput",
    "--partitions",
    "--storage-per-partition",
    "--variant",
    "--jobs",
    "--no-remedies",
    "--estimate",
    "--prices",
    "--explain",
    "--rank-by",
    "--quiet",
    "--format",
    "--bands",
    "--color",
    "--width",
    "--seed",
    "--output",
    "-o",
    "--force",
    "--allow-undefined-key",
    "--help",
    "-h",
    NULL,
};

static const char *const locate_options[] = {
    "--allow-undefined-key",
    "--help",
    "-h",
    NULL,
};

static const char *const epk_options[] = {
    "--version", "--multihash", "--help", "-h", NULL,
};

static const char *const plan_options[] = {
    "--format", "--scenario", "--output", "-o", "--force", "--help", "-h", NULL,
};

static const char *const check_options[] = {"--help", "-h", NULL};

static const char *const lesson_options[] = {
    "--worksheet", "--solutions", "--format", "--seed", "--output",
    "-o",	   "--force",	  "--help",   "-h",	NULL,
};

static const char *const merge_options[] = {"--output", "-o", "--force",
					    "--help",	"-h", NULL};

static const char *const help_options[] = {"--help", "-h", NULL};

struct pk_help_cmd {
	const char *name;
	const char *text;
	const char *const *options;
};

static const struct pk_help_cmd help_cmds[] = {
    {"run", run_text, run_options},
    {"compare", compare_text, compare_options},
    {"locate", locate_text, locate_options},
    {"epk", epk_text, epk_options},
    {"plan", plan_text, plan_options},
    {"check", check_text, check_options},
    {"lesson", lesson_text, lesson_options},
    {"merge", merge_text, merge_options},
    {"help", help_text, help_options},
};

#define PK_HELP_N_CMDS (sizeof(help_cmds) / sizeof(help_cmds[0]))

static const struct pk_help_cmd *find_cmd(const char *cmd)
{
	size_t i;

	for (i = 0; cmd && i < PK_HELP_N_CMDS; i++) {
		if (strcmp(help_cmds[i].name, cmd) == 0) {
			return &help_cmds[i];
		}
	}
	return NULL;
}

int cli_help(const char *cmd, FILE *out)
{
	const struct pk_help_cmd *c = find_cmd(cmd);

	if (!cmd) {
		fputs(overview_text, out);
		return 0;
	}
	if (!c) {
		return -1;
	}
	fputs(c->text, out);
	return 0;
}

const char *const *cli_options(const char *cmd)
{
	const struct pk_help_cmd *c = find_cmd(cmd);

	return c ? c->options : NULL;
}

static int has_option(const char *const *opts, const char *opt)
{
	size_t i;

	for (i = 0; opts[i]; i++) {
		if (strcmp(opts[i], opt) == 0) {
			return 1;
		}
	}
	return 0;
}

int cli_option_error(const char *cmd, const char *arg)
{
	const struct pk_help_cmd *c = find_cmd(cmd);
	char opt[PK_HELP_MAX_OPTION + 3];
	const char *near, *owners[PK_HELP_N_CMDS];
	size_t n_owners = 0, i, len;

	/* "--formt=json" is option "--formt"; a bare name is a long option */
	len = strcspn(arg, "=");
	if (len > PK_HELP_MAX_OPTION) {
		len = PK_HELP_MAX_OPTION;
	}
	snprintf(opt, sizeof(opt), "%s%.*s", arg[0] == '-' ? "" : "--",
		 (int)len, arg);
	if (strcmp(opt, "--version") == 0 && c &&
	    !has_option(c->options, opt)) {
		/* pksim's own option: before the command, not after it */
		fprintf(stderr,
			"pksim: error: '--version' is not an option of 'pksim "
			"%s'; 'pksim --version' prints pksim's version; see "
			"'pksim %s --help'\n",
			cmd, cmd);
		return PK_EXIT_INPUT;
	}
	for (i = 0; i < PK_HELP_N_CMDS; i++) {
		if (&help_cmds[i] != c &&
		    has_option(help_cmds[i].options, opt)) {
			owners[n_owners++] = help_cmds[i].name;
		}
	}
	if (n_owners > 0) {
		fprintf(stderr, "pksim: error: '%s' is an option of 'pksim %s'",
			opt, owners[0]);
		for (i = 1; i < n_owners; i++) {
			fprintf(stderr, "%s'pksim %s'",
				i + 1 == n_owners ? " and " : ", ", owners[i]);
		}
		fprintf(stderr, ", not of 'pksim %s'; see 'pksim %s --help'\n",
			cmd, cmd);
		return PK_EXIT_INPUT;
	}
	near = c ? suggest_nearest(opt, c->options) : NULL;
	fprintf(stderr, "pksim: error: unknown option '%s'", opt);
	if (near) {
		fprintf(stderr, "; did you mean '%s'? See 'pksim %s --help'\n",
			near, cmd);
		return PK_EXIT_INPUT;
	}
	/* a slip of another command's option: name that command */
	for (i = 0; i < PK_HELP_N_CMDS; i++) {
		if (&help_cmds[i] != c &&
		    (near = suggest_nearest(opt, help_cmds[i].options))) {
			fprintf(stderr,
				"; did you mean '%s' (an option of 'pksim "
				"%s')? See 'pksim %s --help'\n",
				near, help_cmds[i].name, cmd);
			return PK_EXIT_INPUT;
		}
	}
	fprintf(stderr, "; see 'pksim %s --help'\n", cmd);
	return PK_EXIT_INPUT;
}
