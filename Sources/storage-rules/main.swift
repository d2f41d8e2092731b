print("storage-rules")
