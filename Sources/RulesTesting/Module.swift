// RulesTesting module.
