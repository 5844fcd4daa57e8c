import FoundationEssentials

// The baseline: what the demo links of Foundation (FoundationEssentials), nothing fetched.
if CommandLine.arguments.count > 1 { print(Date.now) }
