#include <gtest/gtest.h>

#include "lint/lint_test_util.h"

using wfgen::testing::findings;
using V = std::vector<std::string>;

TEST(TemplateInjectionRule, UntrustedContextsInRunScripts) {
  EXPECT_EQ(findings("on: pull_request\njobs:\n  a:\n    runs-on: x\n    steps:\n"
                     "      - run: echo \"${{ github.event.pull_request.title }}\"\n"
                     "      - run: |\n          git checkout ${{ github.head_ref }}\n"
                     "          echo ${{ github.event.client_payload.pr.number }}\n",
                     "template-injection"),
            (V{"6:24: github.event.pull_request.title is chosen by whoever triggers the workflow, "
               "and ${{ }} pastes it into a run script as code: set it in the step's env: and read "
               "the variable instead",
               "8:28: github.head_ref is chosen by whoever triggers the workflow, and ${{ }} pastes "
               "it into a run script as code: set it in the step's env: and read the variable instead",
               "9:20: github.event.client_payload.pr.number is chosen by whoever triggers the "
               "workflow, and ${{ }} pastes it into a run script as code: set it in the step's env: "
               "and read the variable instead"}));
}

TEST(TemplateInjectionRule, GithubScriptAndSafePlaces) {
  V got = findings("on: issues\njobs:\n  a:\n    runs-on: x\n    steps:\n"
                   "      - uses: actions/github-script@v7\n"
                   "        with: {script: 'console.log(\"${{ github.event.issue.body }}\")'}\n"
                   "      - env: {TITLE: '${{ github.event.issue.title }}'}\n"
                   "        run: echo \"$TITLE\" ${{ github.sha }} ${{ github.event.issue.number }}\n"
                   "      - uses: other/action@v1\n"
                   "        with: {script: '${{ github.event.issue.body }}'}\n",
                   "template-injection");
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].substr(0, got[0].find(" is chosen")), "7:42: github.event.issue.body");
  EXPECT_NE(got[0].find("into a github-script script"), std::string::npos);
}

// As zizmor: toJSON of an object that holds untrusted fields pastes them all; so does the
// object written bare. An untrusted field is reported once, as itself.
TEST(TemplateInjectionRule, WholeObjectsHoldingUntrustedFields) {
  const std::string step = "on: pull_request\njobs:\n  a:\n    runs-on: x\n    steps:\n";
  const std::string line6 = "      - run: ";
  auto one = [&](const std::string& run) {
    return findings(step + line6 + run + "\n", "template-injection");
  };
  // "6:COL" of `needle` in line 6 when it holds `run`.
  auto at = [&](const std::string& run, const std::string& needle) {
    return "6:" + std::to_string((line6 + run).find(needle) + 1);
  };
  for (const std::string object : {"github", "github.event", "github.event.pull_request",
                                   "github.event.pull_request.head", "github.event.issue"}) {
    const std::string run = "echo '${{ toJSON(" + object + ") }}'";
    V got = one(run);
    ASSERT_EQ(got.size(), 1u) << object;
    EXPECT_EQ(got[0], at(run, object + ")") + ": " + object + " holds fields whoever triggers the workflow chooses "
                      "(titles, bodies, branch names), and ${{ }} pastes its JSON into a run "
                      "script as code: set it in the step's env: and read the variable instead");
  }
  const std::string both = "echo '${{ github.event }}' ${{ tojson(github.event) }}";
  V bare = one(both);
  ASSERT_EQ(bare.size(), 2u);
  EXPECT_EQ(bare[0].substr(0, bare[0].find(" holds")), at(both, "github.event }}") + ": github.event");
  EXPECT_EQ(bare[1].substr(0, bare[1].find(" holds")), at(both, "github.event)") + ": github.event");
  V payload = one("echo '${{ toJSON(github.event.client_payload) }}'");
  ASSERT_EQ(payload.size(), 1u);
  EXPECT_NE(payload[0].find("github.event.client_payload is chosen by"), std::string::npos);
  // Objects with no untrusted field, and a toJSON whose argument is not an access.
  EXPECT_EQ(one("echo '${{ toJSON(needs) }}' ${{ toJSON(github.event.pull_request.number) }} "
                "${{ toJSON(matrix) }} ${{ toJSON(fromJSON(inputs.x)) }} ${{ github.event.number }}"),
            V{});
}
