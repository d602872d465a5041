/* ddb_admit: a DynamoDB partition's per-second buckets, burst bank and
   adaptive capacity (dynamodb-mechanics.md §2, §6, §9; rules D3, D5,
   D9, D10, D14), each figure from a testable statement (§16) or worked
   example (§17) with its arithmetic beside it. 1 unit = 1,000 mCU. */
#include <check.h>
#include <string.h>

#include "pksim/service/dynamodb/ddb_admit.h"
#include "testutil.h"

#define CU 1000 /* mCU a unit */
#define WCU_CAP (1000 * CU)
#define RCU_CAP (3000 * CU)

/* A side with share units a second, cap and a full bank (300 s) */
static struct pk_ddb_side side(int64_t share, int64_t cap)
{
	struct pk_ddb_side s;

	memset(&s, 0, sizeof(s));
	s.share_mcu = share * CU;
	s.cap_mcu = cap;
	s.bank_mcu = s.share_mcu * PK_DDB_BANK_SECONDS;
	return s;
}

/* Admit n requests of u units each; returns how many were refused, the
   last refusal's verdict in *why */
static int send(struct pk_ddb_side *p, struct pk_ddb_total *t, int n, int64_t u,
		const struct pk_ddb_rules *r, enum pk_ddb_verdict *why)
{
	int i, refused = 0;

	for (i = 0; i < n; i++) {
		enum pk_ddb_verdict v = ddb_admit(p, t, u * CU, r);

		if (v != PK_DDB_ADMITTED) {
			refused++;
			*why = v;
		}
	}
	return refused;
}

/* A table side of prov units a second after an idle second: all of
   it may be lent */
static struct pk_ddb_total total(int64_t prov)
{
	struct pk_ddb_total t;

	memset(&t, 0, sizeof(t));
	t.prov_mcu = t.pool_mcu = prov * CU;
	return t;
}

/* Close one second of p and t: banks refill from what it left unused,
   the next second lends what the partitions left unasked */
static void tick(struct pk_ddb_side *p, size_t n, struct pk_ddb_total *t)
{
	int64_t pool = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		pool += ddb_side_unasked(&p[i]);
		p[i].bank_mcu = ddb_bank_refill(&p[i], 1);
		p[i].used_mcu = p[i].asked_mcu = 0;
	}
	t->bank_mcu = ddb_total_refill(t, 1);
	ddb_total_open(t, pool);
}

/*
 * A share with a fraction of a unit, no bank (burst off, adaptive off;
 * trial U5): 675 WCU over 4 partitions, 168.75 WCU a second each (D5).
 * One partition asked 200 writes of 1 WCU a second for 60 s serves its
 * share: 60 x 168.75 = 10,125 writes. Second by second the fraction it
 * left unused is its own the next second: 168 (0.75 left), 169 (0.5),
 * 169 (0.25), 169 (0) and again: 675 every 4 s, 15 x 675 = 10,125. A
 * bucket that kept no fraction served 168 a second: 10,080.
 */
START_TEST(test_ddb_admit_fraction_carried)
{
	struct pk_ddb_side p = side(0, WCU_CAP);
	struct pk_ddb_total t = total(675);
	struct pk_ddb_rules r = {0, 0, 0};
	enum pk_ddb_verdict why = PK_DDB_ADMITTED;
	int64_t served = 0;
	int k;

	p.share_mcu = 168750;
	p.bank_mcu = 0;
	for (k = 0; k < 60; k++) {
		served += 200 - send(&p, &t, 200, 1, &r, &why);
		ddb_side_carry(&p);
		p.used_mcu = p.asked_mcu = 0;
		t.used_mcu = t.burst_mcu = t.lent_mcu = 0;
	}
	ck_assert_int_eq(served, 10125);
	ck_assert_int_eq(why, PK_DDB_THROTTLE_KEY_RANGE);
}
END_TEST

/*
 * Statement 16: 400 WCU over 4 partitions (100 each), writes of
 * 50/50/50/150 WCU/s (1 WCU requests).
 * - adaptive instant: the table's 300 of 400 leaves room: none refused,
 *   banks untouched by partition 4 (its 50 above the share come from the
 *   table's unused capacity);
 * - adaptive off, full banks (100 x 300 = 30,000 WCU): partition 4
 *   draws 50 a second and first throttles after 30,000 / 50 = 600 s,
 *   then refuses 50 of its 150 each second (33.3 %), by its key range
 *   (the table, at 350 admitted of 400, has room).
 */
START_TEST(test_ddb_admit_statement_16)
{
	static const int load[4] = {50, 50, 50, 150};
	struct pk_ddb_rules instant = {1, 1, 0}, off = {0, 1, 0};
	struct pk_ddb_side p[4];
	struct pk_ddb_total t = total(400);
	enum pk_ddb_verdict why = PK_DDB_ADMITTED;
	int s, i, refused, first = -1;

	for (i = 0; i < 4; i++) {
		p[i] = side(100, WCU_CAP);
	}
	for (s = 0; s < 1000; s++) {
		for (refused = 0, i = 0; i < 4; i++) {
			refused += send(&p[i], &t, load[i], 1, &instant, &why);
		}
		ck_assert_int_eq(refused, 0);
		tick(p, 4, &t);
	}
	ck_assert_int_eq(p[3].bank_mcu, 30000 * CU);

	for (i = 0; i < 4; i++) {
		p[i] = side(100, WCU_CAP);
	}
	for (s = 0; s < 700; s++) {
		for (refused = 0, i = 0; i < 4; i++) {
			refused += send(&p[i], &t, load[i], 1, &off, &why);
		}
		if (refused > 0 && first < 0) {
			first = s;
		}
		if (s >= 600) {
			ck_assert_int_eq(refused, 50);
			ck_assert_int_eq(why, PK_DDB_THROTTLE_KEY_RANGE);
		}
		tick(p, 4, &t);
	}
	ck_assert_int_eq(first, 600);
}
END_TEST

/*
 * Statement 17: one hot item of <= 1 KB (1 WCU a write, 1 RCU a strong
 * read, 0.5 eventual) is held to its partition's 1,000 writes or 3,000
 * strong / 6,000 eventual reads a second, whatever the table has and
 * with adaptive capacity and a full bank: 1,500 writes a second on a
 * 10,000 WCU table lose 500 to the key range.
 */
START_TEST(test_ddb_admit_statement_17)
{
	struct pk_ddb_rules r = {1, 1, 0};
	struct pk_ddb_side w = side(2000, WCU_CAP), rd = side(6000, RCU_CAP);
	struct pk_ddb_total tw = total(10000), tr = total(30000);
	enum pk_ddb_verdict why = PK_DDB_ADMITTED;
	int i, refused = 0;

	ck_assert_int_eq(send(&w, &tw, 1500, 1, &r, &why), 500);
	ck_assert_int_eq(why, PK_DDB_THROTTLE_KEY_RANGE);
	ck_assert_int_eq(w.used_mcu, WCU_CAP);
	ck_assert_int_eq(send(&rd, &tr, 3500, 1, &r, &why), 500);
	ck_assert_int_eq(rd.used_mcu, RCU_CAP);
	/* eventual: 0.5 RCU each, 6,000 fit */
	rd.used_mcu = 0;
	tr.used_mcu = 0;
	for (i = 0; i < 6500; i++) {
		refused += ddb_admit(&rd, &tr, CU / 2, &r) != PK_DDB_ADMITTED;
	}
	ck_assert_int_eq(refused, 500);
	/* statement 18: a 20 KB item costs 5 RCU strong: 600 a second */
	rd.used_mcu = 0;
	tr.used_mcu = 0;
	ck_assert_int_eq(send(&rd, &tr, 700, 5, &r, &why), 100);
}
END_TEST

/*
 * Statement 19 and example E3 (KC-BURST, table-level bank): 150 RCU idle
 * for 5 min banks 150 x 300 = 45,000. 200 RCU a second then runs 45,000
 * / (200 - 150) = 900 s on burst and is held to 150 after; a spike to
 * 3,000 drains it in 45,000 / (3,000 - 150) = 15.8 s: 15 full seconds,
 * then 45,000 - 15 x 2,850 = 2,250 above the share in the 16th.
 */
START_TEST(test_ddb_admit_burst_e3)
{
	struct pk_ddb_rules table_bank = {1, 2, 0};
	struct pk_ddb_side p = side(150, RCU_CAP);
	struct pk_ddb_total t = total(150);
	enum pk_ddb_verdict why = PK_DDB_ADMITTED;
	int s;

	p.bank_mcu = 0;
	ck_assert_int_eq(ddb_total_refill(&t, 300), 45000 * CU);
	/* idle longer: the bank stays at 300 s */
	ck_assert_int_eq(ddb_total_refill(&t, 1000), 45000 * CU);
	t.bank_mcu = 45000 * CU;
	for (s = 0; s < 900; s++) {
		ck_assert_int_eq(send(&p, &t, 200, 1, &table_bank, &why), 0);
		tick(&p, 1, &t);
	}
	ck_assert_int_eq(t.bank_mcu, 0);
	ck_assert_int_eq(send(&p, &t, 200, 1, &table_bank, &why), 50);
	ck_assert_int_eq(why, PK_DDB_THROTTLE_PROVISIONED);
	tick(&p, 1, &t);

	t.bank_mcu = 45000 * CU;
	for (s = 0; s < 15; s++) {
		ck_assert_int_eq(send(&p, &t, 3000, 1, &table_bank, &why), 0);
		tick(&p, 1, &t);
	}
	ck_assert_int_eq(send(&p, &t, 3000, 1, &table_bank, &why),
			 3000 - 150 - 2250);
}
END_TEST

/*
 * Statement 32: 60 WCU, 3,600 one-KB writes inside one second. The
 * 1-minute sum could show 3,600; per second at most the share plus the
 * bank is admitted, and never above the partition's 1,000: 60 + 18,000
 * banked, capped at 1,000, so 1,000 admitted and 2,600 refused. Without
 * burst: 60 admitted.
 */
START_TEST(test_ddb_admit_statement_32)
{
	struct pk_ddb_rules burst = {1, 1, 0}, none = {1, 0, 0};
	struct pk_ddb_side p = side(60, WCU_CAP);
	struct pk_ddb_total t = total(60);
	enum pk_ddb_verdict why = PK_DDB_ADMITTED;

	ck_assert_int_eq(send(&p, &t, 3600, 1, &burst, &why), 2600);
	ck_assert_int_eq(why, PK_DDB_THROTTLE_KEY_RANGE);
	ck_assert_int_eq(p.bank_mcu, (18000 - 940) * CU);
	p = side(60, WCU_CAP);
	ddb_total_open(&t, 0);
	ck_assert_int_eq(send(&p, &t, 3600, 1, &none, &why), 3540);
	ck_assert_int_eq(why, PK_DDB_THROTTLE_PROVISIONED);
}
END_TEST

/*
 * D10 lends only what the other partitions leave unused: 400 WCU over
 * 4 partitions (100 each), no burst, adaptive instant, 1 WCU writes,
 * each second partition 4 asks 400 first and partitions 1-3 ask
 * `others` each after it. The run's first second lends nothing (no
 * second before it is known); each later one lends what the partitions
 * left unasked the second before.
 * - others 100 (their whole shares): nothing is left to lend, so
 *   partition 4 is held to its 100 and refused 300 a second, 40 s x 300
 *   = 12,000, and partitions 1-3 are never refused (0/0/0/12,000),
 *   though partition 4 asks first each second;
 * - others 50: after the first second (300 refused) the pool is 3 x
 *   (100 - 50) = 150, partition 4 takes 100 + 150 = 250 and is refused
 *   150 a second: 300 + 39 x 150 = 6,150 in 40 s; the table serves 150
 *   + 250 = 400 a second, its units.
 */
static void lend_case(int others, int want_hot)
{
	struct pk_ddb_rules r = {1, 0, 0};
	struct pk_ddb_side p[4];
	struct pk_ddb_total t = total(400);
	enum pk_ddb_verdict why = PK_DDB_ADMITTED;
	int s, i, refused[4] = {0, 0, 0, 0};

	t.pool_mcu = 0;
	for (i = 0; i < 4; i++) {
		p[i] = side(100, WCU_CAP);
		p[i].bank_mcu = 0;
	}
	for (s = 0; s < 40; s++) {
		refused[3] += send(&p[3], &t, 400, 1, &r, &why);
		for (i = 0; i < 3; i++) {
			refused[i] += send(&p[i], &t, others, 1, &r, &why);
		}
		if (s > 0) {
			ck_assert_int_le(t.used_mcu, 400 * CU);
		}
		tick(p, 4, &t);
	}
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(refused[i], 0);
	}
	ck_assert_int_eq(refused[3], want_hot);
	ck_assert_int_eq(why, PK_DDB_THROTTLE_PROVISIONED);
}

START_TEST(test_ddb_admit_lends_unused_only)
{
	lend_case(100, 12000);
	lend_case(50, 6150);
}
END_TEST

/* D14's reason names (A-REASON's limit types) */
START_TEST(test_ddb_admit_names)
{
	ck_assert_str_eq(ddb_verdict_name(PK_DDB_THROTTLE_KEY_RANGE),
			 "KeyRangeThroughputExceeded");
	ck_assert_str_eq(ddb_verdict_name(PK_DDB_THROTTLE_PROVISIONED),
			 "ProvisionedThroughputExceeded");
	ck_assert_str_eq(ddb_verdict_name(PK_DDB_ADMITTED), "");
}
END_TEST

Suite *tu_suite(void)
{
	Suite *s = suite_create("ddb_admit");
	TCase *tc = tcase_create("admit");

	tcase_add_test(tc, test_ddb_admit_statement_16);
	tcase_add_test(tc, test_ddb_admit_fraction_carried);
	tcase_add_test(tc, test_ddb_admit_statement_17);
	tcase_add_test(tc, test_ddb_admit_burst_e3);
	tcase_add_test(tc, test_ddb_admit_statement_32);
	tcase_add_test(tc, test_ddb_admit_lends_unused_only);
	tcase_add_test(tc, test_ddb_admit_names);
	suite_add_tcase(s, tc);
	return s;
}
