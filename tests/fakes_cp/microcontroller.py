"""Fake microcontroller: the Pin class board's pins are made of."""


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name
