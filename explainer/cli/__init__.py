"""The command line: ``python -m explainer solve|hint|generate|bot|practice``."""
