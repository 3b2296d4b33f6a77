// SourceTrace: where each byte of a render's output was written from (template text, an
// output expression, a statement), and through which macro calls, includes and blocks.
// Off by default: a render without one pays a null test per piece it emits. A caller
// that must explain an output (a lint finding in a generated file) renders it again with
// a trace attached (Environment::render) and asks origin() about the bytes it cares for.
//
// The trace points into the templates it saw: it is valid while the Environment that
// rendered (its template cache) and the rendered template live.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jinja/error.h"

namespace wfgen::jinja {

class Template;

// How a piece of the output was reached from the template around it.
enum class TraceSiteKind : uint8_t {
  Call,     // a printed macro call (or caller(), super(), a recursive loop())
  Include,  // {% include %}
  Block,    // {% block %}: the block's body comes from this template or one extending it
};

struct TraceSite {
  SourceLoc where;
  TraceSiteKind kind;
};

// Where one output byte came from.
struct TraceOrigin {
  SourceLoc where;         // the byte itself (template text), or the expression/statement
  std::string expression;  // the {{ }}'s source text when an output expression wrote it
  std::vector<TraceSite> via;  // innermost first: the calls, includes and blocks that led there
};

class SourceTrace {
 public:
  // The origin of output byte `offset`; nullopt when no traced piece covers it.
  std::optional<TraceOrigin> origin(size_t offset) const;

  // --- the renderer's side: pieces at output offsets of the buffer being written ----
  // Template text: `text` is a view into `tmpl`'s source.
  void text(size_t offset, const Template& tmpl, std::string_view text);
  // An output expression; `source` is its text, a view into `tmpl`'s source (empty when
  // unknown: then `pos` places it).
  void expression(size_t offset, const Template& tmpl, uint32_t pos, std::string_view source);
  // A statement that writes a value of its own (a filter block, a call block).
  void statement(size_t offset, const Template& tmpl, uint32_t pos);

  void enter(TraceSiteKind kind, const Template& tmpl, uint32_t pos);
  void leave();

  // Output captured into a value (a macro's result, a block rendered to a string) is
  // traced apart; if that value is then written verbatim, splice() moves its pieces there.
  void begin_capture();
  void end_capture(size_t size);
  uint64_t captures_ended() const { return captures_ended_; }
  // `size` bytes were just written at `offset`; when they are the last capture, ended
  // since `captures_before`, and of its size, its pieces are placed there.
  void splice(size_t offset, size_t size, uint64_t captures_before);

 private:
  enum class Kind : uint8_t { Text, Expression, Statement };
  struct Piece {
    size_t offset;
    const Template* tmpl;
    uint32_t pos;     // into the template's source
    uint32_t length;  // Text: bytes of text; Expression: bytes of its source text
    Kind kind;
    int32_t site;  // index in sites_, -1 at the top
  };
  struct Site {
    const Template* tmpl;
    uint32_t pos;
    TraceSiteKind kind;
    int32_t parent;
  };

  void add(Piece p) { pieces_.push_back(p); }

  std::vector<Piece> pieces_;  // by offset, in the buffer being written
  std::vector<Site> sites_;
  int32_t current_ = -1;
  std::vector<size_t> captures_;  // where each open capture's pieces start in pieces_
  std::vector<Piece> last_capture_;
  size_t last_capture_size_ = 0;
  uint64_t captures_ended_ = 0;
};

// Inside a call, include or block for as long as it lives; nothing without a trace.
class TraceScope {
 public:
  TraceScope(SourceTrace* trace, TraceSiteKind kind, const Template* tmpl, uint32_t pos)
      : trace_(trace && tmpl ? trace : nullptr) {
    if (trace_) trace_->enter(kind, *tmpl, pos);
  }
  ~TraceScope() {
    if (trace_) trace_->leave();
  }
  TraceScope(const TraceScope&) = delete;
  TraceScope& operator=(const TraceScope&) = delete;

 private:
  SourceTrace* trace_;
};

}  // namespace wfgen::jinja
