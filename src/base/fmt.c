/*
 * fmt: numbers for people (see fmt.h).
 */
#include "pksim/base/fmt.h"

#include <stdarg.h>
#include <stdio.h>

const char *fmt_thousands(int64_t v, char *buf)
{
	char tmp[PK_FMT_BYTES];
	int n = snprintf(tmp, sizeof(tmp), "%lld", (long long)v), i, j = 0;

	for (i = 0; i < n; i++) {
		if (i > 0 && tmp[i - 1] != '-' && (n - i) % 3 == 0) {
			buf[j++] = ',';
		}
		buf[j++] = tmp[i];
	}
	buf[j] = '\0';
	return buf;
}

const char *fmt_bytes(uint64_t b, char *buf)
{
	static const char *const unit[] = {"B",	  "KiB", "MiB",
					   "GiB", "TiB", "PiB"};
	double x = (double)b;
	int u = 0;

	while (x >= 1024.0 && u < 5) {
		x /= 1024.0;
		u++;
	}
	/* 1,023.95 and above print as "1024.0" with one decimal: that is
	   the next unit's 1.0 */
	if (u > 0 && u < 5 && x >= 1023.95) {
		x /= 1024.0;
		u++;
	}
	if (u == 0) {
		snprintf(buf, PK_FMT_BYTES, "%llu B", (unsigned long long)b);
	} else {
		snprintf(buf, PK_FMT_BYTES, "%.1f %s", x, unit[u]);
	}
	return buf;
}

size_t fmt_append(char *buf, size_t cap, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (cap == 0) {
		return 0;
	}
	if (len >= cap) {
		buf[cap - 1] = '\0';
		return cap - 1;
	}
	va_start(ap, fmt);
	n = vsnprintf(buf + len, cap - len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		buf[len] = '\0'; /* an encoding error: nothing appended */
		return len;
	}
	return (size_t)n < cap - len ? len + (size_t)n : cap - 1;
}
