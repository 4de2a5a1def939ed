/* emu.h - what the emulated-kernel tests share: TAP lines, inputs that are
 * never zero, and the relative error against an FP64 reference (1 when
 * anything is not finite, so a NaN never passes). Included after simt.h. */
#ifndef CK_EMU_H
#define CK_EMU_H

#include <math.h>
#include <stdio.h>
#include <vector>

static int tap_n, tap_fail;

static inline void ok(bool pass, const char *what)
{
    tap_n++;
    if (!pass)
        tap_fail++;
    printf("%s %d - %s\n", pass ? "ok" : "not ok", tap_n, what);
}

/* +-[0.1, 1), never zero: zeros hide unwritten outputs and bad indexing */
static inline void emu_fill(std::vector<float> &v, unsigned seed)
{
    for (auto &x : v) {
        seed = seed * 1664525u + 1013904223u;
        float m = 0.1f + 0.9f * (float)((seed >> 8) & 0xffff) / 65536.0f;
        x = (seed >> 31) ? -m : m;
    }
}

static inline double emu_rel_err(const std::vector<float> &got, const std::vector<double> &ref)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < got.size(); i++) {
        if (!std::isfinite(got[i]))
            return 1.0;
        num += (got[i] - ref[i]) * (got[i] - ref[i]);
        den += ref[i] * ref[i];
    }
    return den > 0 ? sqrt(num / den) : sqrt(num);
}

#endif
