#pragma once
/* Nothing to import: this target only defines the executables' entry points. */
