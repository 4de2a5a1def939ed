// device_gpu.cu: the GPU half of the device record (see device.h): what
// device 0 reports of itself. Clocks and the memory bus come from
// cudaDeviceGetAttribute because CUDA 13 removed clockRate and
// memoryClockRate from cudaDeviceProp.
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include "cublas_dl.h"
#include "device.h"
#include "dl.h"
#include "link.h"

static int attr(cudaDeviceAttr a, int dev)
{
    int v = 0;
    if (cudaDeviceGetAttribute(&v, a, dev) != cudaSuccess)
        return 0;
    return v;
}

static void no_gpu(struct ck_device *d, cudaError_t e)
{
    const char *cvd = getenv("CUDA_VISIBLE_DEVICES");
    if (d->driver <= 0) /* the runtime's own message here ("driver version
                           is insufficient") would suggest an old driver */
        snprintf(d->reason, sizeof d->reason,
                 "no CUDA driver: the NVIDIA driver (libcuda.so.1) is not "
                 "installed or not loaded");
    else if (cvd && !*cvd)
        snprintf(d->reason, sizeof d->reason,
                 "no CUDA device: CUDA_VISIBLE_DEVICES is empty (%s)",
                 cudaGetErrorString(e));
    else
        snprintf(d->reason, sizeof d->reason, "no CUDA device: %s",
                 cudaGetErrorString(e));
}

static void fill_props(struct ck_device *d, const cudaDeviceProp *p, int dev)
{
    snprintf(d->name, sizeof d->name, "%s", p->name);
    d->cc_major = p->major;
    d->cc_minor = p->minor;
    d->sms = p->multiProcessorCount;
    d->fp32_lanes_per_sm = ck_fp32_lanes(p->major, p->minor);
    d->clock_mhz = attr(cudaDevAttrClockRate, dev) / 1000;
    d->mem_bytes = (long long)p->totalGlobalMem;
    d->mem_bus_bits = attr(cudaDevAttrGlobalMemoryBusWidth, dev);
    d->mem_clock_mhz = attr(cudaDevAttrMemoryClockRate, dev) / 1000;
    /* double data rate: two transfers per memory clock */
    d->mem_gbs = 2.0 * d->mem_clock_mhz * 1e6 * (d->mem_bus_bits / 8) / 1e9;
    d->l2_bytes = p->l2CacheSize;
    d->smem_per_sm = (long long)p->sharedMemPerMultiprocessor;
    d->smem_per_block = (long long)p->sharedMemPerBlock;
    d->smem_per_block_optin = (long long)p->sharedMemPerBlockOptin;
    d->regs_per_sm = p->regsPerMultiprocessor;
    d->max_threads_per_sm = p->maxThreadsPerMultiProcessor;
    d->max_threads_per_block = p->maxThreadsPerBlock;
    d->warp_size = p->warpSize;
    d->peak_gflops = (double)d->sms * d->fp32_lanes_per_sm * 2.0 *
                     d->clock_mhz / 1e3;
}

extern "C" void ck_device_query_gpu(struct ck_device *d)
{
    int n = 0;
    cudaDriverGetVersion(&d->driver);
    ck_read_driver_release(d->driver_release, sizeof d->driver_release);
    cudaRuntimeGetVersion(&d->runtime);
    ck_compat_verdict(d->driver, d->runtime, d->compat, sizeof d->compat);
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e == cudaSuccess && n == 0)
        e = cudaErrorNoDevice;
    if (e != cudaSuccess) {
        no_gpu(d, e);
        return;
    }
    cudaDeviceProp p;
    if ((e = cudaGetDeviceProperties(&p, 0)) != cudaSuccess ||
        (e = cudaSetDevice(0)) != cudaSuccess || (e = cudaFree(0)) != cudaSuccess) {
        no_gpu(d, e);
        return;
    }
    fill_props(d, &p, 0);
    d->live = true;
    d->async_engines = p.asyncEngineCount;
    char bus[32] = "";
    if (cudaDeviceGetPCIBusId(bus, sizeof bus, 0) != cudaSuccess)
        bus[0] = '\0'; // NVML then takes its device 0
    ck_link_query(bus, d);
    struct ck_cublas *cb = ck_cublas_load();
    if (cb)
        snprintf(d->cublas, sizeof d->cublas, "%s", cb->version);
    ck_cublas_free(cb);
    ck_cudnn_version(d->cudnn, sizeof d->cudnn);
}
