/* device.c: the host half of the device record: CPU, date, the FP32-lane
 * table, the compatibility verdict, and writing the record/table. */
#define _POSIX_C_SOURCE 200809L
#include "device.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ck.h"
#include "dl.h"
#include "report.h"
#include "threads.h"

static void cpu_name(char *out, size_t n)
{
    snprintf(out, n, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (colon && !strncmp(line, "model name", 10)) {
            colon += 1 + (colon[1] == ' ');
            colon[strcspn(colon, "\n")] = '\0';
            snprintf(out, n, "%s", colon);
            break;
        }
    }
    fclose(f);
}

void ck_device_init(struct ck_device *d, bool use_gpu)
{
    memset(d, 0, sizeof *d);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(d->date, sizeof d->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    cpu_name(d->cpu_name, sizeof d->cpu_name);
    d->cpu_threads = ck_cpu_threads();
    snprintf(d->cublas, sizeof d->cublas, "not installed");
    snprintf(d->cudnn, sizeof d->cudnn, "not installed");
#if CK_HAVE_CUDA
    if (use_gpu)
        ck_device_query_gpu(d);
    else
        snprintf(d->reason, sizeof d->reason, "--cpu given");
#else
    (void)use_gpu;
    snprintf(d->reason, sizeof d->reason, "built without CUDA");
#endif
}

int ck_fp32_lanes(int major, int minor)
{
    /* CUDA C Programming Guide, "Arithmetic Instructions": 32-bit
     * floating-point add, multiply, multiply-add results per clock cycle per
     * multiprocessor. */
    static const struct { int major, minor, lanes; } table[] = {
        {3, -1, 192}, {5, -1, 128}, {6, 0, 64},  {6, -1, 128},
        {7, -1, 64},  {8, 0, 64},   {8, -1, 128}, {9, 0, 128},
        {10, -1, 128}, {11, -1, 128}, {12, -1, 128},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].major == major &&
            (table[i].minor == minor || table[i].minor == -1))
            return table[i].lanes;
    return 0;
}

void ck_driver_release(const char *text, char *out, size_t n)
{
    if (n)
        out[0] = '\0';
    const char *line = text ? strstr(text, "NVRM version:") : NULL;
    const char *p = line ? strstr(line, "Module") : NULL;
    if (!p || n == 0)
        return;
    const char *end = strchr(line, '\n');
    for (; *p && (!end || p < end); p++) {
        size_t len = strspn(p, "0123456789.");
        if (len && isdigit((unsigned char)p[0]) && memchr(p, '.', len) &&
            (p == line || !isalnum((unsigned char)p[-1]))) {
            snprintf(out, n, "%.*s", (int)(len < n ? len : n - 1), p);
            return;
        }
        if (len)
            p += len - 1;
    }
}

void ck_read_driver_release(char *out, size_t n)
{
    char buf[1024];
    FILE *f = fopen("/proc/driver/nvidia/version", "r");
    size_t got = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[got] = '\0';
    ck_driver_release(buf, out, n);
}

void ck_compat_verdict(int driver, int runtime, char *out, size_t n)
{
    int dmaj = driver / 1000, dmin = driver % 1000 / 10;
    int rmaj = runtime / 1000, rmin = runtime % 1000 / 10;
    if (driver <= 0)
        snprintf(out, n, "no CUDA driver: install the NVIDIA driver");
    else if (driver >= runtime)
        snprintf(out, n, "ok: driver supports CUDA %d.%d, runtime is %d.%d",
                 dmaj, dmin, rmaj, rmin);
    else if (dmaj == rmaj)
        snprintf(out, n,
                 "minor-version compatibility: driver CUDA %d.%d is older "
                 "than runtime %d.%d; most code runs, newer features may not",
                 dmaj, dmin, rmaj, rmin);
    else
        snprintf(out, n,
                 "too old: driver supports CUDA %d.%d, runtime needs %d.x; "
                 "update the driver",
                 dmaj, dmin, rmaj);
}

static void version_str(int v, char *out, size_t n)
{
    snprintf(out, n, "%d.%d", v / 1000, v % 1000 / 10);
}

static void rec_gpu(struct ck_rec *r, const struct ck_device *d)
{
    char cc[16], drv[16], rt[16];
    snprintf(cc, sizeof cc, "%d.%d", d->cc_major, d->cc_minor);
    version_str(d->driver, drv, sizeof drv);
    version_str(d->runtime, rt, sizeof rt);
    ck_rec_str(r, "name", d->name);
    ck_rec_str(r, "cc", cc);
    ck_rec_int(r, "sms", d->sms);
    ck_rec_int(r, "fp32_lanes_per_sm", d->fp32_lanes_per_sm);
    ck_rec_int(r, "clock_mhz", d->clock_mhz);
    ck_rec_int(r, "mem_bytes", d->mem_bytes);
    ck_rec_int(r, "mem_bus_bits", d->mem_bus_bits);
    ck_rec_int(r, "mem_clock_mhz", d->mem_clock_mhz);
    ck_rec_num(r, "mem_gbs", d->mem_gbs);
    ck_rec_int(r, "l2_bytes", d->l2_bytes);
    ck_rec_int(r, "smem_per_sm", d->smem_per_sm);
    ck_rec_int(r, "smem_per_block", d->smem_per_block);
    ck_rec_int(r, "smem_per_block_optin", d->smem_per_block_optin);
    ck_rec_int(r, "regs_per_sm", d->regs_per_sm);
    ck_rec_int(r, "max_threads_per_sm", d->max_threads_per_sm);
    ck_rec_int(r, "max_threads_per_block", d->max_threads_per_block);
    ck_rec_int(r, "warp_size", d->warp_size);
    ck_rec_num(r, "peak_gflops", d->peak_gflops);
    ck_rec_str(r, "driver", drv);
    ck_rec_str(r, "driver_release", d->driver_release[0] ? d->driver_release : NULL);
    ck_rec_str(r, "runtime", rt);
    ck_rec_str(r, "compat", d->compat);
    ck_rec_str(r, "cublas", d->cublas);
    ck_rec_str(r, "cudnn", d->cudnn);
    ck_rec_str(r, "link", d->link);
    ck_rec_int(r, "pcie_gen", d->pcie_gen);
    ck_rec_int(r, "pcie_width", d->pcie_width);
    ck_rec_int(r, "pcie_gen_max", d->pcie_gen_max);
    ck_rec_int(r, "pcie_width_max", d->pcie_width_max);
    ck_rec_num(r, "link_gbs", d->link_gbs > 0 ? d->link_gbs : NAN);
    ck_rec_int(r, "nvlinks", d->nvlinks);
    ck_rec_int(r, "async_engines", d->async_engines);
}

void ck_rec_device(const struct ck_device *d, const char *demo,
                   int argc, char **argv, FILE *f)
{
    char cmd[1024] = "";
    size_t len = 0;
    for (int i = 0; i < argc && len < sizeof cmd; i++)
        len += (size_t)snprintf(cmd + len, sizeof cmd - len, "%s%s",
                                i ? " " : "", argv[i]);
    struct ck_rec r;
    ck_rec_begin(&r);
    ck_rec_str(&r, "record", "device");
    ck_rec_int(&r, "format", CK_FORMAT_VERSION);
    ck_rec_str(&r, "demo", demo);
    ck_rec_bool(&r, "live", d->live);
    ck_rec_str(&r, "reason", d->live ? NULL : d->reason);
    ck_rec_str(&r, "date", d->date);
    ck_rec_str(&r, "command", cmd);
    ck_rec_str(&r, "cpu_name", d->cpu_name);
    ck_rec_int(&r, "cpu_threads", d->cpu_threads);
    if (d->live)
        rec_gpu(&r, d);
    ck_rec_end(&r, f);
}

void ck_device_table(const struct ck_device *d, FILE *f)
{
    fprintf(f, "CPU        %s, %d threads\n", d->cpu_name, d->cpu_threads);
    if (!d->live) {
        fprintf(f, "GPU        none: %s (CPU fallback)\n", d->reason);
        return;
    }
    fprintf(f, "GPU        %s, compute capability %d.%d\n", d->name,
            d->cc_major, d->cc_minor);
    fprintf(f, "SMs        %d x %d FP32 lanes at %d MHz = %.1f TFLOP/s FP32 peak\n",
            d->sms, d->fp32_lanes_per_sm, d->clock_mhz, d->peak_gflops / 1e3);
    fprintf(f, "memory     %.1f GiB, %d-bit bus at %d MHz = %.0f GB/s\n",
            d->mem_bytes / 1073741824.0, d->mem_bus_bits, d->mem_clock_mhz,
            d->mem_gbs);
    fprintf(f, "L2         %.1f MiB\n", d->l2_bytes / 1048576.0);
    fprintf(f, "shared     %lld KiB per SM, %lld KiB per block (%lld KiB opt-in)\n",
            d->smem_per_sm / 1024, d->smem_per_block / 1024,
            d->smem_per_block_optin / 1024);
    fprintf(f, "registers  %lld per SM\n", d->regs_per_sm);
    fprintf(f, "threads    %d per SM, %d per block, warp of %d\n",
            d->max_threads_per_sm, d->max_threads_per_block, d->warp_size);
    fprintf(f, "CUDA       driver %s%s%d.%d%s, runtime %d.%d: %s\n",
            d->driver_release, d->driver_release[0] ? " (CUDA " : "",
            d->driver / 1000, d->driver % 1000 / 10, d->driver_release[0] ? ")" : "",
            d->runtime / 1000, d->runtime % 1000 / 10, d->compat);
    fprintf(f, "libraries  cuBLAS %s, cuDNN %s\n", d->cublas, d->cudnn);
    fprintf(f, "host link  %s\n", d->link);
    fprintf(f, "copies     %d copy engines (asyncEngineCount)\n", d->async_engines);
}
