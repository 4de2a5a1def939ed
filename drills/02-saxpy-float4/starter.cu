// SAXPY with float4 loads: y = a x + y for every i < n.  One float4 load
// moves four floats: treat x and y as float4 arrays for the first n / 4 * 4
// elements, then do the n % 4 left over one at a time.

__global__ void saxpy4(int n, float a, const float *x, float *y)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x, stride = gridDim.x * blockDim.x;
    const float4 *x4 = (const float4 *)x;
    float4 *y4 = (float4 *)y;
    // TODO: the float4 part: for i from t below n / 4 by stride, y4[i] gets
    // a * x4[i] + y4[i], component by component (.x .y .z .w)
    // TODO: the tail: for i from n / 4 * 4 + t below n by stride, one float
    (void)t, (void)stride, (void)x4, (void)y4, (void)a;
}
