// Families that can be planned apart: two families naming a matrix file in common (as
// their matrix or as a table) are in one group, so that a planner expands each such file
// once. Matrices a file refers to in turn (`one_of: {matrix: ...}`, `tables:`) are not
// seen here; two groups may both expand one (correct, only repeated work).
#pragma once

#include <cstddef>
#include <vector>

#include "pipeline/manifest.h"

namespace wfgen::pipeline {

// The groups of `families` (indices, ascending), ordered by their first family.
std::vector<std::vector<size_t>> family_groups(const std::vector<Family>& families);

}  // namespace wfgen::pipeline
