#include "matrix/expression.h"

#include "jinja/python/runtime.h"

namespace wfgen::matrix {

namespace {

constexpr const char* kCapture = "__wfgen_capture__";

// A callable that stores its argument: `{{ __wfgen_capture__((expr)) }}` hands the typed
// value of expr back to C++ instead of its string form.
struct Capture : jinja::ObjectBase {
  jinja::Value* slot;
  explicit Capture(jinja::Value* s) : slot(s) {}
  std::string_view type_name() const override { return "function"; }
  bool callable() const override { return true; }
  jinja::Value call(jinja::Runtime&, jinja::CallArgs& args) override {
    if (!args.args.empty()) *slot = args.args[0];
    return jinja::Value::string("");
  }
};

jinja::EnvironmentOptions expression_options() {
  jinja::EnvironmentOptions o;
  o.strict_undefined = true;
  return o;
}

}  // namespace

ExpressionEvaluator::ExpressionEvaluator() : env_(expression_options()) {}
ExpressionEvaluator::~ExpressionEvaluator() = default;

jinja::Value ExpressionEvaluator::evaluate(const std::string& expr, const jinja::Value& vars) {
  auto it = cache_.find(expr);
  if (it == cache_.end()) {
    std::string source = std::string("{{ ") + kCapture + "((" + expr + "\n)) }}";
    it = cache_.emplace(expr, env_.from_string(std::move(source), "<expression>")).first;
  }
  jinja::Value result = jinja::Value::none();
  jinja::Value context = jinja::Value::dict();
  if (vars.is_dict())
    for (const auto& [k, v] : vars.dict_obj().entries()) context.dict_obj().set(k, v);
  context.dict_obj().set(jinja::Value::string(kCapture),
                         jinja::Value::object(new Capture(&result)));
  env_.render(*it->second, context);
  return result;
}

}  // namespace wfgen::matrix
