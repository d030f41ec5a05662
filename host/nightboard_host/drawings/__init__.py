"""Pictures of a table: PNG snapshots of the board, and the maker's wiring diagram, top view and build sheet."""
