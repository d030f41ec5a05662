"""Boot entry on the Pico: read the board profile, build the table, run it.

The host tool writes the chosen board profile as profile.json next to this
file when it flashes the board. Ctrl-C over USB stops the loop and gives the
REPL back (mpremote relies on that).
"""


def main():
    from nightboard.hal.board import make_board_hal
    from nightboard.table.app import Table
    from nightboard.table.profile import load_profile_file

    profile = load_profile_file("profile.json")
    Table(profile, make_board_hal(profile)).run()


main()
