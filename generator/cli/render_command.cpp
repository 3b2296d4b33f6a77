// wfgen render: renders one template with data files, exactly as Jinja2 would.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>

#include "cli/commands.h"
#include "cli/memory.h"
#include "data/error.h"
#include "data/json_convert.h"
#include "data/json_direct.h"
#include "data/load.h"
#include "data/merge.h"
#include "data/reader.h"
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
};

std::string read_file(const std::string& path, const char* what) {
  std::string text;
  if (!data::read_file(path, text)) throw std::runtime_error(path + ": error: cannot read " + what);
  return text;
}

// The variables of one -d file. JSON goes straight to Values (fast, exact big ints); YAML
// through the positioned loader. Either must be a mapping, named in the error.
jinja::Value load_data(const std::string& path) {
  const char* refusal = "the data file must be a mapping of variable names to values, not ";
  if (fs::path(path).extension() != ".json") {
    data::Document doc = data::load_document(path);
    if (!doc.root().is_object())
      throw doc.error_at("", refusal + std::string(data::json_type_name(doc.root())));
    return data::to_value(doc.root());
  }
  std::string text = read_file(path, "data file");
  jinja::Value v = data::parse_json_value(text, path);
  if (!v.is_dict()) {
    data::Mark at = data::mark_at(text, text.find_first_not_of(" \t\r\n"));
    throw data::DataError(path, at, refusal + std::string(jinja::type_name(v)),
                          data::line_of(text, at.line));
  }
  return v;
}

// Writes OUT through a temporary file and a rename: never half-written.
void write_atomically(const std::string& path, std::string_view text) {
  std::string tmp = path + ".wfgen-tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!f) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw std::runtime_error(path + ": error: cannot write output");
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw std::runtime_error(path + ": error: cannot write output: " + ec.message());
  }
}

int run_render(const RenderOptions& opt) {
  jinja::LimitsScope limits(opt.env.limits);  // the data loaders' too
  jinja::Value data = jinja::Value::dict();
  for (const auto& f : opt.data_files) data::deep_merge(data, load_data(f));

  // Includes look in the -I dirs in order, then in the template's own directory.
  std::vector<std::string> search = opt.include_dirs;
  fs::path tpath(opt.template_path);
  search.push_back(tpath.has_parent_path() ? tpath.parent_path().string() : ".");
  jinja::Environment env(opt.env, std::make_shared<jinja::FileSystemLoader>(search));

  auto tmpl = env.from_string(read_file(opt.template_path, "template"), opt.template_path);
  // Reserving address space touches no memory: the output then grows without being
  // copied, and a process faults in only the pages it writes (faults dominate here).
  jinja::Output out;
  out.reserve(size_t{1} << 20);
  env.render(*tmpl, data, out);

  if (opt.output.empty()) {
    std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
    std::cout.flush();
  } else {
    write_atomically(opt.output, out.view());
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
  cmd->add_option("-o,--output", opt->output, "Write to this file instead of stdout");
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
      std::cerr << e.format();
      exit_code = 1;
    } catch (const data::DataError& e) {
      std::cerr << e.format();
      exit_code = 1;
    } catch (const std::bad_alloc&) {
      std::cerr << out_of_memory_message();
      exit_code = 1;
    } catch (const std::exception& e) {
      std::cerr << e.what() << "\n";
      exit_code = 1;
    }
  });
}

}  // namespace wfgen::cli
