/* test_demo_link.c: the host link (demos/common/link.c) without a GPU: the
 * PCIe lane rates, the text and peak from a link's numbers, NVML absent
 * ('unknown' with the reason), and the link fields of a live device record.
 * Built by `make test-unit` (tests/tests.mk) and run there. */
#define _GNU_SOURCE /* fmemopen */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "device.h"
#include "link.h"
#include "tap.h"

static void test_lanes(void)
{
    ok(fabs(ck_pcie_lane_gbs(5) - 32.0 * 128 / 130 / 8) < 1e-12, "Gen5: 32 GT/s, 128b/130b");
    ok(fabs(ck_pcie_lane_gbs(5) - 3.938) < 1e-3, "Gen5: 3.94 GB/s per lane per direction");
    ok(fabs(ck_pcie_lane_gbs(4) - 1.969) < 1e-3, "Gen4: 1.97 GB/s");
    ok(fabs(ck_pcie_lane_gbs(3) - 0.985) < 1e-3, "Gen3: 0.985 GB/s");
    ok(fabs(ck_pcie_lane_gbs(2) - 0.5) < 1e-12, "Gen2: 5 GT/s, 8b/10b = 0.5 GB/s");
    ok(fabs(ck_pcie_lane_gbs(1) - 0.25) < 1e-12, "Gen1: 0.25 GB/s");
    ok(ck_pcie_lane_gbs(0) == 0 && ck_pcie_lane_gbs(6) == 0, "generations not in the table: 0");
}

static void test_describe(void)
{
    struct ck_device d = {0};
    d.pcie_gen = 1, d.pcie_width = 16, d.pcie_gen_max = 5, d.pcie_width_max = 16;
    ck_link_describe(&d);
    ok(fabs(d.link_gbs - 63.015) < 1e-2, "Gen5 x16: 63.0 GB/s per direction (%.3f)", d.link_gbs);
    ok(strstr(d.link, "PCIe Gen5 x16 (now Gen1 x16), 63.0 GB/s per direction") != NULL,
       "the text names the most it can do and what it runs at now: %s", d.link);
    d.pcie_gen_max = 7;
    ck_link_describe(&d);
    ok(d.link_gbs == 0 && !strncmp(d.link, "unknown: PCIe generation 7", 26),
       "an unknown generation: unknown, and why");
}

static void test_no_nvml(void)
{
    struct ck_device d = {0};
    ck_link_query("0000:01:00.0", &d);
    ok(!strncmp(d.link, "unknown: ", 9) && d.link_gbs == 0,
       "without a usable NVML: unknown, with the reason: %s", d.link);
}

static void test_record(void)
{
    struct ck_device d = {0};
    char buf[8192] = "";
    d.live = true;
    d.pcie_gen = d.pcie_gen_max = 4, d.pcie_width = d.pcie_width_max = 8;
    d.async_engines = 2;
    ck_link_describe(&d);
    FILE *f = fmemopen(buf, sizeof buf, "w");
    char *argv[] = {"devinfo"};
    ck_rec_device(&d, "devinfo", 1, argv, f);
    fclose(f);
    ok(strstr(buf, "link: \"PCIe Gen4 x8") && strstr(buf, "pcie_gen_max: 4") &&
       strstr(buf, "pcie_width_max: 8") && strstr(buf, "link_gbs: 15.753") &&
       strstr(buf, "nvlinks: 0") && strstr(buf, "async_engines: 2"),
       "a live device record carries the link fields");
    d.pcie_gen_max = 0;
    ck_link_describe(&d);
    f = fmemopen(buf, sizeof buf, "w");
    ck_rec_device(&d, "devinfo", 1, argv, f);
    fclose(f);
    ok(strstr(buf, "link_gbs: ~") != NULL, "no peak known: link_gbs ~");
}

int main(void)
{
    /* the refused arguments print their messages: kept off prove's output,
     * as the script that ran this did */
    if (!freopen("/dev/null", "w", stderr))
        return 1;
    test_lanes();
    test_describe();
    test_no_nvml();
    test_record();
    return tap_done();
}
