// wfgen render: renders one template with data files, exactly as Jinja2 would.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "jinja/environment.h"
#include "jinja/error.h"
#include "jinja/template.h"
#include "jinja/value.h"

namespace wfgen::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;
using jinja::Value;

struct RenderOptions {
  std::string template_path;
  std::vector<std::string> data_files;
  std::vector<std::string> include_dirs;
  std::string output;
  jinja::EnvironmentOptions env;
};

Value to_value(const ordered_json& j) {
  switch (j.type()) {
    case ordered_json::value_t::null: return Value::none();
    case ordered_json::value_t::boolean: return Value::boolean(j.get<bool>());
    case ordered_json::value_t::number_integer: return Value::integer(j.get<int64_t>());
    case ordered_json::value_t::number_unsigned: {
      auto u = j.get<uint64_t>();
      if (u <= static_cast<uint64_t>(INT64_MAX)) return Value::integer(static_cast<int64_t>(u));
      return Value::integer(*jinja::BigInt::parse(std::to_string(u)));
    }
    case ordered_json::value_t::number_float: return Value::floating(j.get<double>());
    case ordered_json::value_t::string: return Value::string(j.get<std::string>());
    case ordered_json::value_t::array: {
      std::vector<Value> items;
      items.reserve(j.size());
      for (const auto& item : j) items.push_back(to_value(item));
      return Value::list(std::move(items));
    }
    case ordered_json::value_t::object: {
      Value d = Value::dict();
      for (const auto& [k, v] : j.items()) d.dict_obj().set(Value::string(k), to_value(v));
      return d;
    }
    default: return Value::none();
  }
}

void deep_merge(ordered_json& into, const ordered_json& from) {
  if (into.is_object() && from.is_object()) {
    for (const auto& [k, v] : from.items()) {
      if (into.contains(k)) {
        deep_merge(into[k], v);
      } else {
        into[k] = v;
      }
    }
  } else {
    into = from;
  }
}

ordered_json load_data(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": error: cannot read data file");
  std::ostringstream ss;
  ss << in.rdbuf();
  try {
    return ordered_json::parse(ss.str());
  } catch (const ordered_json::parse_error& e) {
    throw std::runtime_error(path + ": error: " + e.what());
  }
}

int run_render(const RenderOptions& opt) {
  ordered_json data = ordered_json::object();
  for (const auto& f : opt.data_files) deep_merge(data, load_data(f));
  if (!data.is_object()) throw std::runtime_error("error: the merged data is not a mapping");

  std::vector<std::string> search = opt.include_dirs;
  fs::path tpath(opt.template_path);
  search.push_back(tpath.has_parent_path() ? tpath.parent_path().string() : ".");
  jinja::Environment env(opt.env, std::make_shared<jinja::FileSystemLoader>(search));

  std::ifstream in(opt.template_path, std::ios::binary);
  if (!in) throw std::runtime_error(opt.template_path + ": error: cannot read template");
  std::ostringstream ss;
  ss << in.rdbuf();
  auto tmpl = env.from_string(ss.str(), opt.template_path);
  std::string out = env.render(*tmpl, to_value(data));

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
    } catch (const std::exception& e) {
      std::cerr << e.what() << "\n";
      exit_code = 1;
    }
  });
}

}  // namespace wfgen::cli
