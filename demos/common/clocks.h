/* clocks.h: what the GPU ran at while a variant was timed, read through
 * NVML opened with dlopen (libnvidia-ml.so.1, as link.h does), so a record
 * can say whether its reps ran at full clock.
 *
 *   ck_clocks_sample(bus, s)  one sample of the GPU at PCI bus id `bus`:
 *                             SM clock (nvmlDeviceGetClockInfo, NVML_CLOCK_SM),
 *                             board power (nvmlDeviceGetPowerUsage, mW) and
 *                             the clock-event (throttle) reasons
 *                             (nvmlDeviceGetCurrentClocksEventReasons, or
 *                             ...ThrottleReasons on older drivers); false when
 *                             NVML or the device is not there (s untouched).
 *   ck_clocks_add(a, s)       folds one sample into a record's summary.
 * NVML is initialised on the first sample and kept for the process. */
#ifndef CK_CLOCKS_H
#define CK_CLOCKS_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* NVML's clock-event reasons that mean the clock was held down (power cap,
 * hardware slowdown, thermal, power brake); idle, application-clock
 * settings and sync boost are not counted. */
#define CK_THROTTLE_MASK (0x4ull | 0x8ull | 0x20ull | 0x40ull | 0x80ull)

struct ck_clock_sample {
    double sm_mhz, power_w;
    unsigned long long reasons;
};

/* The clocks of a record's reps: samples 0 means none were read. */
struct ck_clocks {
    int samples, throttled;     /* samples with a CK_THROTTLE_MASK reason */
    double sm_mhz_sum, sm_mhz_min, power_w_max;
    unsigned long long reasons; /* every reason seen, OR'd */
};

bool ck_clocks_sample(const char *bus, struct ck_clock_sample *s);
void ck_clocks_add(struct ck_clocks *c, const struct ck_clock_sample *s);

#ifdef __cplusplus
}
#endif

#endif
