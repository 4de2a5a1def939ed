/* role: what a piece of text is (title, code, a correct answer...), as
 * opposed to how it looks.  The core marks text with roles (highlight.c,
 * layout.c); only the terminal layer (src/tui/ui.c) maps a role to colours
 * and attributes, once, so drawing code never names a raw colour. */
#ifndef CK_ROLE_H
#define CK_ROLE_H

enum role {
	C_NORMAL, C_TITLE, C_HEADING, C_DIM, C_CODE, C_KEYWORD, C_COMMENT, C_STRING,
	C_ANALOGY, C_NOTE, C_OK, C_WRONG, C_SELECT, C_STATUS, C_ACCENT,
	C_SM0, C_SM1, C_SM2, C_SM3, C_SM4, C_SM5, C_SM6, C_SM7,  /* per-SM colours (tiling) */
	C_MATCH,   /* text a search found (search.h) */
	C_COUNT
};

#endif
