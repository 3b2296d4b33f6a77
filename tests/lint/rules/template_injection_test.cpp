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
