// Freeing data without nlohmann's detour: its destructor first moves every container's
// children to a vector on the heap (so that deep data cannot overflow the stack), an
// allocation and a move per child; a run's matrices, freed that way, were about 4 % of a
// check's time (perf samples). free_json empties containers from the leaves up instead,
// so that each one's destructor finds nothing to move.
#pragma once

#include "data/document.h"

namespace wfgen::data {

// Leaves `j` an empty container (or as it was, for a scalar); every nested container is
// freed on the way. Deeper than kFreeDepth, a subtree is left to nlohmann's destructor.
void free_json(Json& j) noexcept;

}  // namespace wfgen::data
