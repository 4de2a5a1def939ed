/* traffic: a variant's own traffic model, for records that do not carry
 * one.  The demos write model_bytes, model_intensity and model into their
 * records (demos/matmul/mm_traffic.h, demos/conv/conv_traffic.h); results
 * recorded before they did get the same formulas here, from the same
 * headers (never a copy), so every roofline places each rung at its own
 * intensity.  No ncurses. */
#ifndef CK_TRAFFIC_H
#define CK_TRAFFIC_H
#include <stdbool.h>
#include <stddef.h>

struct res_variant;

/* Fills v->model_bytes, model_intensity and model from v's demo, variant
 * id and sizes when v has no model_intensity yet and the model applies
 * (matmul or conv, a known rung, sizes >= 1, flops known from the sizes).
 * Returns whether it filled them; a record that carries a model keeps it. */
bool traffic_fill(struct res_variant *v);
/* The intensity a roofline places v at: its model's, else the minimum
 * traffic's (`intensity`); NAN when neither is known. */
double traffic_intensity(const struct res_variant *v);
/* Whether v's model is one of a rung's own (not "unknown: minimum
 * traffic", where the point sits at the minimum anyway). */
bool traffic_known(const struct res_variant *v);
/* A model's name in the learner's language (tr()): the demos write it in
 * English; mm_traffic.h's tiles are "global loads of BMxBN tiles[, K
 * split in S | , K in S parts]", put together from their parts in buf
 * (size bytes); a model with no words of its own comes back as it is. */
const char *traffic_model_words(const char *model, char *buf, size_t size);
#endif
