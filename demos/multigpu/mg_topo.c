/* mg_topo.c: NVML's view of the links between GPUs, and each pair's kind
 * and peak (mg_topo.h).  The NVML entry points are declared here with the
 * signatures of NVML's API reference, as link.c does; nvml.h is not
 * needed. */
#define _POSIX_C_SOURCE 200809L
#include "mg_topo.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "link.h"
#include "mg_model.h"

typedef int nvml_ret;   /* nvmlReturn_t: NVML_SUCCESS is 0 */
typedef void *nvml_dev; /* nvmlDevice_t */
#define NVML_LINKS 18   /* NVML_NVLINK_MAX_LINKS */
#define NVML_REMOTE_SWITCH 2 /* NVML_NVLINK_DEVICE_TYPE_SWITCH */

struct nvml_pci {       /* nvmlPciInfo_t */
    char bus_legacy[16];
    unsigned domain, bus, device, pci_device_id, pci_subsystem_id;
    char bus_id[32];
};

struct nvml {
    nvml_ret (*init)(void);
    nvml_ret (*shutdown)(void);
    nvml_ret (*by_bus)(const char *, nvml_dev *);
    nvml_ret (*state)(nvml_dev, unsigned, int *);
    nvml_ret (*version)(nvml_dev, unsigned, unsigned *);
    nvml_ret (*remote_pci)(nvml_dev, unsigned, struct nvml_pci *);
    nvml_ret (*remote_type)(nvml_dev, unsigned, int *); /* optional: older NVML lacks it */
    nvml_ret (*max_gen)(nvml_dev, unsigned *);
    nvml_ret (*max_width)(nvml_dev, unsigned *);
};

const char *const mg_link_kind_id[] = {"self", "nvlink", "nvswitch", "pcie", "unknown"};

int mg_nvlink_gen(int cc_major, int cc_minor)
{
    if (cc_minor != 0)
        return 0;
    switch (cc_major) {
    case 6: return 1;
    case 7: return 2;
    case 8: return 3;
    case 9: return 4;
    case 10: return 5;
    default: return 0;
    }
}

static bool sym(void *h, void *out, const char *name)
{
    void *p = dlsym(h, name);
    memcpy(out, &p, sizeof p);
    return p != NULL;
}

static bool load(void *h, struct nvml *n)
{
    sym(h, &n->remote_type, "nvmlDeviceGetNvLinkRemoteDeviceType");
    return sym(h, &n->init, "nvmlInit_v2") && sym(h, &n->shutdown, "nvmlShutdown") &&
           sym(h, &n->by_bus, "nvmlDeviceGetHandleByPciBusId_v2") &&
           sym(h, &n->state, "nvmlDeviceGetNvLinkState") &&
           sym(h, &n->version, "nvmlDeviceGetNvLinkVersion") &&
           sym(h, &n->remote_pci, "nvmlDeviceGetNvLinkRemotePciInfo_v2") &&
           sym(h, &n->max_gen, "nvmlDeviceGetMaxPcieLinkGeneration") &&
           sym(h, &n->max_width, "nvmlDeviceGetMaxPcieLinkWidth");
}

/* the GPU at domain:bus:device, or -1 */
static int gpu_at(const struct mg_topo *t, const struct nvml_pci *p)
{
    for (int j = 0; j < t->n; j++) {
        unsigned d, b, dev;
        if (sscanf(t->bus[j], "%x:%x:%x", &d, &b, &dev) == 3 && d == p->domain &&
            b == p->bus && dev == p->device)
            return j;
    }
    return -1;
}

static void query_gpu(const struct nvml *n, struct mg_topo *t, int i, nvml_dev dev)
{
    unsigned g = 0, w = 0;
    if (n->max_gen(dev, &g) == 0 && n->max_width(dev, &w) == 0)
        t->pcie_gbs[i] = ck_pcie_lane_gbs((int)g) * w;
    for (unsigned l = 0; l < NVML_LINKS; l++) {
        int on = 0, type = -1;
        struct nvml_pci p;
        if (n->state(dev, l, &on) != 0 || on != 1)
            continue;
        t->nvlinks[i]++;
        unsigned v = 0;
        if (!t->nvml_version[i] && n->version(dev, l, &v) == 0)
            t->nvml_version[i] = (int)v;
        if (n->remote_type && n->remote_type(dev, l, &type) == 0 && type == NVML_REMOTE_SWITCH) {
            t->switch_links[i]++;
            continue;
        }
        memset(&p, 0, sizeof p);
        int j = n->remote_pci(dev, l, &p) == 0 ? gpu_at(t, &p) : -1;
        if (j >= 0 && j != i)
            t->direct[i][j]++;
        else if (j < 0 && !n->remote_type)
            t->switch_links[i]++; /* leads to no GPU here: a switch, as far as we can tell */
    }
}

void mg_topo_nvml(struct mg_topo *t)
{
    void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    struct nvml n;
    t->nvml = false;
    if (!h) {
        snprintf(t->nvml_why, sizeof t->nvml_why,
                 "NVML (libnvidia-ml.so.1, part of the NVIDIA driver) not found");
    } else if (!load(h, &n)) {
        snprintf(t->nvml_why, sizeof t->nvml_why, "this NVML lacks the NVLink queries");
    } else if (n.init() != 0) {
        snprintf(t->nvml_why, sizeof t->nvml_why, "NVML did not start");
    } else {
        t->nvml = true;
        for (int i = 0; i < t->n; i++) {
            nvml_dev dev = NULL;
            if (n.by_bus(t->bus[i], &dev) == 0)
                query_gpu(&n, t, i, dev);
        }
        n.shutdown();
    }
    if (h)
        dlclose(h);
    mg_topo_derive(t);
}

static double min_pos(double a, double b)
{
    return a > 0 && b > 0 ? (a < b ? a : b) : NAN;
}

void mg_topo_derive(struct mg_topo *t)
{
    for (int i = 0; i < t->n; i++)
        for (int j = 0; j < t->n; j++) {
            double link = mg_nvlink_gbs(mg_nvlink_gen(t->cc_major[i], t->cc_minor[i]));
            int sw = t->switch_links[i] < t->switch_links[j] ? t->switch_links[i]
                                                              : t->switch_links[j];
            t->links[i][j] = 0;
            t->peak_gbs[i][j] = NAN;
            if (i == j) {
                t->kind[i][j] = MG_LINK_SELF;
            } else if (t->direct[i][j] > 0) {
                t->kind[i][j] = MG_LINK_NVLINK;
                t->links[i][j] = t->direct[i][j];
            } else if (sw > 0) {
                t->kind[i][j] = MG_LINK_NVSWITCH;
                t->links[i][j] = sw;
            } else {
                t->kind[i][j] = t->nvml ? MG_LINK_PCIE : MG_LINK_UNKNOWN;
                t->peak_gbs[i][j] = min_pos(t->pcie_gbs[i], t->pcie_gbs[j]);
            }
            if (t->links[i][j] > 0 && link > 0)
                t->peak_gbs[i][j] = t->links[i][j] * link;
        }
}

void mg_topo_cell(const struct mg_topo *t, int i, int j, char *out, int n)
{
    switch (t->kind[i][j]) {
    case MG_LINK_SELF: snprintf(out, (size_t)n, "self"); break;
    case MG_LINK_NVLINK: snprintf(out, (size_t)n, "NV%d", t->links[i][j]); break;
    case MG_LINK_NVSWITCH: snprintf(out, (size_t)n, "SW%d", t->links[i][j]); break;
    case MG_LINK_PCIE: snprintf(out, (size_t)n, "PCIe"); break;
    default: snprintf(out, (size_t)n, "?"); break;
    }
}
