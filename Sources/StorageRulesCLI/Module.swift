// StorageRulesCLI module.
