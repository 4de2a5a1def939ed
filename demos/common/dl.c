/* dl.c: locate optional shared libraries (see dl.h). */
#define _GNU_SOURCE
#include "dl.h"

#include <dlfcn.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const dirs[] = {
    "/usr/local/cuda/lib64",
    "/usr/local/cuda/targets/x86_64-linux/lib",
    "/usr/local/cuda/targets/sbsa-linux/lib",
};

/* Python wheels: nvidia/cudnn/lib, nvidia/cublas/lib, nvidia/cu13/lib... */
static const char *const wheel_globs[] = {
    "/opt/*/.venv/lib/python3*/site-packages/nvidia/*/lib",
    "/usr/local/lib/python3*/dist-packages/nvidia/*/lib",
    "/usr/lib/python3/dist-packages/nvidia/*/lib",
};

static void *try_dir(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

static void *try_env(const char *name)
{
    const char *env = getenv("CK_LIB_PATH");
    if (!env || !*env)
        return NULL;
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", env);
    char *save = NULL;
    for (char *d = strtok_r(buf, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        void *h = try_dir(d, name);
        if (h)
            return h;
    }
    return NULL;
}

static void *try_globs(const char *name)
{
    void *h = NULL;
    for (size_t g = 0; !h && g < sizeof wheel_globs / sizeof *wheel_globs; g++) {
        glob_t gl;
        if (glob(wheel_globs[g], 0, NULL, &gl) == 0)
            for (size_t i = 0; !h && i < gl.gl_pathc; i++)
                h = try_dir(gl.gl_pathv[i], name);
        globfree(&gl);
    }
    return h;
}

void *ck_dl_open(const char *const *names)
{
    void *h = NULL;
    for (int i = 0; !h && names[i]; i++)
        h = try_env(names[i]);
    for (int i = 0; !h && names[i]; i++)
        h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    for (int i = 0; !h && names[i]; i++)
        for (size_t d = 0; !h && d < sizeof dirs / sizeof *dirs; d++)
            h = try_dir(dirs[d], names[i]);
    for (int i = 0; !h && names[i]; i++)
        h = try_globs(names[i]);
    return h;
}

void ck_cudnn_version(char *out, unsigned long n)
{
    static const char *const names[] = {"libcudnn.so.9", "libcudnn.so.8",
                                        "libcudnn.so", NULL};
    snprintf(out, n, "not installed");
    void *h = ck_dl_open(names);
    if (!h)
        return;
    size_t (*get)(void) = NULL;
    *(void **)&get = dlsym(h, "cudnnGetVersion");
    if (get) {
        size_t v = get(); /* cuDNN 9: major*10000 + minor*100 + patch */
        if (v >= 10000)
            snprintf(out, n, "%zu.%zu.%zu", v / 10000, v % 10000 / 100, v % 100);
        else /* cuDNN 8 and older: major*1000 + minor*100 + patch */
            snprintf(out, n, "%zu.%zu.%zu", v / 1000, v % 1000 / 100, v % 100);
    }
    dlclose(h);
}
