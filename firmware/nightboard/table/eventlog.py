"""The table's one record of engine events: compact in RAM, numbered, told as dicts on demand.

A game controller hands every event to `extend` as it happens (all of a turn's
events when simultaneous choices resolve, each seat's as it acts); the table
`publish`es them when the turn or round is complete, and only published
events are served to the host (`since`, the serial protocol's "events").
`recent` gives the newest events, published or not, for the terminal view.

Events are kept as (key names, values) rather than as the engine's dicts:
one tuple of values per event, the names shared by every event of the same
kind. On the board that is about half the RAM of a dict per event, and this
log is the only holder, so a finished turn's dicts are garbage as soon as the
turn's animation has been built from them.

`extend` only queues the events; they are made compact by the first reader
or by `publish`, in a later frame: the frame that resolves a turn is the
fullest of all on the board (10 ms of compaction for a 4-seat simultaneous
turn, measured on the emulated RP2040).

The bound `keep` counts every event held, the unpublished ones included: a turn's new events push
published ones out as soon as they are recorded (they were published a whole turn earlier), never the
unpublished ones, and publishing drops nothing, so a finished turn is served whole until the next
turn's first events arrive, however many it has. The frames that end a turn are the heap's worst
point on the board (its events, its animation and its save at once), and holding `keep` old events
beside a long turn's new ones cost 4 KB of it.
"""


class EventLog:
    def __init__(self, keep=48):
        self.keep = keep  # published events kept for the host; unpublished ones are never dropped
        self.names = []  # per event: the tuple of its keys (shared)
        self.values = []  # per event: the tuple of its values, in the same order
        self.recorded = 0  # events ever added: the number of the newest
        self.published = 0  # the number of the newest published event
        self._shapes = {}  # key tuple -> the one shared copy
        self._queued = []  # lists of events handed to extend, not yet made compact
        self._nq = 0  # how many events _queued holds

    def __len__(self):
        self._settle()
        return len(self.values)

    def extend(self, events):
        self._queued.append(events)
        self.recorded += len(events)
        self._nq += len(events)
        self._trim()

    def _settle(self):
        if not self._queued:
            return
        shapes = self._shapes
        for events in self._queued:
            for ev in events:
                keys = tuple(ev)
                shared = shapes.get(keys)
                if shared is None:
                    shapes[keys] = shared = keys
                self.names.append(shared)
                self.values.append(tuple(ev.values()))
        self._queued = []
        self._nq = 0
        self._trim()

    def publish(self, upto=None):
        """Everything recorded so far (or up to event number `upto`) belongs to a finished turn: the host
        may have it."""
        self._settle()
        self.published = self.recorded if upto is None else upto  # nothing dropped: a turn is served whole

    def drop_unpublished(self):
        """Forget the events of a turn that will never finish (its game was left or replaced)."""
        self._settle()
        n = self.recorded - self.published
        if n:
            del self.names[len(self.names) - n:]
            del self.values[len(self.values) - n:]
            self.recorded = self.published

    def _trim(self):
        n = len(self.values)
        published = n - (self.recorded - self.published - self._nq)  # the published events made compact
        drop = min(published, n + self._nq - self.keep)
        if drop > 0:
            del self.names[:drop]
            del self.values[:drop]

    def _first(self):
        return self.recorded - len(self.values) + 1  # the number of the oldest event kept

    def event(self, i):
        """The i-th kept event (0 = oldest) as the engine's dict."""
        self._settle()
        return dict(zip(self.names[i], self.values[i]))

    def since(self, seq):
        """[[number, event]] of the published events numbered above `seq` (those still kept), oldest first."""
        self._settle()
        first = self._first()
        lo = max(seq + 1, first)
        return [[n, self.event(n - first)] for n in range(lo, self.published + 1)]

    def recent(self, n):
        """The newest n events (published or not), oldest first."""
        self._settle()
        k = len(self.values)
        return [self.event(i) for i in range(max(0, k - n), k)]
