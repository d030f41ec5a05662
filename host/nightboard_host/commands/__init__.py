"""The `nightboard` subcommands that play, replay and test a table: play, play --script, replay, selftest, run."""
