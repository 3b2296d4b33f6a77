// schedule: `on.schedule` is a list of `{cron: ...}` entries, each a POSIX cron line of
// five fields (minute hour day-of-month month day-of-week) with values in range, as
// GitHub's "Events that trigger workflows" describes it. A bad cron never runs.
#include <charconv>
#include <string>

#include "lint/rule.h"
#include "lint/shape.h"

namespace wfgen::lint::rules {

namespace {

struct Field {
  std::string_view name;
  int min, max;
  std::vector<std::string_view> names;  // JAN.. / SUN.., numbered from min
};

const Field kFields[] = {
    {"minute", 0, 59, {}},
    {"hour", 0, 23, {}},
    {"day-of-month", 1, 31, {}},
    {"month",
     1,
     12,
     {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}},
    {"day-of-week", 0, 6, {"sun", "mon", "tue", "wed", "thu", "fri", "sat"}},
};

// A number or a name of the field; -1 when neither.
int value_of(std::string_view v, const Field& f) {
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec == std::errc() && p == v.data() + v.size() && !v.empty()) return n;
  for (size_t i = 0; i < f.names.size(); ++i) {
    std::string_view name = f.names[i];
    if (v.size() != name.size()) continue;
    bool same = true;
    for (size_t k = 0; k < v.size(); ++k) same = same && (v[k] | 0x20) == name[k];
    if (same) return f.min + static_cast<int>(i);
  }
  return -1;
}

// "" when `item` (one comma-separated piece of a field) is valid, else why not.
std::string check_item(std::string_view item, const Field& f) {
  std::string range = std::to_string(f.min) + "-" + std::to_string(f.max);
  std::string_view base = item;
  size_t slash = item.find('/');
  if (slash != std::string_view::npos) {
    base = item.substr(0, slash);
    std::string_view step = item.substr(slash + 1);
    int s = 0;
    auto [p, ec] = std::from_chars(step.data(), step.data() + step.size(), s);
    if (ec != std::errc() || p != step.data() + step.size() || step.empty() || s < 1 || s > f.max)
      return "the step '" + std::string(step) + "' must be a number from 1 to " +
             std::to_string(f.max);
  }
  if (base == "*") return {};
  size_t dash = base.find('-');
  std::string_view lo = base.substr(0, dash);
  std::string_view hi = dash == std::string_view::npos ? std::string_view{} : base.substr(dash + 1);
  std::vector<std::string_view> ends = {lo};
  if (dash != std::string_view::npos) ends.push_back(hi);
  for (std::string_view v : ends) {
    int n = value_of(v, f);
    if (n < 0) return "'" + std::string(v) + "' is not a value";
    if (n < f.min || n > f.max) return "'" + std::string(v) + "' is outside " + range;
  }
  if (dash != std::string_view::npos && value_of(hi, f) < value_of(lo, f))
    return "the range '" + std::string(base) + "' ends before it starts";
  return {};
}

class Schedule final : public Rule {
 public:
  Schedule()
      : Rule({"schedule", "'on.schedule' is a list of {cron} entries, each five valid cron fields (a warning "
              "when runs would be less than 5 minutes apart)",
              Severity::Error}) {}

  void check(const Workflow& wf, Context&, Sink& sink) const override {
    const yaml::Node* on = wf.root()->find("on");
    const yaml::Node* schedule = on && on->is_mapping() ? on->find("schedule") : nullptr;
    if (!schedule) return;
    if (!expect_sequence(*schedule, "'schedule'", sink)) return;
    if (schedule->items().empty()) sink.report(*schedule, "'schedule' must list at least one cron");
    for (const yaml::Node* item : schedule->items()) {
      if (!expect_mapping(*item, "a 'schedule' entry", sink)) continue;
      check_keys(*item, {"cron", "timezone"}, "a 'schedule' entry", sink);
      const yaml::Node* cron = item->find("cron");
      if (!cron) {
        sink.report(*item, "a 'schedule' entry needs 'cron'");
        continue;
      }
      if (const yaml::Node* tz = item->find("timezone")) expect_string(*tz, "'timezone'", sink);
      if (cron->is_string())
        check_cron(wf, *cron, sink);
      else
        expect_string(*cron, "'cron'", sink);
    }
  }

 private:
  static void check_cron(const Workflow& wf, const yaml::Node& cron, Sink& sink) {
    const std::string text(cron.value());
    std::vector<std::pair<size_t, std::string_view>> fields;  // offset, text
    for (size_t i = 0; i < text.size();) {
      if (text[i] == ' ' || text[i] == '\t') {
        ++i;
        continue;
      }
      size_t end = text.find_first_of(" \t", i);
      if (end == std::string::npos) end = text.size();
      fields.emplace_back(i, std::string_view(text).substr(i, end - i));
      i = end;
    }
    if (fields.size() != 5) {
      sink.report(cron, "cron '" + text + "' has " + std::to_string(fields.size()) +
                            " fields; it needs 5: minute hour day-of-month month day-of-week");
      return;
    }
    bool valid = true;
    for (size_t k = 0; k < 5; ++k) {
      auto [offset, field] = fields[k];
      size_t start = 0;
      for (;;) {
        size_t comma = field.find(',', start);
        std::string_view item =
            field.substr(start, comma == field.npos ? field.npos : comma - start);
        std::string why = item.empty() ? "an empty item" : check_item(item, kFields[k]);
        if (!why.empty()) {
          valid = false;
          sink.report(wf.position_in(cron, offset + start),
                      "cron '" + text + "': in the " + std::string(kFields[k].name) + " field '" +
                          std::string(field) + "', " + why);
          break;
        }
        if (comma == field.npos) break;
        start = comma + 1;
      }
    }
    if (valid && too_frequent(fields[0].second))
      sink.report(cron,
                  "cron '" + text +
                      "' asks for runs less than 5 minutes apart; GitHub runs a schedule at "
                      "most every 5 minutes",
                  Severity::Warning);
  }

  // Whether a valid minute field fires twice within 5 minutes of the same hour.
  static bool too_frequent(std::string_view minutes) {
    std::vector<bool> fires(60, false);
    size_t start = 0;
    for (;;) {
      size_t comma = minutes.find(',', start);
      std::string_view item = minutes.substr(start, comma == minutes.npos ? minutes.npos : comma - start);
      int step = 1, lo = 0, hi = 59;
      size_t slash = item.find('/');
      std::string_view base = item.substr(0, slash);
      if (slash != std::string_view::npos) step = std::stoi(std::string(item.substr(slash + 1)));
      if (base != "*") {
        size_t dash = base.find('-');
        lo = std::stoi(std::string(base.substr(0, dash)));
        hi = dash == std::string_view::npos ? (slash == std::string_view::npos ? lo : 59)
                                            : std::stoi(std::string(base.substr(dash + 1)));
      }
      for (int m = lo; m <= hi; m += step) fires[static_cast<size_t>(m)] = true;
      if (comma == minutes.npos) break;
      start = comma + 1;
    }
    int last = -100;
    for (int m = 0; m < 60; ++m) {
      if (!fires[static_cast<size_t>(m)]) continue;
      if (m - last < 5) return true;
      last = m;
    }
    return false;
  }
};

}  // namespace

const Rule& schedule() {
  static const Schedule rule;
  return rule;
}

}  // namespace wfgen::lint::rules
