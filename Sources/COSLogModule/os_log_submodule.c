// A C target needs a source file; this one compiles to nothing (see include/module.modulemap).
#include "os_log_submodule.h"
