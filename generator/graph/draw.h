// Drawing job graphs: Mermaid (GitHub renders it in markdown, issues and step summaries)
// and Graphviz DOT. One node per job, labelled with what a reviewer checks (the reusable
// workflow it calls, its matrix size, its test shards, its condition in short); one edge
// per `needs`. Several workflows are drawn side by side, one box each.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "graph/job_graph.h"

namespace wfgen::graph {

enum class DrawFormat { Mermaid, Dot };

// How a drawing marks a job that a change adds, removes or changes (`wfgen graph --diff`).
enum class JobMark { Added, Removed, Changed };

struct Drawing {
  const JobGraph* graph = nullptr;
  std::map<std::string, JobMark> marks;  // by job id; unmarked jobs are drawn plain
};

std::string draw(const std::vector<Drawing>& drawings, DrawFormat format);

// The lines of a job's label, first its id; long values cut to `width` characters.
std::vector<std::string> job_label(const Job& job, size_t width = 48);

}  // namespace wfgen::graph
