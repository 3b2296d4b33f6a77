#include "yaml/options.h"

namespace wfgen::yaml {

std::string depth_limit_message(const ParseOptions& options) {
  std::string out = "collections nested deeper than " + std::to_string(options.max_depth) + " levels";
  if (!options.max_depth_setting.empty())
    out += " (limit " + std::string(options.max_depth_setting) + " = " +
           std::to_string(options.max_depth) + ")";
  return out;
}

}  // namespace wfgen::yaml
