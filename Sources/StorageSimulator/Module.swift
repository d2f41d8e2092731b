// StorageSimulator module.
