/* device.h: the device record: the GPU (or why there is none), the host CPU,
 * the driver/runtime and library versions. Shared by devinfo and the demos.
 *
 * ck_device_init() fills the host part and, when use_gpu and CK_HAVE_CUDA,
 * queries device 0 (ck_device_query_gpu in device_gpu.cu); on any failure
 * live is false and reason says why ("built without CUDA", "--cpu given",
 * "no CUDA device: ..."). Then ck_rec_device() writes the first YAML record
 * and ck_device_table() the readable form. */
#ifndef CK_DEVICE_H
#define CK_DEVICE_H

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ck_device {
    bool live;                /* measured on a GPU now */
    char reason[256];         /* why not live */
    char date[32];            /* UTC, ISO 8601 */
    char cpu_name[128];
    int cpu_threads;
    /* GPU fields, valid when live */
    char name[256];
    int cc_major, cc_minor, sms, fp32_lanes_per_sm, clock_mhz;
    long long mem_bytes, l2_bytes, smem_per_sm, smem_per_block,
        smem_per_block_optin, regs_per_sm;
    int mem_bus_bits, mem_clock_mhz;
    int max_threads_per_sm, max_threads_per_block, warp_size;
    double mem_gbs;           /* 2 (DDR) * mem clock * bus bytes */
    double peak_gflops;       /* sms * lanes * 2 (FMA) * clock */
    int driver, runtime;      /* CUDA versions, 1000*major + 10*minor */
    char driver_release[32];  /* the NVIDIA driver's own version, as
                                 nvidia-smi shows it ("580.159.04"); ""
                                 when unknown */
    char compat[192];         /* driver vs runtime verdict */
    char cublas[32], cudnn[32]; /* "13.0.2" or "not installed" */
    /* the host link (link.h): the PCIe link now and at most, its peak per
       direction from the most it can do, active NVLink links; 0 and link
       "unknown: why" when NVML cannot say */
    int pcie_gen, pcie_width, pcie_gen_max, pcie_width_max, nvlinks;
    double link_gbs;
    char link[192];
    int async_engines;        /* copy engines (asyncEngineCount) */
};

void ck_device_init(struct ck_device *d, bool use_gpu);
/* FP32 lanes (FMA results per clock) per SM for a compute capability, from
 * the CUDA C Programming Guide's arithmetic-instruction throughput table;
 * 0 when unknown. */
int ck_fp32_lanes(int major, int minor);
/* The driver's release from the text of /proc/driver/nvidia/version (its
 * "NVRM version:" line: the first dotted number after "Module"), into out;
 * "" when there is none. */
void ck_driver_release(const char *text, char *out, size_t n);
/* The same, read from /proc/driver/nvidia/version ("" without one). */
void ck_read_driver_release(char *out, size_t n);
/* The driver-vs-runtime verdict text into out. */
void ck_compat_verdict(int driver, int runtime, char *out, size_t n);
void ck_rec_device(const struct ck_device *d, const char *demo,
                   int argc, char **argv, FILE *f);
void ck_device_table(const struct ck_device *d, FILE *f);

void ck_device_query_gpu(struct ck_device *d);

#ifdef __cplusplus
}
#endif

#endif
