// Which families can be planned apart: joined through every matrix file they name.
#include "pipeline/family_groups.h"

#include <gtest/gtest.h>

namespace {

using wfgen::pipeline::Family;
using wfgen::pipeline::family_groups;
using wfgen::pipeline::TableRef;
using Groups = std::vector<std::vector<size_t>>;

Family family(std::string matrix, std::vector<std::string> tables = {}) {
  Family f;
  f.matrix = std::move(matrix);
  for (std::string& t : tables) f.tables.push_back(TableRef{"t", std::move(t), ""});
  return f;
}

TEST(FamilyGroups, FamiliesOfOneMatrixAreOneGroup) {
  EXPECT_EQ(family_groups({family("a.yml"), family("b.yml"), family("a.yml")}),
            (Groups{{0, 2}, {1}}));
}

TEST(FamilyGroups, ATableJoinsTheGroupsOfBothFiles) {
  // 3 names b.yml as its matrix and a.yml as a table: 0, 1 and 3 are one group, joined
  // after both began; the group is still in family order, and is first (family 0).
  EXPECT_EQ(family_groups({family("a.yml"), family("b.yml"), family("c.yml"),
                           family("b.yml", {"a.yml"})}),
            (Groups{{0, 1, 3}, {2}}));
}

TEST(FamilyGroups, AFamilyWithoutAMatrixIsAGroupOfItsOwn) {
  EXPECT_EQ(family_groups({family(""), family(""), family("a.yml", {"a.yml"})}),
            (Groups{{0}, {1}, {2}}));
}

TEST(FamilyGroups, ChainsOfTablesJoinTransitively) {
  // 0-1 through b.yml, 1-2 through c.yml, 2-3 through d.yml: one group.
  EXPECT_EQ(family_groups({family("a.yml", {"b.yml"}), family("b.yml", {"c.yml"}),
                           family("c.yml", {"d.yml"}), family("d.yml"), family("e.yml")}),
            (Groups{{0, 1, 2, 3}, {4}}));
  EXPECT_TRUE(family_groups({}).empty());
}

}  // namespace
