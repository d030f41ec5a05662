"""The board link: finding Pico boards on the serial ports (boards.py) and speaking the table's protocol (client.py)."""
