"""Matches, the decision interface, records."""
