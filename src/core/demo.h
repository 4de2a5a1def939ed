/* demo: the registry of demos (demos/demos.h) as the core's data: each
 * demo's name, the size fields its variant records carry and how a size
 * reads.  Code that needs one particular
 * demo names its row, CK_DEMO_matmul; code that serves every demo walks
 * the rows.  No demo is named anywhere else (tests/e2e/demo_registry.sh). */
#ifndef CK_DEMO_H
#define CK_DEMO_H
#include <stdbool.h>
#include <stddef.h>
#include "demos.h"

enum demo_id {
#define CK_DEMO_ENUM_(id, ...) CK_DEMO_##id,
	CK_DEMOS(CK_DEMO_ENUM_)
#undef CK_DEMO_ENUM_
	CK_NDEMOS
};

/* The kinds of view (demos/demos.h); the terminal layer draws each
 * (src/tui/screens/demo_ops.h). */
enum demo_view { DEMO_VIEW_bars, DEMO_VIEW_attn, DEMO_VIEW_curve, DEMO_VIEW_timeline,
		 DEMO_VIEW_launch, DEMO_VIEW_card, DEMO_VIEW_multi };

struct demo_row {
	const char *name;
	enum demo_view view;
	const char *sizes;      /* the size fields a variant record must carry, space-separated */
	const char *size_text;  /* "{m}x{n}x{k}": how a size reads; "" */
	const char *sweep;      /* the recorded size sweep in demos/results/, or NULL */
};

extern const struct demo_row demo_rows[CK_NDEMOS];
/* The demos' names in the registry's order, NULL-terminated. */
extern const char *const demo_names[CK_NDEMOS + 1];

/* The row of the demo called name, or -1 (also for NULL). */
int demo_index(const char *name);
const struct demo_row *demo_find(const char *name);
static inline const char *demo_name(enum demo_id id) { return demo_rows[id].name; }
/* Whether the demo's variants are a ladder, naive to library, whose
 * speedups mean something (not the sweeps of curve and timeline views). */
bool demo_is_ladder(const char *name);
#endif
