#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char path_buf[4096];

const char *tu_src(const char *rel)
{
	const char *root = getenv("PKSIM_SOURCE_ROOT");

	snprintf(path_buf, sizeof(path_buf), "%s/%s", root ? root : "..", rel);
	return path_buf;
}

const char *tu_shared(const char *rel)
{
	const char *root = getenv("PKSIM_SHARED");

	snprintf(path_buf, sizeof(path_buf), "%s/%s",
		 root ? root : "../../shared", rel);
	return path_buf;
}

char *tu_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f) {
		return NULL;
	}
	do {
		if (cap - n < 65536) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap + 1);
			if (!buf) {
				abort();
			}
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	buf[n] = '\0';
	if (len) {
		*len = n;
	}
	return buf;
}

char *tu_tmpdir(void)
{
	char tmpl[] = "/tmp/pksim-test-XXXXXX";
	char *d = mkdtemp(tmpl);

	return d ? strdup(d) : NULL;
}

int tu_run(const char *args, char **out, char **err)
{
	const char *bin = getenv("PKSIM_BIN");
	char *dir = tu_tmpdir();
	char cmd[16384], o[512], e[512];
	int st;

	if (!bin || !dir) {
		free(dir);
		return -1;
	}
	snprintf(o, sizeof(o), "%s/out", dir);
	snprintf(e, sizeof(e), "%s/err", dir);
	snprintf(cmd, sizeof(cmd), "'%s' %s >'%s' 2>'%s' </dev/null", bin,
		 args, o, e);
	st = system(cmd);
	if (out) {
		*out = tu_read_file(o, NULL);
	}
	if (err) {
		*err = tu_read_file(e, NULL);
	}
	unlink(o);
	unlink(e);
	rmdir(dir);
	free(dir);
	if (st == -1 || !WIFEXITED(st)) {
		return -1;
	}
	return WEXITSTATUS(st);
}
