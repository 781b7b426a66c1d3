// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer). SwiftPM points an executable's `main` at the Swift
// entry point, so the fuzz targets start the driver themselves instead of using libFuzzer's own `main`.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
