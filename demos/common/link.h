/* link.h: the host link of device 0 (PCIe generation and width, NVLink),
 * read through NVML opened with dlopen (libnvidia-ml.so.1, which the
 * NVIDIA driver installs), so the demos never link against it.
 *
 *   ck_pcie_lane_gbs(gen)   GB/s per lane and direction of a PCIe
 *                           generation: transfer rate times line-code
 *                           efficiency (Gen1/2 8b/10b, Gen3-5 128b/130b),
 *                           e.g. Gen5: 32 GT/s * 128/130 / 8 = 3.94 GB/s;
 *                           0 for a generation not in the table.
 *   ck_link_query(bus, d)   fills d's link fields for the GPU at PCI bus id
 *                           `bus` (as cudaDeviceGetPCIBusId writes it); on
 *                           any failure d->link says "unknown: <why>" and
 *                           the numbers stay 0. */
#ifndef CK_LINK_H
#define CK_LINK_H

#include "device.h"

#ifdef __cplusplus
extern "C" {
#endif

double ck_pcie_lane_gbs(int gen);
void ck_link_query(const char *bus, struct ck_device *d);
/* The text and peak from the numbers already in d (also used by tests). */
void ck_link_describe(struct ck_device *d);

#ifdef __cplusplus
}
#endif

#endif
