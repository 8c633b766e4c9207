"""The person's review of rules: decisions (accept, reject, edit, pin) kept by a stable rule
identity that survives rebuilds, model changes and re-digests (`identity`)."""
