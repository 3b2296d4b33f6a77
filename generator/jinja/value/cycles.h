// Reference cycles. Values are reference counted, and a template can make a value that
// holds itself (`{% set _ = l.append(l) %}`, `{% set ns.me = ns %}`): counting alone
// never frees it. The places that store a container into another one note the receiver;
// at the end of a render, collect_cycles() frees the noted containers that only cycles
// keep alive (CPython's collector, on the noted part of the heap only).
#pragma once

#include "jinja/value/value.h"

namespace wfgen::jinja {

// `container` (a list, dict or object) now holds another container: it may be in a cycle.
void note_possible_cycle(const Value& container);

// Frees every noted container that nothing outside cycles refers to. The others stay noted
// (they may become garbage later). Cheap when nothing was noted.
void collect_cycles();

// How many containers are noted (for tests).
size_t noted_cycle_candidates();

}  // namespace wfgen::jinja
