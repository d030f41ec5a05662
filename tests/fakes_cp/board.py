"""Fake board module of a Raspberry Pi Pico under CircuitPython: GP0..GP28, LED."""

from microcontroller import Pin

for _i in range(29):
    globals()["GP%d" % _i] = Pin("GP%d" % _i)
LED = Pin("LED")
