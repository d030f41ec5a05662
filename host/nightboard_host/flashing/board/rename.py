# Rename OLD to NEW (over it): how a file written under a temporary name goes into place.
import os
OLD = ""
NEW = ""
os.rename(OLD, NEW)
