#include "jinja/python/call_args.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "jinja/error.h"

namespace wfgen::jinja {

namespace {

std::string plural(size_t n, std::string_view word) {
  std::string s = std::to_string(n) + " " + std::string(word);
  if (n != 1) s += 's';
  return s;
}

// CPython's format_missing: 'a' / 'a' and 'b' / 'a', 'b', and 'c'.
std::string name_list(const std::vector<std::string_view>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) {
      if (names.size() > 2) out += ',';
      out += i + 1 == names.size() ? " and " : " ";
    }
    out += '\'';
    out += names[i];
    out += '\'';
  }
  return out;
}

}  // namespace

void check_varargs_call(const PySignature& sig, const CallArgs& args) {
  for (const auto& kw : args.kwargs) {
    for (auto p : sig.implicit) {
      if (p == kw.first) {
        throw_type_error(std::string(sig.name) + "() got multiple values for argument '" +
                         kw.first + "'");
      }
    }
  }
}

void ArgBinder::bind(const PySignature& sig, CallArgs& args) {
  const size_t n_params = sig.params.size();
  if (n_params > kMaxParams) throw std::logic_error("ArgBinder: too many parameters");
  const std::string func(sig.name);
  const size_t n_implicit = sig.implicit.size();
  const size_t n_pos = args.args.size();

  if (sig.style == CallStyle::ExactlyOne) {
    if (!args.kwargs.empty()) throw_type_error(func + "() takes no keyword arguments");
    if (n_pos != 0) {
      throw_type_error(func + "() takes exactly one argument (" + std::to_string(n_pos + 1) +
                       " given)");
    }
    return;
  }
  if (sig.style == CallStyle::Operator) {
    if (!args.kwargs.empty())
      throw_type_error("_operator." + func + "() takes no keyword arguments");
    if (n_implicit + n_pos != n_implicit + n_params) {
      throw_type_error(func + " expected " + plural(n_implicit + n_params, "argument") + ", got " +
                       std::to_string(n_implicit + n_pos));
    }
  }

  // Python binds the positional arguments, then the keywords (in order), and only
  // then complains about surplus positional arguments or missing ones.
  for (size_t i = 0; i < n_pos && i < n_params; ++i) {
    bound_[i] = &args.args[i];
    given_ |= 1u << i;
  }
  for (auto& [name, value] : args.kwargs) {
    size_t index = 0;  // over implicit + params
    bool found = false;
    for (auto p : sig.implicit) {
      if (p == name && index >= sig.posonly) {
        throw_type_error(func + "() got multiple values for argument '" + name + "'");
      }
      ++index;
    }
    size_t i = 0;
    for (auto p : sig.params) {
      if (p == name && index >= sig.posonly) {
        found = true;
        break;
      }
      ++i;
      ++index;
    }
    if (!found) {
      if (sig.posonly > 0) {
        // Every keyword that names a positional-only parameter, in call order.
        std::string names;
        for (const auto& kw : args.kwargs) {
          size_t k = 0;
          for (auto p : sig.implicit) {
            if (k++ < sig.posonly && p == kw.first) names += (names.empty() ? "" : ", ") + kw.first;
          }
          for (auto p : sig.params) {
            if (k++ < sig.posonly && p == kw.first) names += (names.empty() ? "" : ", ") + kw.first;
          }
        }
        if (!names.empty()) {
          throw_type_error(func +
                           "() got some positional-only arguments passed as keyword "
                           "arguments: '" +
                           names + "'");
        }
      }
      throw_type_error(func + "() got an unexpected keyword argument '" + name + "'");
    }
    if (has(i)) throw_type_error(func + "() got multiple values for argument '" + name + "'");
    bound_[i] = &value;
    given_ |= 1u << i;
  }
  if (n_pos > n_params) {
    size_t total = n_implicit + n_params;
    size_t defaults = n_params - sig.required;
    size_t given = n_implicit + n_pos;
    std::string takes = defaults ? "from " + std::to_string(total - defaults) + " to " +
                                       std::to_string(total) + " positional arguments"
                                 : plural(total, "positional argument");
    throw_type_error(func + "() takes " + takes + " but " + std::to_string(given) +
                     (given == 1 ? " was" : " were") + " given");
  }
  std::vector<std::string_view> missing;
  size_t i = 0;
  for (auto p : sig.params) {
    if (i < sig.required && !has(i)) missing.push_back(p);
    ++i;
  }
  if (!missing.empty()) {
    throw_type_error(func + "() missing " + plural(missing.size(), "required positional argument") +
                     ": " + name_list(missing));
  }
}

}  // namespace wfgen::jinja
