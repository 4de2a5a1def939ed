// expect: cause: wrong
// each chunk's kernel squares the whole array: elements squared again and again

__global__ void square(float *x, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] = x[i] * x[i];
}

/* h_in, h_out: pinned; d: n floats on the device; s: nstreams streams */
void pipeline(const float *h_in, float *h_out, float *d, int n, cudaStream_t *s, int nstreams)
{
    int chunk = (n + 4 * nstreams - 1) / (4 * nstreams);
    for (int off = 0, c = 0; off < n; off += chunk, c++) {
        int len = n - off < chunk ? n - off : chunk;
        cudaStream_t st = s[c % nstreams];
        cudaMemcpyAsync(d + off, h_in + off, len * sizeof(float), cudaMemcpyHostToDevice, st);
        square<<<(len + 255) / 256, 256, 0, st>>>(d, off + len);
        cudaMemcpyAsync(h_out + off, d + off, len * sizeof(float), cudaMemcpyDeviceToHost, st);
    }
    cudaDeviceSynchronize();
}
