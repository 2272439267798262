"""Baselines from the seed documents, used by benchmarks and differential tests."""
