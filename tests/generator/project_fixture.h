// A small project in a temp dir (two families over one matrix), for the pipeline tests.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "pipeline/pipeline.h"
#include "support/temp_dir.h"

namespace wfgen::testing {

class Project : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root = std::filesystem::temp_directory_path() /
           ("wfgen-" + std::string(info->test_suite_name()) + "-" + info->name() + "-" +
            std::to_string(::getpid()));
    std::filesystem::remove_all(root);
    spit(root / "wfgen.yml",
         "engine: {variable_start: '!{{', trim_blocks: true, lstrip_blocks: true}\n"
         "header: Edit the sources, then run ./regenerate.sh.\n"
         "families:\n"
         "  - name: jobs\n"
         "    template: job.yml.j2\n"
         "    matrix: matrices/jobs.yml\n"
         "    output: \"job-!{{ name }}.yml\"\n"
         "  - name: all\n"
         "    template: all.yml.j2\n"
         "    matrix: matrices/jobs.yml\n"
         "    mode: all_rows\n"
         "    output: all.yml\n");
    spit(root / "matrices/jobs.yml",
         "fields: {name: string, runner: {type: string, default: ubuntu-latest}}\n"
         "entries:\n"
         "  - {name: a}\n"
         "  - {name: b, runner: macos-14}\n");
    spit(root / "templates/job.yml.j2",
         "name: !{{ name }}\non: push\njobs:\n  run:\n    runs-on: !{{ runner }}\n"
         "    steps:\n      - run: echo ${{ github.sha }}\n");
    spit(root / "templates/all.yml.j2",
         "name: all\non: push\njobs:\n{% for r in rows %}\n  !{{ r.name }}:\n"
         "    runs-on: !{{ r.runner }}\n    steps: [{run: 'true'}]\n{% endfor %}\n");
  }
  void TearDown() override { std::filesystem::remove_all(root); }

  wfgen::pipeline::RunResult generate(const wfgen::pipeline::RunOptions& options = {}) {
    return wfgen::pipeline::run_project(root, wfgen::pipeline::Mode::Generate, options);
  }
  wfgen::pipeline::RunResult check(wfgen::pipeline::Format f = wfgen::pipeline::Format::Text) {
    return wfgen::pipeline::run_project(root, wfgen::pipeline::Mode::Check, f);
  }

  std::filesystem::path root;
};

}  // namespace wfgen::testing
