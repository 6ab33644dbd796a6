"""Saves, statistics, settings and where they live on disk."""
