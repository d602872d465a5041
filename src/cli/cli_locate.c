/*
 * cli_locate: `pksim locate SCENARIO.yaml [ITEM_JSON...]`, "where does
 * this item go?": for each item (JSON objects on the command line, or one
 * per line on standard input) and each container variant, the partition
 * key value as the key definition builds it, its EPK, and the physical
 * partition (partition key range) it lands in at the start of the run.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/mem.h"
#include "pksim/cli/cli.h"
#include "pksim/cli/help.h"
#include "pksim/cli/usage.h"
#include "pksim/load/scenario.h"
#include "pksim/service/cosmos/cosmos_service.h"
#include "pksim/service/cosmos/keycheck.h"
#include "pksim/service/cosmos/pkey.h"

/* An item without a property a key reads would only show the undefined
   partition: an error at where:line:1 unless allowed (keycheck.h).
   Returns 0, or PK_EXIT_INPUT after printing the error. */
static int check_item(const struct pk_scenario *sc, struct pk_pkey **keys,
		      json_t *obj, const char *where, int line)
{
	const char *path;
	size_t i;

	for (i = 0; i < sc->n_variants; i++) {
		if (sc->variants[i].allow_undefined_key ||
		    !keycheck_json_item(keys[i], obj, &path)) {
			continue;
		}
		fprintf(stderr,
			"pksim: %s:%d:1: error: the item has no %s, which "
			"partition key %s reads; it would go to the undefined "
			"logical partition (pass --allow-undefined-key to "
			"locate it there)\n",
			where, line, path, keys[i]->text);
		return PK_EXIT_INPUT;
	}
	return 0;
}

/* 1 when a variant of sc is an Azure Cosmos DB container */
static int any_cosmos(const struct pk_scenario *sc)
{
	size_t i;

	for (i = 0; i < sc->n_variants; i++) {
		if (!scenario_variant_table(sc, &sc->variants[i])) {
			return 1;
		}
	}
	return 0;
}

static void print_item(const struct pk_scenario *sc, struct pk_pkey **keys,
		       json_t *obj, uint64_t n)
{
	struct pk_keyval *kv = xmalloc(sizeof(*kv));
	char text[PK_VALUE_MAX_BYTES * 2], epk[PK_EPK_HEX_MAX];
	char lo[PK_EPK_HEX_MAX], hi[PK_EPK_HEX_MAX];
	size_t i;

	for (i = 0; i < sc->n_variants; i++) {
		struct pk_item_source src;
		struct pk_epk min, max;
		size_t n_ranges;
		uint32_t id;

		pkey_source_json(keys[i], obj, n, &src);
		pkey_build(keys[i], &src, kv);
		printf("item %llu  %s", (unsigned long long)n + 1,
		       sc->variants[i].name);
		if (strcmp(sc->variants[i].name, keys[i]->text) != 0) {
			printf("  %s", keys[i]->text);
		}
		putchar('\n');
		if (kv->status) {
			printf("  rejected (400): %s\n", kv->why);
			continue;
		}
		if (scenario_variant_table(sc, &sc->variants[i])) {
			/* DynamoDB's hash is not published: pksim's own
			   placement would name a partition the service
			   need not use */
			printf("  a DynamoDB table: not located (DynamoDB's "
			       "hash is not published; pksim places keys by "
			       "its own, docs/dynamodb.md)\n");
			continue;
		}
		pkey_format_id(keys[i], kv->id, kv->id_len, text, sizeof(text));
		epk_format(&kv->epk, epk);
		n_ranges = cosmos_created_range(&sc->variants[i], &kv->epk, &id,
						&min, &max);
		epk_format(&min, lo);
		epk_format(&max, hi);
		printf("  key value  %s%s\n", text,
		       keys[i]->has_random ? "  (as the writer drew it)" : "");
		if (keys[i]->has_random) {
			/* rule 38: the reader has the item's other
			   properties, never the writer's draw */
			printf("  reader     cannot compute the random part: a "
			       "point read is a query over the key's %llu "
			       "values (an IN list to the ranges holding "
			       "them)\n",
			       (unsigned long long)pkey_random_values(keys[i]));
		}
		printf("  EPK        %s (hash V%d%s)\n", epk, keys[i]->version,
		       keys[i]->kind == PK_KEY_HIERARCHICAL ? ", MultiHash"
							    : "");
		/* the id is the range's name (the JSON report's string "3"),
		   not its position: say how many there are apart from it */
		if (n_ranges == 1) {
			printf("  range      %u (the only range at the start): "
			       "[\"%s\", \"%s\")\n",
			       id, lo, hi);
		} else {
			printf("  range      %u (one of %zu ranges at the "
			       "start): [\"%s\", \"%s\")\n",
			       id, n_ranges, lo, hi);
		}
	}
	free(kv);
}

/* Parse one item; an error names where it came from (the argument or
   the line of standard input) and the column. Numbers are doubles, as
   the SDKs read a number key value and as data files are read (an
   integer past 64 bits, 12345678901234567890, is the nearest double,
   not an error). */
static json_t *parse_item(const char *text, const char *where, int line)
{
	json_error_t err;
	json_t *obj = json_loads(text, JSON_DECODE_INT_AS_REAL, &err);

	if (!obj) {
		fprintf(stderr,
			"pksim: %s:%d:%d: error: %s; an item is one JSON "
			"object\n",
			where, line, err.column > 0 ? err.column : 1, err.text);
		return NULL;
	}
	if (!json_is_object(obj)) {
		fprintf(stderr,
			"pksim: %s:%d:1: error: an item must be a JSON "
			"object, like {\"deviceId\": \"dev-1\"}\n",
			where, line);
		json_decref(obj);
		return NULL;
	}
	return obj;
}

static int locate_stdin(const struct pk_scenario *sc, struct pk_pkey **keys)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int no = 0, rc = PK_EXIT_OK;
	uint64_t n = 0;

	while ((len = getline(&line, &cap, stdin)) > 0) {
		json_t *obj;

		no++;
		if (strspn(line, " \t\r\n") == (size_t)len) {
			continue;
		}
		obj = parse_item(line, "<stdin>", no);
		if (!obj || check_item(sc, keys, obj, "<stdin>", no)) {
			json_decref(obj);
			rc = PK_EXIT_INPUT;
			break;
		}
		print_item(sc, keys, obj, n++);
		json_decref(obj);
	}
	free(line);
	return rc;
}

/* Options anywhere (getopt_long permutes, as for run); "--" ends them.
   Returns 0 with optind at the first operand, -1 after --help, or an
   exit status. */
static int parse_locate_opts(int argc, char **argv, int *allow)
{
	static const struct option longs[] = {
	    {"help", no_argument, NULL, 'h'},
	    {"allow-undefined-key", no_argument, NULL, 'U'},
	    {NULL, 0, NULL, 0},
	};
	int ch;

	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":h", longs, NULL)) != -1) {
		switch (ch) {
		case 'h':
			cli_help("locate", stdout);
			return -1;
		case 'U':
			*allow = 1;
			break;
		case ':':
			return cli_usage_error("locate",
					       "option '%s' needs a value",
					       argv[optind - 1]);
		default:
			return cli_option_error("locate", argv[optind - 1]);
		}
	}
	if (optind >= argc) {
		fputs("pksim: error: usage: pksim locate SCENARIO.yaml "
		      "[ITEM_JSON...]; see 'pksim locate --help'\n",
		      stderr);
		return PK_EXIT_INPUT;
	}
	return 0;
}

int cli_locate(int argc, char **argv)
{
	struct pk_diag diag;
	struct pk_scenario *sc;
	struct pk_pkey **keys;
	int rc = PK_EXIT_OK, i, allow;
	size_t v;

	allow = 0;
	rc = parse_locate_opts(argc, argv, &allow);
	if (rc) {
		return rc < 0 ? PK_EXIT_OK : rc;
	}
	/* the operands, options taken out: SCENARIO [ITEM_JSON...] */
	argc -= optind - 1;
	argv += optind - 1;
	diag_init(&diag);
	sc = scenario_load(argv[1], &diag);
	diag_print_warnings(&diag, stderr);
	if (!sc) {
		return cli_diag_fail(&diag);
	}
	if (allow) {
		scenario_allow_undefined_key(sc);
	}
	if (!any_cosmos(sc)) {
		fprintf(stderr,
			"pksim: %s: error: locate places keys in Azure Cosmos "
			"DB's partition key ranges; this scenario's variants "
			"are DynamoDB tables, whose hash is not published "
			"(pksim places their keys by its own, "
			"docs/dynamodb.md): nothing to locate\n",
			argv[1]);
		scenario_free(sc);
		diag_free(&diag);
		return PK_EXIT_INPUT;
	}
	keys = xcalloc(sc->n_variants, sizeof(*keys));
	for (v = 0; v < sc->n_variants; v++) {
		struct pk_keycheck kc;

		keys[v] = pkey_new(&sc->variants[v], sc, NULL, sc->seed, &diag);
		if (keys[v]) {
			keycheck_run(keys[v], &sc->variants[v], sc, &kc, &diag);
		}
	}
	if (diag_count(&diag) > 0) {
		diag_print(&diag, stderr);
		rc = PK_EXIT_INPUT;
	} else if (argc == 2) {
		rc = locate_stdin(sc, keys);
	}
	for (i = 2; rc == PK_EXIT_OK && i < argc; i++) {
		char where[32];
		json_t *obj;

		snprintf(where, sizeof(where), "<item %d>", i - 1);
		obj = parse_item(argv[i], where, 1);
		if (!obj || check_item(sc, keys, obj, where, 1)) {
			json_decref(obj);
			rc = PK_EXIT_INPUT;
			break;
		}
		print_item(sc, keys, obj, (uint64_t)(i - 2));
		json_decref(obj);
	}
	for (v = 0; v < sc->n_variants; v++) {
		pkey_free(keys[v]);
	}
	free(keys);
	scenario_free(sc);
	diag_free(&diag);
	return rc;
}
