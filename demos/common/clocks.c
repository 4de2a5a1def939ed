/* clocks.c: SM clock, power and throttle reasons through NVML by dlopen
 * (see clocks.h). Signatures as NVML's API reference gives them. */
#define _POSIX_C_SOURCE 200809L
#include "clocks.h"

#include <dlfcn.h>
#include <string.h>

typedef int nvml_ret;   /* nvmlReturn_t: NVML_SUCCESS is 0 */
typedef void *nvml_dev; /* nvmlDevice_t */
#define NVML_CLOCK_SM 1 /* nvmlClockType_t */

static struct {
    int state; /* 0 not tried, 1 ready, -1 not available */
    nvml_ret (*by_bus)(const char *, nvml_dev *);
    nvml_ret (*by_index)(unsigned, nvml_dev *);
    nvml_ret (*clock)(nvml_dev, int, unsigned *);
    nvml_ret (*power)(nvml_dev, unsigned *);
    nvml_ret (*reasons)(nvml_dev, unsigned long long *);
} nv;

static void *sym(void *h, const char *name)
{
    return dlsym(h, name);
}

#define SYM(field, name) memcpy(&nv.field, &(void *){sym(h, name)}, sizeof(void *))

static bool open_nvml(void)
{
    if (nv.state)
        return nv.state > 0;
    nv.state = -1;
    void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return false;
    nvml_ret (*init)(void);
    memcpy(&init, &(void *){sym(h, "nvmlInit_v2")}, sizeof init);
    SYM(by_bus, "nvmlDeviceGetHandleByPciBusId_v2");
    SYM(by_index, "nvmlDeviceGetHandleByIndex_v2");
    SYM(clock, "nvmlDeviceGetClockInfo");
    SYM(power, "nvmlDeviceGetPowerUsage");
    SYM(reasons, "nvmlDeviceGetCurrentClocksEventReasons");
    if (!nv.reasons) /* drivers before the rename */
        SYM(reasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
    if (!init || !nv.by_bus || !nv.by_index || !nv.clock || init() != 0) {
        dlclose(h);
        return false;
    }
    nv.state = 1; /* kept loaded and initialised for the process */
    return true;
}

bool ck_clocks_sample(const char *bus, struct ck_clock_sample *s)
{
    nvml_dev d = NULL;
    unsigned mhz = 0, mw = 0;
    unsigned long long why = 0;
    if (!open_nvml())
        return false;
    if (!(bus && bus[0] && nv.by_bus(bus, &d) == 0) && nv.by_index(0, &d) != 0)
        return false;
    if (nv.clock(d, NVML_CLOCK_SM, &mhz) != 0)
        return false;
    s->sm_mhz = mhz;
    s->power_w = nv.power && nv.power(d, &mw) == 0 ? mw / 1000.0 : 0;
    s->reasons = nv.reasons && nv.reasons(d, &why) == 0 ? why : 0;
    return true;
}

void ck_clocks_add(struct ck_clocks *c, const struct ck_clock_sample *s)
{
    if (c->samples == 0 || s->sm_mhz < c->sm_mhz_min)
        c->sm_mhz_min = s->sm_mhz;
    if (s->power_w > c->power_w_max)
        c->power_w_max = s->power_w;
    c->sm_mhz_sum += s->sm_mhz;
    c->reasons |= s->reasons;
    c->throttled += (s->reasons & CK_THROTTLE_MASK) != 0;
    c->samples++;
}
