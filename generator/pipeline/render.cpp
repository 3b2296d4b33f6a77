#include "pipeline/render.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <deque>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "data/document.h"
#include "data/json_convert.h"
#include "data/load.h"
#include "data/suggest.h"
#include "files/error.h"
#include "files/temp_file.h"
#include "files/template_loader.h"
#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/python/ops.h"
#include "jinja/runtime/output.h"
#include "jinja/runtime/source_trace.h"
#include "lint/ascii_case.h"
#include "matrix/matrix_set.h"
#include "pipeline/family_groups.h"
#include "pipeline/feed.h"
#include "pipeline/header.h"
#include "system/worker.h"

namespace wfgen::pipeline {

using data::pointer_child;

namespace {

constexpr size_t kMaxNameBytes = 255;  // NAME_MAX of Linux file systems

// Templates are looked up in the template dirs but read anywhere inside the project
// (a link from templates/ to a shared file elsewhere in it is fine, one out is not),
// and named "DIR/NAME" in messages, so messages do not depend on the checkout's place.
std::shared_ptr<files::TreeLoader> project_loader(std::shared_ptr<const files::Tree> project,
                                                  const std::vector<std::string>& dirs) {
  std::vector<files::TreeLoader::SearchDir> search;
  for (const auto& dir : dirs) search.push_back({project, dir});
  return std::make_shared<files::TreeLoader>(dirs, std::move(search));
}

// An output path as the file system will see it: "d//x.yml" and "d/./x.yml" are "d/x.yml".
// Empty when it cannot be a file inside the output dir; `why` then says why.
std::string normal_output_path(const std::string& rel, std::string& why) {
  for (unsigned char c : rel)
    if (c < 0x20 || c == 0x7f) {
      why = "contains a control character";
      return {};
    }
  std::filesystem::path rp(rel);
  bool bad = rel.empty() || rp.is_absolute() || rel.back() == '/';
  for (const auto& part : rp) bad = bad || part == ".." || part == ".";
  if (bad) return {};
  std::vector<std::string> pieces = files::split_path(rel);
  for (const auto& piece : pieces)
    if (piece.size() > kMaxNameBytes) {
      why = "has a name longer than " + std::to_string(kMaxNameBytes) + " bytes";
      return {};
    }
  // generate removes such a file as left over by an interrupted run; check would name it
  // so: an output of that name would never settle.
  if (files::is_leftover_name(pieces.back())) {
    why = "is named as wfgen's temporary files and backups are (" +
          std::string(files::kTempPrefix) + " or " + std::string(files::kBackupPrefix) +
          " and 16 hex digits)";
    return {};
  }
  return files::join_path(pieces);
}

// "row 3" or "row 3, receiver 2": which row (and item) made an output.
std::string row_name(const Output& o) {
  return "row " + std::to_string(o.row + 1) + (o.item.empty() ? "" : ", " + o.item);
}

std::string note_rendering(const std::string& path, const Output& o) {
  std::string note = "  note: while rendering " + path;
  if (!o.matrix.empty() && o.row >= 0)
    note += " (" + row_name(o) + " of " + o.matrix + ", at " + o.matrix + ":" +
            std::to_string(o.row_origin.line) + ":" + std::to_string(o.row_origin.col) + ")";
  return note + "\n";
}

// "  note: row 3 of matrices/m.yml gives it (matrices/m.yml:6:5)\n" for an output of a
// matrix row; "" for one of a whole family.
std::string row_note(const Output& o) {
  if (o.matrix.empty() || o.row < 0) return "";
  return "  note: " + row_name(o) + " of " + o.matrix + " gives it (" + o.matrix + ":" +
         std::to_string(o.row_origin.line) + ":" + std::to_string(o.row_origin.col) + ")\n";
}

std::string output_template_name(const Family& fam) {
  return std::string(kManifestName) + " (output of " + fam.name + ")";
}

// `keys`: the thread's, so that the rows' keys are allocated once.
void put_all(jinja::Value& dict, const Json& obj, jinja::StringPool& keys) {
  for (auto it = obj.begin(); it != obj.end(); ++it)
    dict.dict_obj().set(keys.get(it.key()), data::to_value(it.value(), keys));
}

jinja::Value copy_dict(const jinja::Value& dict) {
  jinja::Value out = jinja::Value::dict();
  out.dict_obj().reserve(dict.dict_obj().size());
  for (const auto& [k, v] : dict.dict_obj().entries()) out.dict_obj().add_new(k, v);
  return out;
}

// Hands template sources to every thread's Environment: each file is read once, under a
// lock (a files::Tree caches directories and is not thread-safe). The planner reads the
// project (matrices, where a template is) through the same lock while workers render.
class SharedSources : public jinja::Loader {
 public:
  explicit SharedSources(std::shared_ptr<const files::TreeLoader> inner) : inner_(std::move(inner)) {}
  // Runs `read` with the project tree to itself.
  template <class Read>
  auto with_tree(Read&& read) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return read();
  }
  std::optional<Source> load(std::string_view name) const override {
    return cached(name, [&] { return inner_->load(name); });
  }
  // As files::TreeLoader::find (file errors thrown as they are), read once with load.
  std::optional<Source> find(std::string_view name) const {
    return cached(name, [&] { return inner_->find(name); });
  }
  std::string not_found_message(std::string_view name) const override {
    return inner_->not_found_message(name);
  }

 private:
  template <class Read>
  std::optional<Source> cached(std::string_view name, const Read& read) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = read_.find(name);
    if (it == read_.end()) it = read_.emplace(std::string(name), read()).first;
    return it->second;
  }

  std::shared_ptr<const files::TreeLoader> inner_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::optional<Source>, std::less<>> read_;
};

// Plans families: its Environment parses their templates (and renders with them after),
// its evaluator and matrix set expand their matrices. Plans point into its matrices, so it
// lives as long as the run. A planner is used by one thread at a time.
struct Planner {
  Planner(const Manifest& m, const std::shared_ptr<SharedSources>& sources,
          const std::shared_ptr<const files::Tree>& project)
      : env(m.engine, sources),
        eval(m.engine.limits),
        matrices(
            [sources, project](const std::string& path) {
              return sources->with_tree([&] { return project->read(path); });
            },
            eval, m.limits.matrix) {}
  jinja::Environment env;
  matrix::ExpressionEvaluator eval;
  matrix::MatrixSet matrices;
};

// A family ready to render: its template found, its matrix expanded and its rows chosen.
struct FamilyPlan {
  const Family* fam = nullptr;
  const matrix::Matrix* mx = nullptr;           // null for a family without a matrix
  std::vector<const matrix::Matrix*> tables;    // one per fam->tables
  std::vector<int> all_rows;                    // all_rows families: the rows `where` kept
};

// The variables every output of the family sees: the manifest's, the family's, its tables.
jinja::Value base_context(const Manifest& m, const FamilyPlan& plan, jinja::StringPool& keys) {
  jinja::Value base = jinja::Value::dict();
  put_all(base, m.vars, keys);
  put_all(base, plan.fam->vars, keys);
  for (size_t i = 0; i < plan.tables.size(); ++i)
    base.dict_obj().set(jinja::Value::string(plan.fam->tables[i].name),
                        matrix::rows_value(plan.tables[i]->rows, keys));
  return base;
}

// One output to make. Jobs are checked in the order a sequential run meets them (`order`),
// so the first error is the same whatever the thread count.
struct Job {
  uint64_t order = 0;          // the family's index (high 32 bits), then the job's among its jobs
  size_t plan() const { return static_cast<size_t>(order >> 32); }  // its family's, by index
  Output proto;                // all but path and content
  const Json* row = nullptr;   // per_row: the row's values
  const Json* item = nullptr;  // `each`: the item
  std::exception_ptr failed;   // planning the family failed here: nothing after it runs
};

// What rendering one job gave.
struct Rendered {
  std::string rel;  // the rendered output pattern
  std::string why;  // why `rel` is no output path ("" with `normal` empty: not inside)
  std::string normal;
  bool path_rendered = false;  // false: body_error came before (the family's variables)
  std::exception_ptr path_error, body_error;
};

// A job and, once a thread has rendered it, its output and what rendering gave.
struct Slot {
  explicit Slot(Job j) : job(std::move(j)) {}
  Job job;
  Output made;
  Rendered result;
};

// Renders jobs on one thread, with that thread's Environment: the engine's values and
// parsed templates are never shared between threads (their reference counts and lookup
// caches are not atomic).
class JobRenderer {
 public:
  // `plans` may still grow (the planner adds families while this renders the first ones),
  // up to one plan per family of `m`.
  JobRenderer(const Manifest& m, const std::vector<FamilyPlan>& plans, jinja::Environment& env,
              const ContextHook& hook)
      : m_(m), plans_(plans), env_(env), hook_(hook), families_(m.families.size()) {}

  // Fills `o.content` (and `o.path`) and `r`; never throws.
  void render(const Job& job, Output& o, Rendered& r) {
    try {
      Compiled& c = compiled(job.plan());
      jinja::Value ctx = context(job, c);
      try {
        r.rel = env_.render(*c.output, ctx);
      } catch (...) {
        r.path_error = std::current_exception();
        return;
      }
      r.path_rendered = true;
      r.normal = normal_output_path(r.rel, r.why);
      if (r.normal.empty()) return;
      o.path = m_.output_dir.empty() ? r.normal : m_.output_dir + "/" + r.normal;
      if (hook_) hook_(o, ctx);
      body_.clear();
      env_.render(*c.body, ctx, body_);
      std::string sources = o.template_name + (o.matrix.empty() ? "" : " + " + o.matrix);
      o.content = compose_output(sources, m_.header, body_.view(), comment_style(o.path));
    } catch (...) {
      r.body_error = std::current_exception();
    }
  }

  // The body of `job` again, each piece recorded in `trace`.
  std::string traced_body(const Job& job, jinja::SourceTrace& trace) {
    Compiled& c = compiled(job.plan());
    jinja::Output out;
    env_.render(*c.body, context(job, c), out, &trace);
    return out.str();
  }

 private:
  struct Compiled {
    std::shared_ptr<const jinja::Template> body, output;
    jinja::Value base;  // the manifest's and family's vars, and its tables
  };

  // The family's templates and variables, made on first use (the planner has parsed
  // both once already; what can fail here is converting the variables, a limit).
  Compiled& compiled(size_t plan) {
    std::optional<Compiled>& c = families_[plan];
    if (c) return *c;
    const FamilyPlan& p = plans_[plan];
    Compiled made;
    made.body = env_.get_template(p.fam->template_name);
    made.output = env_.from_string(p.fam->output, output_template_name(*p.fam));
    made.base = base_context(m_, p, keys_);
    return c.emplace(std::move(made));
  }

  jinja::Value context(const Job& job, const Compiled& c) {
    const FamilyPlan& p = plans_[job.plan()];
    jinja::Value ctx = copy_dict(c.base);
    if (job.row) put_all(ctx, *job.row, keys_);
    if (job.item)
      ctx.dict_obj().set(jinja::Value::string(p.fam->each->item), data::to_value(*job.item, keys_));
    if (p.fam->mode == FamilyMode::AllRows && p.mx) {
      std::vector<jinja::Value> list;
      list.reserve(p.all_rows.size());
      for (int i : p.all_rows) list.push_back(data::to_value(p.mx->rows[i].values, keys_));
      ctx.dict_obj().set(jinja::Value::string("rows"), jinja::Value::data_list(std::move(list)));
    }
    return ctx;
  }

  const Manifest& m_;
  const std::vector<FamilyPlan>& plans_;
  jinja::Environment& env_;
  const ContextHook& hook_;
  std::vector<std::optional<Compiled>> families_;
  jinja::Output body_;  // the body of the output being made: composed into it, then reused
  jinja::StringPool keys_;  // the keys of the rows this thread renders
};

class ProjectRenderer {
 public:
  ProjectRenderer(std::shared_ptr<const files::Tree> project, const Manifest& m,
                  const ContextHook& hook, unsigned threads)
      : project_(std::move(project)),
        m_(m),
        hook_(hook),
        threads_(threads),
        sources_(std::make_shared<SharedSources>(project_loader(project_, m.template_dirs))),
        plans_(m.families.size()) {
    add_planner();
  }

  // Plans the families of `targets` (each once) and renders their bodies again, traced,
  // for `use`.
  void trace(const std::vector<const Output*>& targets, const TraceUse& use) {
    Planner& planner = *planners_.front();
    std::vector<Slot> planned_jobs;
    std::set<std::string> planned;
    // One renderer for all: a family's templates and variables (its tables converted to
    // template values) are made once, however many of its outputs are traced.
    JobRenderer renderer(m_, plans_, planner.env, hook_);
    for (const Output* target : targets) {
      if (planned.insert(target->family).second)
        for (size_t f = 0; f < m_.families.size(); ++f)
          if (m_.families[f].name == target->family) {
            plan_family(planner, f, planned_jobs);
            break;
          }
      for (const Slot& slot : planned_jobs) {
        const Job& job = slot.job;
        if (job.proto.family != target->family || job.proto.row != target->row ||
            job.proto.item != target->item)
          continue;
        jinja::SourceTrace trace;
        std::string body = renderer.traced_body(job, trace);
        use(*target, body, trace);
        break;
      }
    }
  }

  // Plans every family and renders its jobs; the outputs sorted by path. Families that
  // share no matrix file are planned on several threads at once (see run_in_parallel);
  // should planning fail there, the run starts again in order, so that its error is the
  // one a sequential run meets first.
  std::vector<Output> run() {
    if (hook_ || threads_ < 2) return run_in_order();
    std::vector<std::vector<size_t>> groups = family_groups(m_.families);
    if (groups.size() < 2) return run_in_order();
    if (std::optional<std::vector<Output>> outputs = run_in_parallel(groups))
      return std::move(*outputs);
    // Nothing was accepted; the plans point into the planners, which go.
    renderers_.clear();
    plans_.assign(m_.families.size(), FamilyPlan{});
    planners_.clear();
    planned_on_.clear();
    add_planner();
    return run_in_order();
  }

  // Queues on `side` the freeing of what the run built, each planner with its renderer for
  // the thread that used them (system/side_tasks.h); the rest goes with the last of them.
  static void release(std::unique_ptr<ProjectRenderer> run, system::SideTasks& side) {
    std::shared_ptr<ProjectRenderer> owned = std::move(run);  // freed here if add throws
    for (size_t i = 0; i < owned->planners_.size(); ++i)
      side.add([owned, i]() mutable {
        if (i < owned->renderers_.size()) owned->renderers_[i].reset();  // uses the planner
        owned->planners_[i].reset();
        owned.reset();
      }, owned->planned_on_[i]);
  }

 private:
  // Plans the families in order and renders their jobs: on this thread alone when there
  // are few (or a hook wants the variables in order), else also on up to `threads_ - 1`
  // workers, which start on the first families' jobs while later families are planned
  // (their matrices expanded). The results are then checked in job order.
  std::vector<Output> run_in_order() {
    Planner& planner = *planners_.front();
    planned_on_.front() = std::this_thread::get_id();
    Feed<Slot> feed;
    std::atomic<uint64_t> first_error{UINT64_MAX};  // jobs after it need not run
    std::vector<system::TaskHandle> pool;
    Joiner join{feed, pool};
    std::vector<Slot> batch;
    for (size_t f = 0; f < m_.families.size(); ++f) {
      bool failed = false;
      try {
        plan_family(planner, f, batch);
      } catch (...) {
        Job job;
        job.order = uint64_t{f} << 32;
        job.failed = std::current_exception();
        batch.emplace_back(std::move(job));
        failed = true;  // as a sequential run, nothing after the first error
      }
      feed.add(batch);
      if (failed) break;
      start_workers(feed, pool, first_error);
    }
    feed.close();
    // This thread renders too, with the Environment the planner filled.
    renderers_.push_back(std::make_unique<JobRenderer>(m_, plans_, planner.env, hook_));
    render_from(feed, *renderers_.back(), first_error);
    join();
    return accepted(feed.items());
  }

  // Plans the groups of families on up to `threads_` threads, each with its own planner:
  // this one takes groups from the front, the others from the back (the two ends of the
  // manifest are as good a guess as any at balancing them). A thread renders once no
  // group is left. nullopt when a family failed to plan.
  std::optional<std::vector<Output>> run_in_parallel(
      const std::vector<std::vector<size_t>>& groups) {
    const size_t planning = std::min<size_t>(threads_, groups.size());
    while (planners_.size() < planning) add_planner();
    // Each planner's renderer is kept with it: both are freed once the outputs are made,
    // on the thread that used them (`release`), not as each planning thread finishes.
    while (renderers_.size() < planning) {
      Planner& planner = *planners_[renderers_.size()];
      renderers_.push_back(std::make_unique<JobRenderer>(m_, plans_, planner.env, hook_));
    }
    Feed<Slot> feed;
    std::atomic<uint64_t> first_error{UINT64_MAX};
    std::mutex taking;
    size_t front = 0, back = groups.size();  // the groups not taken: [front, back)
    std::atomic<bool> failed{false};
    std::atomic<size_t> still_planning{planning};
    std::vector<system::TaskHandle> pool;
    Joiner join{feed, pool};
    // Planner `me`: 0 is this thread, which takes groups from the front and also starts
    // render workers when there are more threads than groups. Each renders its own
    // families' jobs first (see Feed).
    auto plan_and_render = [&](size_t me) {
      Planner& planner = *planners_[me];
      planned_on_[me] = std::this_thread::get_id();
      const bool from_front = me == 0;
      try {
        std::vector<Slot> batch;
        while (!failed) {
          size_t g;
          {
            std::lock_guard<std::mutex> lock(taking);
            if (front == back) break;
            g = from_front ? front++ : --back;
          }
          for (size_t f : groups[g]) {
            plan_family(planner, f, batch);
            feed.add(batch, me);
            if (from_front) start_workers(feed, pool, first_error);
          }
        }
      } catch (...) {
        failed = true;
        first_error = 0;  // nothing need render: the run starts again in order
      }
      if (--still_planning == 0) feed.close();
      render_from(feed, *renderers_[me], first_error, me);
    };
    for (size_t t = 1; t < planning; ++t) {
      bool started = system::start_worker(pool, [this, t, &plan_and_render] {
        jinja::LimitsScope limits(m_.engine.limits);  // limits are per thread
        plan_and_render(t);
      });
      if (!started) --still_planning;  // its groups are left to the others
    }
    plan_and_render(0);
    join();
    if (failed) return std::nullopt;
    std::deque<Slot>& slots = feed.items();
    std::sort(slots.begin(), slots.end(),
              [](const Slot& a, const Slot& b) { return a.job.order < b.job.order; });
    return accepted(slots);
  }

  // However a run ends, its feed is closed and its workers joined before both go.
  struct Joiner {
    Feed<Slot>& feed;
    std::vector<system::TaskHandle>& pool;
    void operator()() {
      feed.close();
      for (auto& t : pool)
        if (t.joinable()) t.join();
    }
    ~Joiner() { (*this)(); }
  };

  // The outputs of rendered `slots` (in job order), each checked; sorted by path.
  std::vector<Output> accepted(std::deque<Slot>& slots) {
    // path -> the output that has it, for collisions (the slots stay put until all are
    // accepted; who made an output is spelled out only for the message)
    std::unordered_map<std::string_view, const Output*> owners;
    owners.reserve(slots.size());
    for (Slot& slot : slots) {
      if (slot.job.failed) std::rethrow_exception(slot.job.failed);
      accept(plans_[slot.job.plan()], slot.made, slot.result, owners);
    }
    refuse_paths_that_clash(slots, owners);
    std::vector<Output> outputs;
    outputs.reserve(slots.size());
    for (Slot& slot : slots) outputs.push_back(std::move(slot.made));
    return sorted_by_path(std::move(outputs));
  }

  // Sorting indices moves each output once, not at every swap.
  static std::vector<Output> sorted_by_path(std::vector<Output> outputs) {
    std::vector<size_t> order(outputs.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return outputs[a].path < outputs[b].path; });
    std::vector<Output> sorted;
    sorted.reserve(outputs.size());
    for (size_t i : order) sorted.push_back(std::move(outputs[i]));
    return sorted;
  }

  const data::Document& doc() const { return *m_.doc; }

  [[noreturn]] void fail_at(const std::string& ptr, const std::string& msg, bool key = false) {
    throw ProjectError(doc().error_at(ptr, msg, key).format());
  }
  // An error of the expression or pattern written at `ptr`, at its spot in the manifest.
  [[noreturn]] void fail_in(const std::string& ptr, const jinja::TemplateError& e,
                            const std::string& context) {
    throw ProjectError(matrix::expression_error(doc(), ptr, e, context).format());
  }

  // Parses the templates of family `index` (to fail here, in order), expands its matrix
  // and chooses its rows, and adds its jobs to `jobs`.
  void plan_family(Planner& planner, size_t index, std::vector<Slot>& jobs) {
    const Family& fam = m_.families[index];
    std::string template_file;
    try {
      auto found = sources_->find(fam.template_name);
      if (!found)
        fail_at(pointer_child(fam.ptr, "template"),
                "template '" + fam.template_name + "' does not exist in " + dirs_text());
      template_file = found->filename;
      planner.env.get_template(fam.template_name);
    } catch (const jinja::TemplateError& e) {
      throw ProjectError(e.format());
    }
    try {
      planner.env.from_string(fam.output, output_template_name(fam));
    } catch (const jinja::TemplateError& e) {
      fail_in(pointer_child(fam.ptr, "output"), e, "bad output pattern");
    }
    FamilyPlan plan;
    plan.fam = &fam;
    for (const TableRef& t : fam.tables)
      plan.tables.push_back(&matrix_at(planner, t.matrix, t.ptr));

    Output proto;
    proto.family = fam.name;
    proto.template_name = template_file;
    proto.matrix = fam.matrix;
    uint64_t made = 0;  // jobs of this family so far
    auto add_job = [&](Output o, const Json* row, const Json* item) {
      jobs.emplace_back(
          Job{(uint64_t{index} << 32) | made++, std::move(o), row, item, nullptr});
    };
    if (fam.matrix.empty()) {
      plans_[index] = std::move(plan);
      add_job(std::move(proto), nullptr, nullptr);
      return;
    }
    const matrix::Matrix& mx = matrix_at(planner, fam.matrix, pointer_child(fam.ptr, "matrix"));
    plan.mx = &mx;
    std::vector<int> rows = selected_rows(planner, fam, plan);
    if (fam.mode == FamilyMode::AllRows) {
      proto.rows = rows;
      plan.all_rows = std::move(rows);
      plans_[index] = std::move(plan);
      add_job(std::move(proto), nullptr, nullptr);
      return;
    }
    if (fam.each) check_each(*fam.each, mx);
    plans_[index] = std::move(plan);
    for (int r : rows) {
      const matrix::Row& row = mx.rows[r];
      Output o = proto;
      o.row = r;
      o.rows = {r};
      o.row_origin = mx.origin(row);
      if (!fam.each) {
        add_job(std::move(o), &row.values, nullptr);
        continue;
      }
      const Json& items = row.values.at(fam.each->field);
      for (size_t k = 0; items.is_array() && k < items.size(); ++k) {
        Output one = o;
        one.item = fam.each->item + " " + std::to_string(k + 1);
        std::string at = pointer_child(pointer_child(row.origin_ptr, fam.each->field), k);
        if (data::find_pointer(mx.doc->root(), at)) one.row_origin = mx.doc->value_mark(at);
        add_job(std::move(one), &row.values, &items[k]);
      }
    }
  }

  // The rows of the family's matrix its `where` keeps (all of them without one).
  std::vector<int> selected_rows(Planner& planner, const Family& fam, const FamilyPlan& plan) {
    const matrix::Matrix& mx = *plan.mx;
    std::vector<int> rows;
    if (fam.where.empty()) {
      for (size_t i = 0; i < mx.rows.size(); ++i) rows.push_back(static_cast<int>(i));
      return rows;
    }
    jinja::StringPool keys;
    jinja::Value base = base_context(m_, plan, keys);
    try {
      for (size_t i = 0; i < mx.rows.size(); ++i)
        if (planner.eval.holds_for_row(fam.where, base, mx.rows[i].values, keys))
          rows.push_back(static_cast<int>(i));
    } catch (const jinja::TemplateError& e) {
      fail_in(pointer_child(fam.ptr, "where"), e, "in 'where'");
    }
    if (rows.empty())
      fail_at(pointer_child(fam.ptr, "where"), "'where' selects no row of " + fam.matrix);
    return rows;
  }

  // Starts a worker for each kJobsPerThread jobs planned so far, up to `threads_` threads
  // with this one; none while a hook wants the variables in order.
  void start_workers(Feed<Slot>& feed, std::vector<system::TaskHandle>& pool,
                     std::atomic<uint64_t>& first_error) {
    if (hook_) return;
    const size_t wanted = std::min<size_t>(threads_, feed.size() / kJobsPerThread);
    while (pool.size() + 1 < wanted) {
      bool started = system::start_worker(pool, [this, &feed, &first_error] {
        jinja::LimitsScope limits(m_.engine.limits);  // limits are per thread
        jinja::Environment env(m_.engine, sources_);
        JobRenderer renderer(m_, plans_, env, hook_);
        render_from(feed, renderer, first_error);
      });
      if (!started) return;  // the ones started (and this one) do it all
    }
  }

  // Renders the jobs `feed` hands out until it is closed and empty: planner `me`'s first,
  // when this thread is one. A job after the first that failed is skipped: its result
  // would never be looked at.
  static void render_from(Feed<Slot>& feed, JobRenderer& renderer,
                          std::atomic<uint64_t>& first_error,
                          size_t me = Feed<Slot>::kNobody) {
    size_t taken = 0;
    while (Slot* slot = feed.take(taken, me)) {
      const uint64_t i = slot->job.order;
      if (slot->job.failed || i > first_error.load()) continue;
      slot->made = slot->job.proto;
      renderer.render(slot->job, slot->made, slot->result);
      const Rendered& r = slot->result;
      if (r.path_error || r.body_error || r.normal.empty()) {
        uint64_t seen = first_error.load();
        while (i < seen && !first_error.compare_exchange_weak(seen, i)) {
        }
      }
    }
  }

  // Paths that differ but cannot both be written: an output at a folder of another's path
  // (one of the two could not be written: found here, before anything is written, not by
  // the writer half-way through), and two that differ only in the case of ASCII letters
  // (one file on a checkout on macOS or Windows, whose file systems ignore case).
  void refuse_paths_that_clash(std::deque<Slot>& slots,
                               const std::unordered_map<std::string_view, const Output*>& owners) {
    std::unordered_map<std::string, const Output*> folded;
    folded.reserve(slots.size());
    for (Slot& slot : slots) {
      const Output& o = slot.made;
      // At the row that makes the second, or at the family's output pattern.
      auto refuse = [&](const std::string& what, const std::string& at_row,
                        const std::string& at_family) {
        if (o.row >= 0 && !o.matrix.empty())
          throw ProjectError(
              data::DataError(o.matrix, o.row_origin, what + at_row, row_line(o)).format());
        fail_at(pointer_child(plans_[slot.job.plan()].fam->ptr, "output"), what + at_family);
      };
      auto [other, fresh] = folded.emplace(lint::lower_case(o.path), &o);
      if (!fresh)
        refuse(o.path + " differs only in case from " + other->second->path + ", which " +
                   describe(*other->second) + " writes: on macOS and Windows they are one file",
               "", "");
      for (size_t slash = o.path.find('/'); slash != std::string::npos;
           slash = o.path.find('/', slash + 1)) {
        auto file = owners.find(std::string_view(o.path).substr(0, slash));
        if (file != owners.end())
          refuse(file->second->path + " is an output of " + describe(*file->second) +
                     ", and a folder of " + o.path,
                 ", which this row writes", ", which " + describe(o) + " writes");
      }
    }
  }

  // Checks a rendered job in order: its path, that no other output has it, its body.
  void accept(const FamilyPlan& plan, Output& o, const Rendered& r,
              std::unordered_map<std::string_view, const Output*>& owners) {
    const Family& fam = *plan.fam;
    if (r.body_error && !r.path_rendered) {  // the variables, before any path was made
      try {
        std::rethrow_exception(r.body_error);
      } catch (const jinja::TemplateError& e) {
        throw ProjectError(e.format() +
                           note_rendering("an output of family '" + fam.name + "'", o));
      }
    }
    if (r.path_error) {
      try {
        std::rethrow_exception(r.path_error);
      } catch (const jinja::TemplateError& e) {
        throw ProjectError(
            matrix::expression_error(doc(), pointer_child(fam.ptr, "output"), e,
                                     "in the output pattern" +
                                         (o.row >= 0 ? " (row " + std::to_string(o.row + 1) + ")"
                                                     : std::string()))
                .format() +
            row_note(o));
      }
    }
    if (r.normal.empty())
      throw ProjectError(
          doc()
              .error_at(pointer_child(fam.ptr, "output"),
                        "output pattern gives '" + files::printable(r.rel) + "', which " +
                            (r.why.empty() ? "is not a file path inside " +
                                                 (m_.output_dir.empty() ? "the project"
                                                                        : m_.output_dir)
                                           : r.why))
              .format() +
          row_note(o));
    auto [it, fresh] = owners.emplace(o.path, &o);
    if (!fresh) {
      const std::string other = describe(*it->second);
      if (o.row >= 0 && !o.matrix.empty())
        throw ProjectError(
            data::DataError(o.matrix, o.row_origin,
                            std::string(o.item.empty() ? "two rows" : "two outputs") + " write " +
                                o.path + ": this one and " + other,
                            row_line(o))
                .format());
      fail_at(pointer_child(fam.ptr, "output"),
              "two outputs are " + o.path + ": " + describe(o) + " and " + other);
    }
    if (r.body_error) {
      try {
        std::rethrow_exception(r.body_error);
      } catch (const jinja::TemplateError& e) {
        throw ProjectError(e.format() + note_rendering(o.path, o));
      }
    }
    run_output_ += o.content.size();
    if (run_output_ > m_.limits.max_run_output)
      throw ProjectError(
          data::DataError(kManifestName, {},
                          jinja::limit_message("the outputs of this run would be more than " +
                                                   std::to_string(m_.limits.max_run_output) +
                                                   " bytes",
                                               "max_run_output", m_.limits.max_run_output))
              .format() +
          note_rendering(o.path, o));
  }

  // `each: ITEM in FIELD` names a list (or table) field of the matrix; a null is no items.
  void check_each(const Each& each, const matrix::Matrix& mx) {
    const matrix::FieldSpec* f = mx.spec->field(each.field);
    if (!f)
      fail_at(each.ptr,
              data::unknown_key_message("field", each.field, mx.spec->row_keys()) + " in " + mx.file());
    if (f->type != matrix::FieldType::List && f->type != matrix::FieldType::Table)
      fail_at(each.ptr, "'each' needs a list or table field; '" + each.field + "' is a " +
                            std::string(matrix::type_name(f->type)));
  }

  // The expanded matrix at `path`, named at `ptr` of the manifest.
  const matrix::Matrix& matrix_at(Planner& planner, const std::string& path,
                                  const std::string& ptr) {
    const matrix::Matrix* m = nullptr;
    try {
      m = planner.matrices.find(path);
    } catch (const data::DataError& e) {
      throw ProjectError(e.format());
    }
    if (!m) fail_at(ptr, "matrix '" + path + "' does not exist");
    return *m;
  }

  std::string row_line(const Output& o) {
    std::optional<std::string> text = project_->read(o.matrix);
    return text ? data::line_of(*text, o.row_origin.line) : std::string();
  }

  static std::string describe(const Output& o) {
    if (o.row < 0) return "family '" + o.family + "'";
    return row_name(o) + " of family '" + o.family + "' (" + o.matrix + ":" +
           std::to_string(o.row_origin.line) + ":" + std::to_string(o.row_origin.col) + ")";
  }

  std::string dirs_text() const {
    std::string s;
    for (size_t i = 0; i < m_.template_dirs.size(); ++i)
      s += (i ? ", " : "") + m_.template_dirs[i] + "/";
    return s;
  }

  static constexpr size_t kJobsPerThread = 8;  // fewer jobs are not worth a thread

  std::shared_ptr<const files::Tree> project_;
  const Manifest& m_;
  const ContextHook& hook_;
  unsigned threads_;
  std::shared_ptr<SharedSources> sources_;
  void add_planner() {
    planners_.push_back(std::make_unique<Planner>(m_, sources_, project_));
    planned_on_.emplace_back();
  }

  // [0] is this thread's; the plans point into them. Each was used by one thread, named in
  // planned_on_ (none when it planned nothing), with its renderer, if any, of the same index.
  std::vector<std::unique_ptr<Planner>> planners_;
  std::vector<std::thread::id> planned_on_;
  std::vector<FamilyPlan> plans_;  // one per family, by its index: never moves
  std::vector<std::unique_ptr<JobRenderer>> renderers_;  // one per planner (uses it)
  size_t run_output_ = 0;  // bytes of the outputs accepted so far
};

}  // namespace

void render_traced(std::shared_ptr<const files::Tree> project, const Manifest& manifest,
                   const std::vector<const Output*>& targets, const TraceUse& use) {
  ProjectRenderer(std::move(project), manifest, {}, 1).trace(targets, use);
}

std::vector<Output> render_project(std::shared_ptr<const files::Tree> project,
                                   const Manifest& manifest, const ContextHook& hook,
                                   unsigned threads, system::SideTasks* release) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  auto renderer = std::make_unique<ProjectRenderer>(std::move(project), manifest, hook, threads);
  std::vector<Output> outputs = renderer->run();
  // On one thread the run's heap is this thread's: another freeing into it while this one
  // allocates would make both wait on its lock (measured: 41 -> 50 ms a check).
  if (release && threads > 1) ProjectRenderer::release(std::move(renderer), *release);
  return outputs;
}

}  // namespace wfgen::pipeline
