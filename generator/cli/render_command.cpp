// wfgen render: renders one template with data files, exactly as Jinja2 would.
#include <cerrno>
#include <filesystem>
#include <new>

#include "cli/commands.h"
#include "cli/output.h"
#include "data/error.h"
#include "data/json_convert.h"
#include "data/json_direct.h"
#include "data/load.h"
#include "data/merge.h"
#include "data/reader.h"
#include "files/error.h"
#include "files/read.h"
#include "files/temp_file.h"
#include "files/template_loader.h"
#include "jinja/error.h"
#include "jinja/limits.h"
#include "jinja/options.h"
#include "jinja/python/ops.h"
#include "jinja/runtime/environment.h"
#include "jinja/runtime/output.h"
#include "jinja/syntax/template.h"
#include "jinja/value/value.h"

namespace wfgen::cli {

namespace {

namespace fs = std::filesystem;

struct RenderOptions {
  std::string template_path;
  std::vector<std::string> data_files;
  std::vector<std::string> include_dirs;
  std::string output;
  jinja::EnvironmentOptions env;
  uint64_t max_input_size = files::kDefaultMaxInputSize;
};

// The variables of one -d file. JSON goes straight to Values (fast, exact big ints); YAML
// through the positioned loader. Either must be a mapping, named in the error.
jinja::Value load_data(const std::string& path, uint64_t max_size) {
  const char* refusal = "the data file must be a mapping of variable names to values, not ";
  if (fs::path(path).extension() != ".json") {
    data::Document doc = data::load_document(path, {}, max_size);
    if (!doc.root().is_object())
      throw doc.error_at("", refusal + std::string(data::json_type_name(doc.root())));
    return data::to_value(doc.root());
  }
  std::string text = files::read_file(path, path, max_size);
  jinja::Value v = data::parse_json_value(text, path);
  if (!v.is_dict()) {
    data::Mark at = data::mark_at(text, text.find_first_not_of(" \t\r\n"));
    throw data::DataError(path, at, refusal + std::string(jinja::type_name(v)),
                          data::line_of(text, at.line));
  }
  return v;
}

// Includes look in the -I dirs in order, then in the template's own directory; each is a
// tree of its own that no link may lead out of. A dir that does not exist finds nothing.
std::shared_ptr<jinja::Loader> include_loader(const RenderOptions& opt) {
  std::vector<std::string> search = opt.include_dirs;
  fs::path tpath(opt.template_path);
  search.push_back(tpath.has_parent_path() ? tpath.parent_path().string() : ".");
  std::vector<files::TreeLoader::SearchDir> dirs;
  for (size_t i = 0; i < search.size(); ++i) {
    std::string what = (i < opt.include_dirs.size() ? "the include directory '"
                                                    : "the template's directory '") +
                       files::printable(search[i]) + "'";
    std::shared_ptr<const files::Tree> tree;
    try {
      tree = std::make_shared<const files::Tree>(search[i], what, search[i] + "/",
                                                 opt.max_input_size);
    } catch (const files::FileError& e) {
      if (e.os_error() != ENOENT && e.os_error() != ENOTDIR) throw;
    }
    dirs.push_back({tree, ""});
  }
  return std::make_shared<files::TreeLoader>(search, std::move(dirs));
}

// The render's destination, given the output a chunk at a time while the render goes.
class StdoutSink : public jinja::OutputSink {
 public:
  void write(std::string_view bytes) override { print(bytes); }
};
class FileSink : public jinja::OutputSink {
 public:
  explicit FileSink(files::AtomicFileWriter& file) : file_(file) {}
  void write(std::string_view bytes) override { file_.append(bytes); }

 private:
  files::AtomicFileWriter& file_;
};

// Bytes held before they go to the destination: big enough that writes are few, small
// enough that an output of any size needs no more memory than this.
constexpr size_t kChunkBytes = size_t{1} << 20;

int run_render(const RenderOptions& opt) {
  jinja::LimitsScope limits(opt.env.limits);  // the data loaders' too
  jinja::Value data = jinja::Value::dict();
  for (const auto& f : opt.data_files) data::deep_merge(data, load_data(f, opt.max_input_size));

  jinja::Environment env(opt.env, include_loader(opt));
  auto tmpl = env.from_string(
      files::read_file(opt.template_path, opt.template_path, opt.max_input_size),
      opt.template_path);

  jinja::Output out;
  if (opt.output.empty() || opt.output == "-") {
    // A failed render may leave the chunks already printed, as any streaming tool does;
    // an output under one chunk (nearly every workflow) is printed whole or not at all.
    StdoutSink sink;
    out.stream_to(sink, kChunkBytes);
    env.render(*tmpl, data, out);
    out.flush();
  } else {
    // The chunks go to a temporary file beside the target, renamed into place only once
    // the render succeeded; on an error it is removed and the target left as it was.
    files::AtomicFileWriter file(opt.output);
    FileSink sink(file);
    out.stream_to(sink, kChunkBytes);
    env.render(*tmpl, data, out);
    out.flush();
    file.commit();
  }
  return 0;
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<RenderOptions>();
  CLI::App* cmd = app.add_subcommand("render", "Render one Jinja2 template");
  cmd->add_option("TEMPLATE", opt->template_path, "Template file")->required();
  cmd->add_option("-d,--data", opt->data_files, "Data file (.json/.yml/.yaml), merged in order");
  cmd->add_option("-I,--include-dir", opt->include_dirs, "Template search directory");
  cmd->add_option("-o,--output", opt->output,
                  "Write to this regular file (atomically) instead of stdout ('-': stdout)");
  add_max_input_size(*cmd, opt->max_input_size);
  for (const jinja::EngineOption& o : jinja::engine_options()) {  // --trim-blocks, ...
    if (o.flag) cmd->add_flag(jinja::cli_flag(o), opt->env.*o.flag, std::string(o.help));
    if (o.text) cmd->add_option(jinja::cli_flag(o), opt->env.*o.text, std::string(o.help));
  }
  for (const jinja::LimitOption& l : jinja::limit_options()) {  // --max-string, ...
    cmd->add_option(jinja::cli_flag(l.name), opt->env.limits.*l.member, std::string(l.help))
        ->check(limit_value())
        ->default_val(opt->env.limits.*l.member);
  }
  cmd->callback([opt, &exit_code]() {
    std::string problem = jinja::delimiter_problem(opt->env);
    if (!problem.empty()) throw CLI::ValidationError("delimiters", problem);
    try {
      exit_code = run_render(*opt);
    } catch (const jinja::TemplateError& e) {
      print_error(e.format());
      exit_code = 1;
    } catch (const data::DataError& e) {
      print_error(e.format());
      exit_code = 1;
    } catch (const std::bad_alloc&) {
      print_error(jinja::out_of_memory_message());
      exit_code = 1;
    } catch (const std::exception& e) {
      print_error(std::string(e.what()) + "\n");
      exit_code = 1;
    }
  });
}

}  // namespace wfgen::cli
