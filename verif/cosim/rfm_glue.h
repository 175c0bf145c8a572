// rfm_glue.h - helpers the generated <module>_glue.h files use to move port values between the
// C model's io buffer (uint32_t words, least significant first) and a Verilated model.
#pragma once

#include <verilated.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

extern "C" {
#include "rfm_block.h"
}

// One port as the glue was generated: checked against the model's table at start.
struct glue_port_t {
	const char *name; // Verilog name
	int dir;          // 0 input, 1 output
	unsigned width;   // bits
};

// Called for every output that differs: port name, width, expected and actual words.
typedef void (*glue_report_fn)(void *ctx, const char *port, unsigned width, const uint32_t *expected,
			       const uint32_t *got);

// Scalar ports (CData, SData, IData, QData).
template <typename T> static inline void glue_put(T &sig, const uint32_t *w, unsigned words)
{
	uint64_t v = w[0];
	if (words > 1)
		v |= (uint64_t)w[1] << 32;
	sig = (T)v;
}

// Wide ports (VlWide<N>).
template <std::size_t N> static inline void glue_put(VlWide<N> &sig, const uint32_t *w, unsigned words)
{
	for (std::size_t i = 0; i < N; i++)
		sig[i] = i < words ? w[i] : 0;
}

// Compared in place: this runs for every output every cycle, and the words are copied only when
// they differ (for the report).
template <typename T>
static inline unsigned glue_cmp(const T &sig, const uint32_t *exp, unsigned words, unsigned width, const char *name,
				glue_report_fn report, void *ctx)
{
	uint64_t v = (uint64_t)sig;
	if ((uint32_t)v == exp[0] && (words < 2 || (uint32_t)(v >> 32) == exp[1]))
		return 0;
	uint32_t got[2] = {(uint32_t)v, (uint32_t)(v >> 32)};
	report(ctx, name, width, exp, got);
	return 1;
}

template <std::size_t N>
static inline unsigned glue_cmp(const VlWide<N> &sig, const uint32_t *exp, unsigned words, unsigned width,
				const char *name, glue_report_fn report, void *ctx)
{
	static_assert(sizeof(sig[0]) == sizeof(uint32_t), "Verilator wide words are 32 bits");
	if (!std::memcmp(sig.data(), exp, (words < N ? words : N) * sizeof(uint32_t)))
		return 0;
	report(ctx, name, width, exp, sig.data());
	return 1;
}
