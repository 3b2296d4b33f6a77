// wfgen render: renders one template with data files, exactly as Jinja2 would.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "data/error.h"
#include "data/json_value.h"
#include "data/load.h"
#include "jinja/environment.h"
#include "jinja/error.h"
#include "jinja/template.h"
#include "jinja/value.h"

namespace wfgen::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

struct RenderOptions {
  std::string template_path;
  std::vector<std::string> data_files;
  std::vector<std::string> include_dirs;
  std::string output;
  jinja::EnvironmentOptions env;
};

int run_render(const RenderOptions& opt) {
  ordered_json data = ordered_json::object();
  for (const auto& f : opt.data_files) data::deep_merge(data, data::load_data_file(f));
  if (!data.is_object()) throw std::runtime_error("error: the data files do not make a mapping");

  std::vector<std::string> search = opt.include_dirs;
  fs::path tpath(opt.template_path);
  search.push_back(tpath.has_parent_path() ? tpath.parent_path().string() : ".");
  jinja::Environment env(opt.env, std::make_shared<jinja::FileSystemLoader>(search));

  std::ifstream in(opt.template_path, std::ios::binary);
  if (!in) throw std::runtime_error(opt.template_path + ": error: cannot read template");
  std::ostringstream ss;
  ss << in.rdbuf();
  auto tmpl = env.from_string(ss.str(), opt.template_path);
  std::string out = env.render(*tmpl, data::to_value(data));

  if (opt.output.empty()) {
    std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
    std::cout.flush();
  } else {
    std::ofstream f(opt.output, std::ios::binary);
    f.write(out.data(), static_cast<std::streamsize>(out.size()));
    if (!f) throw std::runtime_error(opt.output + ": error: cannot write output");
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
  cmd->add_flag("--strict-undefined", opt->env.strict_undefined, "Undefined variables are errors");
  cmd->add_flag("--trim-blocks", opt->env.trim_blocks, "Remove the first newline after a block");
  cmd->add_flag("--lstrip-blocks", opt->env.lstrip_blocks, "Strip whitespace before a block");
  cmd->add_flag("--keep-trailing-newline", opt->env.keep_trailing_newline,
                "Keep the template's final newline");
  cmd->add_option("--variable-start", opt->env.variable_start, "Default: {{");
  cmd->add_option("--variable-end", opt->env.variable_end, "Default: }}");
  cmd->add_option("--block-start", opt->env.block_start, "Default: {%");
  cmd->add_option("--block-end", opt->env.block_end, "Default: %}");
  cmd->add_option("--comment-start", opt->env.comment_start, "Default: {#");
  cmd->add_option("--comment-end", opt->env.comment_end, "Default: #}");
  cmd->callback([opt, &exit_code]() {
    try {
      exit_code = run_render(*opt);
    } catch (const jinja::TemplateError& e) {
      std::cerr << e.format();
      exit_code = 1;
    } catch (const data::DataError& e) {
      std::cerr << e.format();
      exit_code = 1;
    } catch (const std::exception& e) {
      std::cerr << e.what() << "\n";
      exit_code = 1;
    }
  });
}

}  // namespace wfgen::cli
