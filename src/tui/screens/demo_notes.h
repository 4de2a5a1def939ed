/* demo_notes: the lines of text under a demo section's bars, drawn by
 * demo_view.c: how far the section's times can be trusted, and what its
 * records say beyond the bars (the HBM roof, the TF32 rungs against the
 * library of their precision, the best rung's pick, the conv rungs exact
 * on integer inputs, the bytes fusion saves).  Each draws the picture
 * lines from `line` on (screen row y + line), only those inside rows
 * [y0, y1), and returns the picture line after what it drew. */
#ifndef CK_DEMO_NOTES_H
#define CK_DEMO_NOTES_H
#include "demo_view.h"

/* text wrapped at column 1, in role r. */
int demo_note_lines(const char *text, enum role r, int y, int line, int y0, int y1);
/* A CPU fallback's swing and the count of noisy variants, if any. */
int demo_notes_noise(const struct demo_section *s, int y, int line, int y0, int y1);
/* The notes of the section's ladder, each where its records have one. */
int demo_notes_ladder(const struct demo_section *s, int y, int line, int y0, int y1);
#endif
