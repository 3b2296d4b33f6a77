#include "jinja/args.h"

#include <stdexcept>
#include <string>

#include "jinja/error.h"

namespace wfgen::jinja {

void ArgBinder::bind(std::string_view func, CallArgs& args,
                     std::initializer_list<std::string_view> params) {
  if (params.size() > kMaxParams) throw std::logic_error("ArgBinder: too many parameters");
  if (args.args.size() > params.size()) {
    throw_type_error(std::string(func) + "() takes at most " + std::to_string(params.size()) +
                     " argument" + (params.size() == 1 ? "" : "s") + " (" +
                     std::to_string(args.args.size()) + " given)");
  }
  for (size_t i = 0; i < args.args.size(); ++i) {
    bound_[i] = &args.args[i];
    given_ |= 1u << i;
  }
  for (auto& [name, value] : args.kwargs) {
    size_t i = 0;
    for (auto p : params) {
      if (p == name) break;
      ++i;
    }
    if (i == params.size()) {
      throw_type_error(std::string(func) + "() got an unexpected keyword argument '" + name + "'");
    }
    if (has(i)) {
      throw_type_error(std::string(func) + "() got multiple values for argument '" + name + "'");
    }
    bound_[i] = &value;
    given_ |= 1u << i;
  }
}

}  // namespace wfgen::jinja
