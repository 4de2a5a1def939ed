/* link.c: the host link through NVML by dlopen (see link.h). The few NVML
 * entry points are declared here with the signatures of NVML's API
 * reference (nvml.h is not needed to build). */
#define _POSIX_C_SOURCE 200809L
#include "link.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef int nvml_ret;        /* nvmlReturn_t: NVML_SUCCESS is 0 */
typedef void *nvml_dev;      /* nvmlDevice_t, an opaque pointer */
#define NVML_NVLINK_MAX_LINKS 18

struct nvml {
    nvml_ret (*init)(void);
    nvml_ret (*shutdown)(void);
    const char *(*error_string)(nvml_ret);
    nvml_ret (*by_bus)(const char *, nvml_dev *);
    nvml_ret (*by_index)(unsigned, nvml_dev *);
    nvml_ret (*curr_gen)(nvml_dev, unsigned *);
    nvml_ret (*curr_width)(nvml_dev, unsigned *);
    nvml_ret (*max_gen)(nvml_dev, unsigned *);
    nvml_ret (*max_width)(nvml_dev, unsigned *);
    nvml_ret (*nvlink_state)(nvml_dev, unsigned, int *);
};

double ck_pcie_lane_gbs(int gen)
{
    /* PCI-SIG: GT/s per lane and the line code of each generation */
    static const struct { double gts, eff; } t[] = {
        {2.5, 8.0 / 10}, {5.0, 8.0 / 10}, {8.0, 128.0 / 130},
        {16.0, 128.0 / 130}, {32.0, 128.0 / 130},
    };
    if (gen < 1 || gen > (int)(sizeof t / sizeof t[0]))
        return 0;
    return t[gen - 1].gts * t[gen - 1].eff / 8.0;
}

void ck_link_describe(struct ck_device *d)
{
    double lane = ck_pcie_lane_gbs(d->pcie_gen_max);
    d->link_gbs = lane * d->pcie_width_max;
    if (d->link_gbs <= 0) {
        snprintf(d->link, sizeof d->link,
                 "unknown: PCIe generation %d is not in the table", d->pcie_gen_max);
        return;
    }
    snprintf(d->link, sizeof d->link,
             "PCIe Gen%d x%d (now Gen%d x%d), %.1f GB/s per direction; "
             "%d NVLink links active",
             d->pcie_gen_max, d->pcie_width_max, d->pcie_gen, d->pcie_width,
             d->link_gbs, d->nvlinks);
}

static bool sym(void *h, void *out, const char *name)
{
    void *p = dlsym(h, name);
    memcpy(out, &p, sizeof p);
    return p != NULL;
}

static bool load(void *h, struct nvml *n)
{
    return sym(h, &n->init, "nvmlInit_v2") && sym(h, &n->shutdown, "nvmlShutdown") &&
           sym(h, &n->error_string, "nvmlErrorString") &&
           sym(h, &n->by_bus, "nvmlDeviceGetHandleByPciBusId_v2") &&
           sym(h, &n->by_index, "nvmlDeviceGetHandleByIndex_v2") &&
           sym(h, &n->curr_gen, "nvmlDeviceGetCurrPcieLinkGeneration") &&
           sym(h, &n->curr_width, "nvmlDeviceGetCurrPcieLinkWidth") &&
           sym(h, &n->max_gen, "nvmlDeviceGetMaxPcieLinkGeneration") &&
           sym(h, &n->max_width, "nvmlDeviceGetMaxPcieLinkWidth") &&
           sym(h, &n->nvlink_state, "nvmlDeviceGetNvLinkState");
}

static void query(const struct nvml *n, const char *bus, struct ck_device *d)
{
    nvml_dev dev = NULL;
    unsigned cg = 0, cw = 0, mg = 0, mw = 0;
    nvml_ret e = bus && bus[0] ? n->by_bus(bus, &dev) : -1;
    bool by_index = e != 0; /* no bus id, or NVML does not know it: its device 0 */
    if (by_index)
        e = n->by_index(0, &dev);
    if (e == 0 && (e = n->curr_gen(dev, &cg)) == 0 && (e = n->curr_width(dev, &cw)) == 0 &&
        (e = n->max_gen(dev, &mg)) == 0)
        e = n->max_width(dev, &mw);
    if (e != 0) {
        snprintf(d->link, sizeof d->link, "unknown: NVML: %s", n->error_string(e));
        return;
    }
    d->pcie_gen = (int)cg, d->pcie_width = (int)cw;
    d->pcie_gen_max = (int)mg, d->pcie_width_max = (int)mw;
    d->nvlinks = 0;
    for (unsigned l = 0; l < NVML_NVLINK_MAX_LINKS; l++) {
        int on = 0; /* nvmlEnableState_t: NVML_FEATURE_ENABLED is 1 */
        if (n->nvlink_state(dev, l, &on) == 0 && on == 1)
            d->nvlinks++;
    }
    ck_link_describe(d);
    if (by_index && d->link_gbs > 0) {
        size_t len = strlen(d->link);
        snprintf(d->link + len, sizeof d->link - len, " (NVML's device 0: %s)",
                 bus && bus[0] ? "its bus id did not match" : "no bus id");
    }
}

void ck_link_query(const char *bus, struct ck_device *d)
{
    void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    struct nvml n;
    if (!h) {
        snprintf(d->link, sizeof d->link,
                 "unknown: NVML (libnvidia-ml.so.1, part of the NVIDIA driver) not found");
        return;
    }
    if (!load(h, &n)) {
        snprintf(d->link, sizeof d->link, "unknown: this NVML lacks a PCIe link query");
    } else {
        nvml_ret e = n.init();
        if (e != 0)
            snprintf(d->link, sizeof d->link, "unknown: NVML: %s", n.error_string(e));
        else {
            query(&n, bus, d);
            n.shutdown();
        }
    }
    dlclose(h);
}
