# fuzz.mk: the libFuzzer targets (clang) and their corpus replay (any
# compiler), included by the top Makefile.
#
#   make fuzz                 every target for FUZZ_SECONDS (60) each, one after another
#   make fuzz-lesson          one target; FUZZ_SECONDS=600 for a long run
#   make fuzz-merge           adds what the last runs found to fuzz/corpus/, minimized
#
# A target is fuzz/fuzz_NAME.c.  libFuzzer writes what it finds to
# build-fuzz/corpus/NAME/ and a crashing input to build-fuzz/crash-NAME-*;
# fuzz/corpus/NAME/ is the committed regression corpus, which `make test`
# replays with $(BUILD)/fuzz/replay_NAME (tests/e2e/fuzz_corpus.sh).

FUZZ_CC ?= clang
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_NICE ?= nice -n 10
FUZZ_ARGS ?=
FUZZ_TARGETS := $(patsubst fuzz/fuzz_%.c,%,$(wildcard fuzz/fuzz_*.c))
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -O1 -g $(filter-out $(SANFLAGS) -I$(BUILD)/nocurses,$(CK_CORE_CFLAGS)) -I$(FUZZ_BUILD)/nocurses $(FUZZ_SAN)
FUZZ_CORE := $(CORE_SRC:src/%.c=$(FUZZ_BUILD)/obj/%.o)
REPLAY := $(FUZZ_TARGETS:%=$(BUILD)/fuzz/replay_%)

# Seeds: the shipped content each target reads (directories only; the
# ones not in this checkout are skipped).
FUZZ_SEEDS_lesson := lessons/en lessons/zh tests/fixtures/lesson-bad tests/fixtures/course-good \
	tests/fixtures/lessons-mini tests/fixtures/example quizzes/en
FUZZ_SEEDS_quiz := quizzes/en quizzes/zh tests/fixtures/quiz/bad/quizzes tests/fixtures/quiz/class/quizzes/en \
	tests/fixtures/quiz/class-predict/quizzes/en
FUZZ_SEEDS_results := demos/results tests/fixtures/results tests/fixtures/quiz
FUZZ_SEEDS_progress := tests/fixtures/progress
FUZZ_SEEDS_cert := tests/golden
FUZZ_DICT_lesson := fuzz/yaml.dict
FUZZ_DICT_quiz := fuzz/yaml.dict
FUZZ_DICT_results := fuzz/yaml.dict
FUZZ_DICT_progress := fuzz/yaml.dict

.PHONY: fuzz fuzz-build fuzz-merge
fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do $(MAKE) --no-print-directory fuzz-$$t || exit 1; done

fuzz-%: $(FUZZ_BUILD)/fuzz_%
	@mkdir -p $(FUZZ_BUILD)/corpus/$* $(FUZZ_BUILD)/logs
	@echo "== fuzz $* for $(FUZZ_SECONDS) s (log: $(FUZZ_BUILD)/logs/$*.log)"
	@$(FUZZ_NICE) ./$< -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/crash-$*- \
		$(addprefix -dict=,$(FUZZ_DICT_$*)) $(FUZZ_ARGS) \
		$(FUZZ_BUILD)/corpus/$* fuzz/corpus/$* $(wildcard $(FUZZ_SEEDS_$*)) \
		> $(FUZZ_BUILD)/logs/$*.log 2>&1; \
		rc=$$?; grep -E '^#[0-9]+[[:space:]]+DONE' $(FUZZ_BUILD)/logs/$*.log; \
		grep -E '^stat::number_of_executed_units' $(FUZZ_BUILD)/logs/$*.log; \
		if [ $$rc != 0 ]; then tail -40 $(FUZZ_BUILD)/logs/$*.log; echo "fuzz $*: FINDING (exit $$rc)"; exit 1; fi

# New inputs that add coverage beyond the committed corpus and the seeds
# go into fuzz/corpus/NAME (libFuzzer names them by their SHA-1).
fuzz-merge: fuzz-build
	@for t in $(FUZZ_TARGETS); do $(MAKE) --no-print-directory fuzz-merge-$$t || exit 1; done

fuzz-merge-%: $(FUZZ_BUILD)/fuzz_%
	@if [ -d $(FUZZ_BUILD)/corpus/$* ]; then \
		sh fuzz/merge.sh ./$< $(FUZZ_BUILD)/corpus/$* fuzz/corpus/$* $(wildcard $(FUZZ_SEEDS_$*)); fi

$(FUZZ_CORE): $(FUZZ_BUILD)/obj/%.o: src/%.c $(NOCURSES:$(BUILD)/%=$(FUZZ_BUILD)/%)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(NOCURSES:$(BUILD)/%=$(FUZZ_BUILD)/%):
	@mkdir -p $(@D)
	@echo '#error "src/core must not use curses"' > $@

$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz.h $(FUZZ_CORE)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_CORE) $(CORE_LIBS)

$(FUZZ_BUILD)/obj:
	mkdir -p $@

# The replay drivers: the normal compiler and flags (ASan/UBSan with SANITIZE=1).
$(BUILD)/fuzz/%.o: fuzz/%.c $(NOCURSES) | $(BUILD)/fuzz
	$(CC) $(CFLAGS) $(CK_CORE_CFLAGS) -c -o $@ $<

$(BUILD)/fuzz/replay_%: $(BUILD)/fuzz/fuzz_%.o $(BUILD)/fuzz/replay.o $(CORE_LIB)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS_CORE)

$(BUILD)/fuzz:
	mkdir -p $@

.PRECIOUS: $(FUZZ_BUILD)/fuzz_% $(BUILD)/fuzz/%.o
.SECONDARY: $(FUZZ_CORE) $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%.o) $(BUILD)/fuzz/replay.o
-include $(wildcard $(FUZZ_BUILD)/*.d $(FUZZ_BUILD)/obj/*/*.d $(BUILD)/fuzz/*.d)
