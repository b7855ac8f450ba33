/*
 * SwiftPM renames an executable's `main` to `<Target>_main` and defines `main` as an alias of
 * it. The harnesses are built with -parse-as-library, so they have no main of their own: these
 * entry points hand control to libFuzzer's driver, which calls the harness's
 * LLVMFuzzerTestOneInput.
 */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }

int StateURLFuzzer_main(int argc, char **argv) { return run(argc, argv); }
int LinkFuzzer_main(int argc, char **argv) { return run(argc, argv); }
int RelativePathFuzzer_main(int argc, char **argv) { return run(argc, argv); }
