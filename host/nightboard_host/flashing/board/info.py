# What the board runs: (implementation, version, .mpy flags, platform, machine), printed as a tuple.
import sys
i = sys.implementation
print(repr((i.name, tuple(i.version[:3]), getattr(i, "_mpy", None), sys.platform, getattr(i, "_machine", ""))))
