"""Each game's host side, one package a game (games/<name>/): its words, its pictures, its bench and its
bots. The game's TOOLS (nightboard/games/<name>/tools.py) names each of them; nothing else here names a game."""
