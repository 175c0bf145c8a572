/* bfs_levels.cu - breadth-first levels on a directed graph of n nodes with at most 4 out-edges
 * each: node v has min(deg[v], 4) edges, to adj[4 v + j] (targets >= n are skipped). Block b
 * searches from node b * (n / gridDim.x) and writes cost[b * n + v]: the level of v, or -1 when v
 * is unreachable. One level per round: the threads walk their nodes (v = threadIdx.x, stepping by
 * blockDim.x), expand those on the current level and mark unvisited targets; a shared flag ends
 * the search when a round marks nothing. Every thread that marks a node writes the same level. */
#define MAXDEG 4u

extern "C" __global__ void bfs_levels(const unsigned *deg, const unsigned *adj, int *cost, int n)
{
	__shared__ int changed;
	int *c = cost + blockIdx.x * n;
	int src = blockIdx.x * (n / gridDim.x);

	for (int v = threadIdx.x; v < n; v += blockDim.x)
		c[v] = v == src ? 0 : -1;
	for (int level = 0;; level++) {
		if (threadIdx.x == 0)
			changed = 0;
		__syncthreads();
		for (int v = threadIdx.x; v < n; v += blockDim.x) {
			if (c[v] != level)
				continue;
			unsigned d = min(deg[v], MAXDEG);
			for (unsigned j = 0; j < d; j++) {
				unsigned u = adj[v * MAXDEG + j];
				if (u < (unsigned)n && c[u] < 0) {
					c[u] = level + 1;
					changed = 1;
				}
			}
		}
		__syncthreads();
		if (!changed)
			break;
		__syncthreads();
	}
}
