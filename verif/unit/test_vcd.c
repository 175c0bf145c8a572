/* test_vcd.c - the power flow's VCD reducer (synth/vcd_activity.c): toggle counts per bit, the
 * reset cycles left out, vectors left-extended, aliases, and every malformed input refused with
 * its file and line and nothing printed. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>

#include "vcd_activity.h"

/* Runs the reducer on text; out and err receive its output. Returns its exit code. */
static int run(const char *text, unsigned long skip, char *out, size_t on, char *err, size_t en)
{
	FILE *in = fmemopen((void *)text, strlen(text), "r"), *o = fmemopen(out, on, "w"), *e = fmemopen(err, en, "w");
	int rc;
	CU_ASSERT_FATAL(in && o && e);
	memset(out, 0, on);
	memset(err, 0, en);
	rc = vcd_activity_run(in, "t.vcd", "TOP.dut", "clk", skip, o, e);
	fclose(in);
	fclose(o);
	fclose(e);
	return rc;
}

#define HDR "$timescale 1ps $end\n$scope module TOP $end\n$var wire 1 ! top_only $end\n" \
	    "$scope module dut $end\n$var wire 1 \" clk $end\n$var wire 4 # q [3:0] $end\n" \
	    "$scope module u_a $end\n$var wire 1 $ y $end\n$var wire 4 # q_alias [7:4] $end\n" \
	    "$upscope $end\n$upscope $end\n$upscope $end\n$enddefinitions $end\n"

static void test_vcd_counts(void)
{
	char out[2048], out2[2048], err[512];
	/* 4 rising edges of clk (#2 #4 #6 #8); y changes before the first one (#1) and after (#5) */
	const char *v = HDR "#0\n$dumpvars\n0\"\nb0 #\n0$\n1!\n$end\n"
			    "#1\n1$\n0!\n#2\n1\"\nb1 #\n#3\n0\"\n#4\n1\"\nb1010 #\n"
			    "#5\n0\"\n0$\n#6\n1\"\nbx #\n#7\n0\"\n#8\n1\"\n";
	/* the same, with the changes of an edge's time listed before the clock's, and a pulse of y
	 * within one time (#5: 1 then 0) that no edge sees */
	const char *w = HDR "#0\n$dumpvars\n0\"\nb0 #\n0$\n1!\n$end\n"
			    "#1\n1$\n0!\n#2\nb1 #\n1\"\n#3\n0\"\n#4\nb1010 #\n1\"\n"
			    "#5\n0\"\n0$\n1$\n0$\n#6\nbx #\n1\"\n#7\n0\"\n#8\n1\"\n";
	/* skip 1 edge: counting starts with the changes at the first edge's time; a bit is 1 at an
	 * edge when it was 1 before the changes of the edge's time (q[0] at #4, q[1] and q[3] at #6,
	 * y at #4) */
	CU_ASSERT_EQUAL(run(v, 1, out, sizeof out, err, sizeof err), 0);
	CU_ASSERT_STRING_EQUAL(err, "");
	CU_ASSERT_STRING_EQUAL(out, "# cycles 3\n"
				    "q[0] 2 1\nq[1] 2 1\nq[2] 0 0\nq[3] 2 1\n"
				    "u_a/q_alias[4] 2 1\nu_a/q_alias[5] 2 1\nu_a/q_alias[6] 0 0\nu_a/q_alias[7] 2 1\n"
				    "u_a/y 1 1\n");
	/* the order within a time does not change what an edge sees (the toggle count of the first
	 * counted edge's time takes only the changes listed after the edge: q[0]'s rise at #2 here) */
	CU_ASSERT_EQUAL(run(w, 1, out2, sizeof out2, err, sizeof err), 0);
	CU_ASSERT(strstr(out2, "q[0] 1 1\nq[1] 2 1\nq[2] 0 0\nq[3] 2 1\n") != NULL);
	CU_ASSERT(strstr(out2, "u_a/y 3 1\n") != NULL); /* the pulse toggles, no edge samples it */
	/* skip 0: y's change before the first edge counts too, and it was 1 at #2 and #4 */
	CU_ASSERT_EQUAL(run(v, 0, out, sizeof out, err, sizeof err), 0);
	CU_ASSERT(strstr(out, "# cycles 4\n") == out);
	CU_ASSERT(strstr(out, "u_a/y 2 2\n") != NULL);
	CU_ASSERT(strstr(out, "q[0] 2 1\n") != NULL);
	/* a bit still 1 at the end counts every edge since it rose: q[1] from #4 on, to #8 */
	CU_ASSERT_EQUAL(run(HDR "#0\n0\"\nb0 #\n#1\nb10 #\n#2\n1\"\n#3\n0\"\n#4\n1\"\n", 0, out, sizeof out,
			    err, sizeof err), 0);
	CU_ASSERT(strstr(out, "q[1] 1 2\n") != NULL);
}

static void want_error(const char *text, const char *msg)
{
	char out[512], err[512];
	CU_ASSERT_EQUAL(run(text, 0, out, sizeof out, err, sizeof err), 2);
	CU_ASSERT_STRING_EQUAL(out, "");
	if (!strstr(err, msg))
		fprintf(stderr, "\n  want: %s\n  got:  %s", msg, err);
	CU_ASSERT(strstr(err, msg) != NULL);
}

static void test_vcd_errors(void)
{
	want_error("$scope module TOP $end\n", "t.vcd:2: end of file before $enddefinitions");
	want_error("$scope module TOP $end\n$var wire 0 ! a $end\n", "t.vcd:2: $var a: width '0' (legal: 1..4096)");
	want_error("$scope module TOP $end\n$var wire 4 ! a [2:0] $end\n", "range [2:0] does not hold 4 bits");
	want_error("$scope module TOP $end\n$var wire 1 ! a $end\n$upscope $end\n$enddefinitions $end\n",
		   "no 1-bit variable 'clk' directly in scope 'TOP.dut'");
	want_error(HDR "#0\nb102 #\n", "t.vcd:15: a vector value must be b followed by 0, 1, x or z");
	want_error(HDR "#0\nb10101 #\n", "a vector value is wider than its variable");
	want_error(HDR "#0\n1\"\n#x\n", "t.vcd:16: a time must be #DIGITS");
	want_error(HDR "#0\nfoo\n", "not a value change, a time or a $dump keyword");
	want_error(HDR "#0\n0\"\n", "0 rising edges of clk, not more than --skip 0");
	want_error("$upscope $end\n", "t.vcd:1: $upscope: no open scope");
	want_error("garbage\n", "expected a $ keyword in the declarations");
	want_error("$scope module TOP $end\n$var wire 1 ! a\001 $end\n$upscope $end\n",
		   "t.vcd:2: a byte outside printable ASCII in a keyword, name or code");
	want_error("$scope module TOP $end\n$var wire 4 ! a [99999999:0] $end\n", "a range must look like");
}

int test_vcd_register(void)
{
	CU_pSuite s = CU_add_suite("vcd_activity", NULL, NULL);
	if (!s || !CU_add_test(s, "toggle counts", test_vcd_counts) || !CU_add_test(s, "malformed input", test_vcd_errors))
		return -1;
	return 0;
}
