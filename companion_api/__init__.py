"""The companion app: the command line, the FastAPI server and the page; it wires engine and
vision together and holds no rules and no vision logic."""
