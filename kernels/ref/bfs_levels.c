/* bfs_levels.c - reference of kernels/bfs_levels.cu: level-synchronous breadth-first search from
 * each block's source. Within a round, nodes marked in that round are on the next level and are
 * not expanded, and every thread that marks a node writes the same level, so the result does not
 * depend on the order of the threads: it is the distance from the source, or -1. */
#include "ref.h"

#define MAXDEG 4u

int kr_bfs_levels(kr_ctx_t *c)
{
	const kl_launch_t *l = c->l;
	uint32_t gx = l->grid[0], blk, v, j, d, u;
	const uint32_t *deg, *adj;
	int32_t n, level, *cost, *cb;
	int changed;
	if (kr_params(c, 4) || kr_shape(c, 0, 1, 1, 1))
		return -1;
	n = kr_s32(c, 3, 1, (int32_t)KL_COUNT_MAX);
	if (c->bad)
		return -1;
	deg = kr_buffer(c, 0, KL_U32, (uint64_t)n, 0);
	adj = kr_buffer(c, 1, KL_U32, (uint64_t)n * MAXDEG, 0);
	cost = kr_buffer(c, 2, KL_S32, (uint64_t)n * gx, 1);
	if (c->bad)
		return -1;
	for (blk = 0; blk < gx; blk++) {
		uint32_t src = blk * ((uint32_t)n / gx);
		cb = cost + (uint64_t)blk * (uint32_t)n;
		for (v = 0; v < (uint32_t)n; v++)
			cb[v] = v == src ? 0 : -1;
		for (level = 0;; level++) {
			changed = 0;
			for (v = 0; v < (uint32_t)n; v++) {
				if (cb[v] != level)
					continue;
				d = deg[v] < MAXDEG ? deg[v] : MAXDEG;
				for (j = 0; j < d; j++) {
					u = adj[v * MAXDEG + j];
					if (u < (uint32_t)n && cb[u] < 0) {
						cb[u] = level + 1;
						changed = 1;
					}
				}
			}
			if (!changed)
				break;
		}
	}
	return 0;
}
