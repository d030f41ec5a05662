"""The Nightboard host tool: simulation, replay, flashing and monitoring (CPython only)."""
