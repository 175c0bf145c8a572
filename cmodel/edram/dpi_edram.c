/* dpi_edram.c - the RTL's side of the eDRAM decay overlay (docs/edram.md, "Decay"): the functions
 * rf_edram_bank calls through DPI-C in simulation, on a twin of the model's overlay.
 *
 * rf_top's eDRAM part (part_edram.c) creates two overlays with the same geometry, mode, table, BER
 * and seed: its own, driven by the model's banks, and this twin, driven only by what the Verilated
 * rf_edram_bank instances report at their clock edges (reads, writes, refreshes and the rows' flags).
 * Both use the part's cycle count and the same C functions, so model and RTL decay identically by
 * construction; a refresh the RTL issues late, at the wrong row or without its noncritical sub-row,
 * or a wrong flag, gives the twin a different history, and the data read differs (a MISMATCH).
 * Without a twin bound (a bank's own co-simulation, or decay off) nothing decays.
 */
#include <stdint.h>
#include <string.h>

#include "rfm_edram.h"
#include "rfm_edram_dpi.h"

static rfm_edram_twin_t *twin; /* the bound twin, or NULL */

void rfm_edram_twin_bind(rfm_edram_twin_t *tw) { twin = tw; }

/* The flag of (bank, row) as the RTL last reported it (for the paper mode's draws). */
static int twin_flag(void *ctx, unsigned bank, unsigned row)
{
	const rfm_edram_twin_t *tw = ctx;
	return tw->flag[bank * tw->g.rows + row];
}

void rfm_edram_twin_begin(rfm_edram_twin_t *tw, uint64_t now)
{
	tw->now = now;
	if (tw->dk)
		rfm_edram_decay_tick(tw->dk, now, twin_flag, tw);
}

/* The bits of lane `lane` of row `row` of bank `bank` that read as 0 now. */
int rfm_dpi_edram_mask(int bank, int row, int lane)
{
	if (!twin || !twin->dk || (unsigned)bank >= twin->g.banks || (unsigned)row >= twin->g.rows ||
	    (unsigned)lane >= twin->g.lanes)
		return 0;
	return (int)rfm_edram_decay_mask(twin->dk, twin->now, (unsigned)bank, (unsigned)row, (unsigned)lane);
}

/* A bank's clock edge after its read masks were taken: a read (restoring with read_restores), a
 * write of the lanes in wmask, a refresh (nc: the noncritical sub-row too). */
void rfm_dpi_edram_edge(int bank, int ren, int raddr, int wen, int waddr, long long wmask, int ref, int rrow,
			int rnc)
{
	if (!twin || !twin->dk || (unsigned)bank >= twin->g.banks)
		return;
	if (ren)
		rfm_edram_decay_read(twin->dk, twin->now, (unsigned)bank, (unsigned)raddr);
	if (wen)
		rfm_edram_decay_write(twin->dk, twin->now, (unsigned)bank, (unsigned)waddr, (uint64_t)wmask);
	if (ref)
		rfm_edram_decay_refresh(twin->dk, twin->now, (unsigned)bank, (unsigned)rrow, rnc);
}

/* 1 when the next cycle draws errors (paper mode, a multiple of T0): the banks then report the
 * flags their rows take at this edge. */
int rfm_dpi_edram_want_flags(void)
{
	return twin && twin->dk && twin->paper && (twin->now + 1u) % twin->g.t0 == 0;
}

/* Bank `bank`'s row flags after this edge (bit r: row r precise), rows / 32 words. */
void rfm_dpi_edram_flags(int bank, const uint32_t *flags)
{
	unsigned r;
	if (!twin || (unsigned)bank >= twin->g.banks)
		return;
	for (r = 0; r < twin->g.rows; r++)
		twin->flag[(unsigned)bank * twin->g.rows + r] = (uint8_t)((flags[r / 32] >> (r % 32)) & 1u);
}
