// expect: kind: out-of-bounds
// the float4 loop runs to (n + 3) / 4: the last float4 reads past the end

__global__ void saxpy4(int n, float a, const float *x, float *y)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x, stride = gridDim.x * blockDim.x;
    const float4 *x4 = (const float4 *)x;
    float4 *y4 = (float4 *)y;
    for (int i = t; i < (n + 3) / 4; i += stride) {
        float4 u = x4[i], v = y4[i];
        v.x = a * u.x + v.x;
        v.y = a * u.y + v.y;
        v.z = a * u.z + v.z;
        v.w = a * u.w + v.w;
        y4[i] = v;
    }
    for (int i = (n + 3) / 4 * 4 + t; i < n; i += stride)
        y[i] = a * x[i] + y[i];
}
