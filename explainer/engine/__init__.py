"""The one engine: exact counting, one-number propagation, the rule tiers, proofs, the chain of
deductions, budgets, hints and their highlights (data, no words)."""
