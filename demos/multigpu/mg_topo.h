/* mg_topo.h: the GPUs of this machine and how each pair is linked.
 *
 * CUDA fills what it knows (mg_gpu.cu: names, PCI bus ids, compute
 * capabilities, cudaDeviceCanAccessPeer); mg_topo_nvml() adds what NVML
 * says (opened with dlopen as link.c does): each GPU's active NVLink
 * links, where each leads (straight to another GPU, or to an NVSwitch),
 * NVML's NVLink version and the PCIe link; mg_topo_derive() turns the
 * counts into each pair's kind and peak, plain arithmetic the tests pin.
 *
 * A pair's peak per direction: its direct links times one link's
 * (mg_nvlink_gbs of the generation its compute capability has); through
 * NVSwitches, the fewer of the two GPUs' switch links times one link's;
 * else the slower PCIe link of the two; NAN when not known. */
#ifndef MG_TOPO_H
#define MG_TOPO_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MG_MAX_GPUS 16

enum mg_link_kind { MG_LINK_SELF, MG_LINK_NVLINK, MG_LINK_NVSWITCH, MG_LINK_PCIE, MG_LINK_UNKNOWN };
extern const char *const mg_link_kind_id[];

struct mg_topo {
    int n;                                  /* GPUs CUDA sees (at most MG_MAX_GPUS) */
    char name[MG_MAX_GPUS][96];
    char bus[MG_MAX_GPUS][32];              /* "0000:18:00.0" */
    int cc_major[MG_MAX_GPUS], cc_minor[MG_MAX_GPUS];
    bool peer[MG_MAX_GPUS][MG_MAX_GPUS];    /* i can access j's memory */
    /* NVML's part (nvml false: why in nvml_why, counts 0) */
    bool nvml;
    char nvml_why[160];
    int nvlinks[MG_MAX_GPUS];               /* active links */
    int nvml_version[MG_MAX_GPUS];          /* nvmlNvlinkVersion_t of link 0 in use */
    int switch_links[MG_MAX_GPUS];          /* links that lead to an NVSwitch */
    int direct[MG_MAX_GPUS][MG_MAX_GPUS];   /* links straight from i to j */
    double pcie_gbs[MG_MAX_GPUS];           /* per direction, 0 unknown */
    /* mg_topo_derive's */
    enum mg_link_kind kind[MG_MAX_GPUS][MG_MAX_GPUS];
    int links[MG_MAX_GPUS][MG_MAX_GPUS];    /* NVLink links the pair's traffic has */
    double peak_gbs[MG_MAX_GPUS][MG_MAX_GPUS];
};

/* The NVLink generation of a data-centre GPU by compute capability (6.0:
 * 1, 7.0: 2, 8.0: 3, 9.0: 4, 10.0: 5), 0 for any other. */
int mg_nvlink_gen(int cc_major, int cc_minor);
void mg_topo_nvml(struct mg_topo *t);
void mg_topo_derive(struct mg_topo *t);
/* "NV18", "SW18", "PCIe", "self" or "?" for the pair's cell in a matrix */
void mg_topo_cell(const struct mg_topo *t, int i, int j, char *out, int n);

#ifdef __cplusplus
}
#endif

#endif
