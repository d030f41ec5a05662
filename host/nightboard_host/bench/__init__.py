"""`nightboard bench` (`make bench`): the table's costs measured against GUIDE section 6's budgets (costs.py),
on the emulated Pico (pico.py), for a board player's decision (thinking.py) and for flashing (flash.py)."""
