"""The cross-engine suite (issue 31): see conftest.py."""
