// Python str methods that need more Unicode knowledge than unicode.h exposes:
// the per-character classes behind isdecimal/isnumeric/istitle/isidentifier and
// the full (possibly multi-character) case conversions title/capitalize/swapcase/
// casefold. Tables come from CPython itself (unicode_data_gen.py).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace wfgen::jinja::utf8 {

bool is_decimal(uint32_t cp);
bool is_numeric(uint32_t cp);
bool is_title(uint32_t cp);           // category Lt ('ǅ')
bool is_cased(uint32_t cp);           // upper, lower or title
bool is_case_ignorable(uint32_t cp);  // skipped by the final-sigma rule
bool is_id_start(uint32_t cp);        // str.isidentifier() of one character
bool is_id_continue(uint32_t cp);
bool is_jinja_name_char(uint32_t cp);  // matched by Jinja2's name pattern ([\w<marks>]+)

// Python's str.title(), str.capitalize(), str.swapcase(), str.casefold().
std::string title(std::string_view s);
std::string capitalize(std::string_view s);
std::string swapcase(std::string_view s);
std::string casefold(std::string_view s);

// Python's str.isupper()/islower()/istitle() of a whole string.
bool str_is_upper(std::string_view s);
bool str_is_lower(std::string_view s);
bool str_is_title(std::string_view s);

}  // namespace wfgen::jinja::utf8
