import StorageRulesCLI

await StorageRulesCommand.main()
