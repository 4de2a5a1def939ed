/* demo: the registry's rows for the core (demo.h). */
#include "demo.h"

#include <string.h>

#define ROW_(id, view, title, sizes, size_text, sweep, dname) \
	[CK_DEMO_##id] = { #id, DEMO_VIEW_##view, sizes, size_text, sweep },
const struct demo_row demo_rows[CK_NDEMOS] = { CK_DEMOS(ROW_) };
#undef ROW_

#define NAME_(id, ...) #id,
const char *const demo_names[CK_NDEMOS + 1] = { CK_DEMOS(NAME_) NULL };
#undef NAME_

int demo_index(const char *name)
{
	for (int i = 0; name && i < CK_NDEMOS; i++)
		if (!strcmp(demo_rows[i].name, name))
			return i;
	return -1;
}

const struct demo_row *demo_find(const char *name)
{
	int i = demo_index(name);
	return i < 0 ? NULL : &demo_rows[i];
}

bool demo_is_ladder(const char *name)
{
	const struct demo_row *r = demo_find(name);
	return r && r->view != DEMO_VIEW_curve && r->view != DEMO_VIEW_timeline &&
	       r->view != DEMO_VIEW_multi;
}
