/*
 * cli_epk: `pksim epk` (cli.h): a partition key value's EPK, no
 * simulation (DESIGN.md's cli_epk module).
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pksim/base/diag.h"
#include "pksim/base/mem.h"
#include "pksim/base/value.h"
#include "pksim/cli/cli.h"
#include "pksim/cli/help.h"
#include "pksim/cli/usage.h"
#include "pksim/service/cosmos/epk.h"

static int usage_error(const char *fmt, const char *arg)
{
	return cli_usage_error("epk", fmt, arg);
}

/* Where `pksim epk` errors say the JSON came from */
#define PK_EPK_ARG_NAME "<argument>"
/* Levels a MultiHash key may have (reference §6, §7: up to 3 paths;
   rule 33: a fourth only when it is the unique /id, a string) */
#define PK_EPK_MULTIHASH_LEVELS 3
#define PK_EPK_MULTIHASH_ID_LEVELS 4

struct pk_epk_opts {
	int version;	  /* hash version: 1 or 2 */
	int multihash;	  /* 1: hierarchical key (V2 only) */
	const char *json; /* the components, a JSON array; borrowed argv */
};

static int parse_epk_opts(int argc, char **argv, struct pk_epk_opts *o)
{
	static const struct option longs[] = {
	    {"version", required_argument, NULL, 'v'},
	    {"multihash", no_argument, NULL, 'm'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	int ch;

	memset(o, 0, sizeof(*o));
	o->version = 2;
	opterr = 0;
	optind = 1;
	while ((ch = getopt_long(argc, argv, ":h", longs, NULL)) != -1) {
		switch (ch) {
		case 'v':
			if (strcmp(optarg, "1") != 0 &&
			    strcmp(optarg, "2") != 0) {
				return usage_error("--version takes 1 or 2, "
						   "got '%s'",
						   optarg);
			}
			o->version = optarg[0] - '0';
			break;
		case 'm':
			o->multihash = 1;
			break;
		case 'h':
			cli_help("epk", stdout);
			return -1;
		case ':':
			return usage_error("option '%s' needs a value",
					   argv[optind - 1]);
		default:
			return cli_option_error("epk", argv[optind - 1]);
		}
	}
	if (o->multihash && o->version != 2) {
		return usage_error("%s", "--multihash needs --version 2 "
					 "(MultiHash keys use hash V2 only)");
	}
	if (optind != argc - 1) {
		return usage_error("%s", optind >= argc
					     ? "epk needs one JSON array"
					     : "epk takes one JSON array");
	}
	o->json = argv[optind];
	return 0;
}

/* The JSON type of a non-scalar, for messages. */
static const char *json_kind(const json_t *x)
{
	return json_is_object(x) ? "an object" : "an array";
}

/*
 * The components of the JSON array text into v (n of them, borrowing
 * strings from *root, which the caller json_decref()s). Numbers become
 * doubles (the service hashes every number as an IEEE-754 double,
 * reference §7); {} is undefined, as in the SDK tests. Prints the error
 * and returns -1 on bad input.
 */
static int epk_parse(const char *text, json_t **root, struct pk_value **v,
		     size_t *n)
{
	json_error_t err;
	json_t *arr, *x;
	size_t i;

	arr = json_loads(
	    text, JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL,
	    &err);
	if (!arr) {
		fprintf(stderr, "pksim: %s:%d:%d: error: %s\n", PK_EPK_ARG_NAME,
			err.line > 0 ? err.line : 1,
			err.column > 0 ? err.column : 1, err.text);
		return -1;
	}
	if (!json_is_array(arr)) {
		fprintf(stderr,
			"pksim: %s:1:1: error: expected a JSON array of "
			"partition key components, e.g. '[\"redmond\"]'\n",
			PK_EPK_ARG_NAME);
		json_decref(arr);
		return -1;
	}
	*n = json_array_size(arr);
	*v = xcalloc(*n ? *n : 1, sizeof(**v));
	for (i = 0; i < *n; i++) {
		struct pk_value *c = &(*v)[i];

		x = json_array_get(arr, i);
		if (json_is_string(x)) {
			c->type = PK_VALUE_STRING;
			c->str = json_string_value(x);
			c->len = json_string_length(x);
		} else if (json_is_number(x)) {
			c->type = PK_VALUE_NUMBER;
			c->num = json_number_value(x);
		} else if (json_is_boolean(x)) {
			c->type = PK_VALUE_BOOL;
			c->boolean = json_is_true(x);
		} else if (json_is_null(x)) {
			c->type = PK_VALUE_NULL;
		} else if (json_is_object(x) && json_object_size(x) == 0) {
			c->type = PK_VALUE_UNDEFINED;
		} else {
			fprintf(stderr,
				"pksim: %s: error: component %zu is %s; a "
				"partition key component is a string, number, "
				"true, false, null or {} (undefined)\n",
				PK_EPK_ARG_NAME, i + 1, json_kind(x));
			free(*v);
			json_decref(arr);
			return -1;
		}
	}
	*root = arr;
	return 0;
}

int cli_epk(int argc, char **argv)
{
	struct pk_epk_opts o;
	struct pk_value *v;
	struct pk_epk e;
	json_t *root;
	unsigned char *bytes;
	char *hex;
	size_t n, len, i;
	int rc;

	rc = parse_epk_opts(argc, argv, &o);
	if (rc) {
		return rc < 0 ? PK_EXIT_OK : rc;
	}
	if (epk_parse(o.json, &root, &v, &n)) {
		return PK_EXIT_INPUT;
	}
	if (o.multihash && (n > PK_EPK_MULTIHASH_ID_LEVELS ||
			    (n == PK_EPK_MULTIHASH_ID_LEVELS &&
			     v[n - 1].type != PK_VALUE_STRING))) {
		fprintf(stderr,
			"pksim: %s: error: a MultiHash key has at most %d "
			"levels, or %d when the last is the item's id, a "
			"string (rule 33: /id as a fourth level), got %zu%s\n",
			PK_EPK_ARG_NAME, PK_EPK_MULTIHASH_LEVELS,
			PK_EPK_MULTIHASH_ID_LEVELS, n,
			n == PK_EPK_MULTIHASH_ID_LEVELS
			    ? " with a fourth that is not a string"
			    : "");
		free(v);
		json_decref(root);
		return PK_EXIT_INPUT;
	}
	if (o.version == 1) {
		/* the whole V1 EPK, not the 48 bytes routing keeps */
		len = epk_v1_bytes(v, n, NULL, 0);
		bytes = xmalloc(len);
		epk_v1_bytes(v, n, bytes, len);
	} else {
		e = o.multihash ? epk_hash_multi(v, n) : epk_hash_v2(v, n);
		len = e.len;
		bytes = xmalloc(len);
		memcpy(bytes, e.b, len);
	}
	hex = xmalloc(2 * len + 1);
	for (i = 0; i < len; i++) {
		snprintf(hex + 2 * i, 3, "%02X", bytes[i]);
	}
	hex[2 * len] = '\0';
	/* a failed write is found and said at exit (close_stdout) */
	printf("%s\n", hex);
	rc = PK_EXIT_OK;
	free(hex);
	free(bytes);
	free(v);
	json_decref(root);
	return rc;
}
