// Interned variable names: the parser turns every name into a small integer once,
// so scope lookups at render time compare integers, not strings.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace wfgen::jinja {

uint32_t intern_symbol(std::string_view name);
// Returns the id of `name` only if it was interned before (UINT32_MAX otherwise).
uint32_t find_symbol(std::string_view name);
const std::string& symbol_name(uint32_t id);

}  // namespace wfgen::jinja
