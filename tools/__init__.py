"""Scripts and build steps that are not part of the wheel (run from the repository root)."""
