// harness for streams-overlap: h_out = h_in squared through the device,
// host buffers pinned, 4 streams; the speed counts the bytes both ways
// (8 n) over the whole pipeline.  Judged on a GPU only.
#include "drill.h"

void pipeline(const float *h_in, float *h_out, float *d, int n, cudaStream_t *s, int nstreams);

static void run(ck_drill &d, long n)
{
    float *in = NULL, *out = NULL, *dev = NULL;
    cudaMallocHost((void **)&in, n * sizeof(float));
    cudaMallocHost((void **)&out, n * sizeof(float));
    cudaMalloc((void **)&dev, n * sizeof(float));
    std::vector<float> v(n), want(n), got(n);
    ck_fill(v, 20);
    for (long i = 0; i < n; i++)
        in[i] = v[i], want[i] = v[i] * v[i], out[i] = NAN;
    cudaStream_t s[4];
    for (int i = 0; i < 4; i++)
        cudaStreamCreate(&s[i]);
    pipeline(in, out, dev, (int)n, s, 4);
    /* read h_out the moment pipeline() returns, before anything here waits
     * for the device: waiting for the streams is the learner's to do */
    for (long i = 0; i < n; i++)
        got[i] = out[i];
    d.launched(cudaGetLastError());
    d.check_floats(d.name(), got.data(), want.data(), n, 1e-6);
    if (d.timing())
        d.time(d.name(), 8.0 * n, 1.0 * n, [&] { pipeline(in, out, dev, (int)n, s, 4); });
    for (int i = 0; i < 4; i++)
        cudaStreamDestroy(s[i]);
    cudaFreeHost(in), cudaFreeHost(out), cudaFree(dev);
}

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++)
        if (d.begin(i))
            run(d, d.size(i).n);
    return d.finish();
}
