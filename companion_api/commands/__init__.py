"""One module per ``passt`` command."""
